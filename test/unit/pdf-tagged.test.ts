import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, type PDFRef, PDFString, PDFHexString } from 'pdf-lib';
import { buildReceiptPdf, type ReceiptPdfInput } from '#src/documents/receipt-pdf';
import { buildTicketPdf, type TicketPdfInput } from '#src/documents/ticket-pdf';
import { readStructure, textOf, walk, type StructElement } from '#test/helpers/pdf-structure';

/**
 * The ticket and the VAT receipt are tagged PDFs (docs/decisions/660-tagged-pdfs.md): read back as
 * a screen reader meets them, each has MarkInfo Marked true, its language and title, a structure
 * tree under one Document element (headings, paragraphs, tables with header cells, the code as a
 * Figure with the screen's alternative text), every line of text in marked content that the
 * ParentTree maps back to its element, and every rule an artifact. In English, German and Chinese
 * (the CJK font, decision 525), with the words from each catalogue.
 */
const FONT = join(process.cwd(), 'src', 'documents', 'fonts', 'noto-sans-sc-pdf.ttf');
vi.mock('#src/documents/cjk-font-file', () => ({ loadCjkFontBytes: async () => new Uint8Array(readFileSync(FONT)) }));
vi.mock('#src/documents/latin-font-file', () => import('#test/helpers/latin-font-file'));

const catalogue = (locale: string) => {
  const messages = JSON.parse(readFileSync(join(process.cwd(), 'messages', `${locale}.json`), 'utf8')) as Record<
    string,
    unknown
  >;
  return (key: string, params: Record<string, string> = {}): string => {
    const text = messages[key];
    if (typeof text !== 'string') throw new Error(`messages/${locale}.json has no plain ${key}`);
    return text.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '');
  };
};

const DATA = 'GBRT1|TKT-1A2B3C4D|EUS|MAN|2026-12-01|2026-12-01|Advance Single|S|1A0C|Zm9vYmFyYmF6cXV4';
const REFERENCE = 'TKT-1A2B3C4D';

const ticketInput = (locale: string): TicketPdfInput => {
  const t = catalogue(locale);
  return {
    title: t('booking_detail_issued_ticket_pdf_title', { reference: REFERENCE }),
    brand: 'Rail Tickets',
    journey: 'London Euston - Manchester Piccadilly',
    rows: [
      { label: t('common_outward'), value: '2026-12-01 07:30' },
      { label: t('booking_detail_issued_ticket_passengers'), value: 'Alex Morgan, Sam Lee' },
      { label: t('booking_detail_issued_ticket_ticket_type'), value: 'Advance Single' },
      { label: t('common_valid'), value: '2026-12-01' },
      { label: t('booking_detail_issued_ticket_ticket_reference'), value: REFERENCE },
    ],
    barcodeData: DATA,
    codeAlt: t('booking_detail_issued_ticket_code_alt', { reference: REFERENCE }),
    codeCaption: t('booking_detail_issued_ticket_show_code'),
    language: locale,
  };
};

const receiptInput = (locale: string): ReceiptPdfInput => {
  const t = catalogue(locale);
  const money = (pounds: number) =>
    new Intl.NumberFormat(locale, { style: 'currency', currency: 'GBP' }).format(pounds);
  const percent = (rate: number) => new Intl.NumberFormat(locale, { style: 'percent' }).format(rate / 100);
  return {
    title: t('booking_detail_vat_receipt_title'),
    seller: [
      'Rail Tickets Retail Ltd',
      '1 Station Approach, London',
      t('booking_detail_vat_receipt_vat_number', { vatNumber: 'GB 123 4567 89' }),
    ],
    rows: [
      { label: t('booking_detail_screen_order_reference'), value: 'RAIL-8F3K2' },
      { label: t('booking_detail_vat_receipt_receipt_date'), value: '2026-12-01' },
    ],
    columns: [
      t('booking_detail_vat_receipt_description'),
      t('booking_detail_vat_receipt_vat_rate'),
      t('booking_detail_vat_receipt_amount'),
    ],
    lines: [
      {
        description: 'Advance Single: London Euston - Manchester Piccadilly, Alex Morgan',
        rate: percent(0),
        amount: money(42.5),
      },
      { description: t('booking_detail_vat_receipt_booking_fee'), rate: percent(20), amount: money(1.5) },
    ],
    totals: [
      { label: t('booking_detail_vat_receipt_total_excluding_vat'), value: money(43.75) },
      { label: t('booking_detail_vat_receipt_vat_at', { rate: percent(20) }), value: money(0.25) },
      { label: t('booking_detail_vat_receipt_total'), value: money(44) },
    ],
    note: t('booking_detail_vat_receipt_note'),
    language: locale,
  };
};

const kidTypes = (e: StructElement) => e.kids.map((k) => k.type);
const only = (elements: StructElement[], type: string) => elements.filter((e) => e.type === type);
/** Words as the PDF draws them: white space as one space (the layout's Face). */
const drawn = (text: string) => text.replace(/\s+/g, ' ');

/** What every tagged document must have, whatever it holds. */
const expectTagged = (structure: Awaited<ReturnType<typeof readStructure>>, language: string) => {
  expect(structure.problems).toEqual([]);
  expect(structure.marked).toBe(true);
  expect(structure.lang).toBe(language);
  expect(structure.displayDocTitle).toBe(true);
  expect(structure.roots.map((r) => r.type)).toEqual(['Document']);
  // Text is never left loose in the Document: every line is in a heading, a paragraph or a cell.
  expect(structure.roots[0]!.mcids).toEqual([]);
};

/**
 * What PDF/UA-1 asks besides the tags (docs/decisions/780-pdf-ua.md), read from the file's objects:
 * XMP metadata with `pdfuaid:part` 1 and the title as `dc:title`, DisplayDocTitle, /Lang, each
 * page's tab order by structure (/Tabs /S), and every font the pages use embedded (a font file in
 * its descriptor; the 14 standard fonts have none).
 */
const expectPdfUa = async (bytes: Uint8Array, title: string, language: string) => {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const { catalog, context } = doc;
  const metadata = catalog.lookup(PDFName.of('Metadata'));
  expect(metadata, 'XMP metadata stream').toBeInstanceOf(PDFRawStream);
  const stream = metadata as PDFRawStream;
  expect(stream.dict.get(PDFName.of('Subtype'))).toBe(PDFName.of('XML'));
  expect(stream.dict.get(PDFName.of('Filter')), 'uncompressed, readable by any validator').toBeUndefined();
  const xmp = new TextDecoder().decode(stream.getContents());
  expect(xmp).toMatch(/<pdfuaid:part>1<\/pdfuaid:part>/);
  expect(xmp).toContain('xmlns:pdfuaid="http://www.aiim.org/pdfua/ns/id/"');
  const escaped = title.replace(/\s+/g, ' ').trim().replace(/&/g, '&amp;').replace(/</g, '&lt;');
  expect(xmp).toContain(`<dc:title><rdf:Alt><rdf:li xml:lang="x-default">${escaped}</rdf:li></rdf:Alt></dc:title>`);
  expect(doc.getTitle()).toBe(title.replace(/\s+/g, ' ').trim());
  expect(xmp).toContain(`<pdf:Producer>${doc.getProducer()}</pdf:Producer>`);

  const viewer = catalog.lookup(PDFName.of('ViewerPreferences'), PDFDict);
  expect(viewer.get(PDFName.of('DisplayDocTitle'))?.toString()).toBe('true');
  const lang = catalog.lookup(PDFName.of('Lang'));
  expect(lang instanceof PDFString || lang instanceof PDFHexString ? lang.decodeText() : null).toBe(language);

  for (const page of doc.getPages()) expect(page.node.get(PDFName.of('Tabs'))).toBe(PDFName.of('S'));

  const fonts = context
    .enumerateIndirectObjects()
    .map(([, object]) => object)
    .filter((o): o is PDFDict => o instanceof PDFDict && o.get(PDFName.of('Type')) === PDFName.of('Font'));
  const embedded = (font: PDFDict): boolean => {
    const subtype = font.get(PDFName.of('Subtype'));
    if (subtype === PDFName.of('Type0')) {
      const descendants = font.lookup(PDFName.of('DescendantFonts'), PDFArray);
      return descendants.asArray().every((d) => embedded(context.lookup(d as PDFRef, PDFDict)));
    }
    const descriptor = font.lookupMaybe(PDFName.of('FontDescriptor'), PDFDict);
    return ['FontFile', 'FontFile2', 'FontFile3'].some((key) => descriptor?.has(PDFName.of(key)));
  };
  expect(fonts.length).toBeGreaterThan(0);
  for (const font of fonts) {
    expect(embedded(font), `${font.get(PDFName.of('BaseFont'))} is embedded`).toBe(true);
    expect(String(font.get(PDFName.of('BaseFont')))).not.toMatch(/Helvetica/);
  }
};

describe.each(['en-GB', 'de', 'fr', 'zh'])('PDF/UA-1 in %s', (locale) => {
  it('the ticket and the VAT receipt: identified as PDF/UA-1, titled, every font embedded', async () => {
    const ticket = ticketInput(locale);
    await expectPdfUa(await buildTicketPdf(ticket), ticket.title, locale);
    const receipt = receiptInput(locale);
    await expectPdfUa(await buildReceiptPdf(receipt), receipt.title, locale);
  }, 20_000);
});

/** A label and value table: one row per fact, its label a row header. */
const expectFactsTable = (table: StructElement, rows: readonly { label: string; value: string }[]) => {
  expect(kidTypes(table)).toEqual(rows.map(() => 'TR'));
  table.kids.forEach((tr, i) => {
    expect(kidTypes(tr)).toEqual(['TH', 'TD']);
    expect(tr.kids[0]!.attributes).toMatchObject({ O: 'Table', Scope: 'Row' });
    expect(textOf(tr.kids[0]!)).toBe(drawn(rows[i]!.label));
    expect(textOf(tr.kids[1]!)).toBe(drawn(rows[i]!.value));
  });
};

describe.each(['en-GB', 'de', 'zh'])('tagged PDFs in %s', (locale) => {
  it("the ticket: H1 title, H2 journey, the code as a Figure with the screen's alternative text, the facts as a table", async () => {
    const input = ticketInput(locale);
    const structure = await readStructure(await buildTicketPdf(input));
    expectTagged(structure, locale);
    const document = structure.roots[0]!;
    expect(kidTypes(document)).toEqual(['P', 'H1', 'H2', 'Figure', 'P', 'Table']);
    const all = walk(structure.roots);
    expect(only(all, 'H1').map(textOf)).toEqual([drawn(input.title)]);
    expect(only(all, 'H2').map(textOf)).toEqual([drawn(input.journey)]);

    const [figure, ...more] = only(all, 'Figure');
    expect(more).toEqual([]);
    expect(figure!.alt).toBe(catalogue(locale)('booking_detail_issued_ticket_code_alt', { reference: REFERENCE }));
    expect(figure!.alt).toContain(REFERENCE);
    // The code's drawing is the figure's marked content, and its box is where it is drawn.
    expect(figure!.mcids).toHaveLength(1);
    expect(figure!.attributes).toMatchObject({ O: 'Layout', Placement: 'Block' });
    expect(figure!.attributes.BBox).toMatch(/^\[ [\d.]+ [\d.]+ [\d.]+ [\d.]+ \]$/);

    expect(textOf(document.kids[4]!)).toBe(drawn(input.codeCaption));
    expectFactsTable(only(all, 'Table')[0]!, input.rows);
  });

  it('a ticket without code data has no Figure and is still tagged throughout', async () => {
    const input = {
      ...ticketInput(locale),
      barcodeData: null,
      codeCaption: catalogue(locale)('booking_detail_issued_ticket_no_code', { reference: REFERENCE }),
    };
    const structure = await readStructure(await buildTicketPdf(input));
    expectTagged(structure, locale);
    expect(kidTypes(structure.roots[0]!)).toEqual(['P', 'H1', 'H2', 'P', 'Table']);
  });

  it('the VAT receipt: H1 title, the order as a table, the lines as a table with column headers, body rows and totals', async () => {
    const input = receiptInput(locale);
    const structure = await readStructure(await buildReceiptPdf(input));
    expectTagged(structure, locale);
    const document = structure.roots[0]!;
    expect(kidTypes(document)).toEqual(['P', 'P', 'P', 'H1', 'Table', 'Table', 'P']);
    expect(document.kids.slice(0, 3).map(textOf)).toEqual(input.seller.map(drawn));
    expect(textOf(document.kids[3]!)).toBe(drawn(input.title));
    expectFactsTable(document.kids[4]!, input.rows);
    expect(textOf(document.kids[6]!)).toBe(drawn(input.note));

    const lines = document.kids[5]!;
    expect(kidTypes(lines)).toEqual(['THead', 'TBody', 'TFoot']);
    const [head, body, foot] = lines.kids as [StructElement, StructElement, StructElement];
    expect(kidTypes(head)).toEqual(['TR']);
    expect(kidTypes(head.kids[0]!)).toEqual(['TH', 'TH', 'TH']);
    expect(head.kids[0]!.kids.map(textOf)).toEqual(input.columns.map(drawn));
    for (const th of head.kids[0]!.kids) expect(th.attributes).toMatchObject({ O: 'Table', Scope: 'Column' });

    expect(body.kids.map((tr) => tr.kids.map((td) => `${td.type} ${textOf(td)}`))).toEqual(
      input.lines.map((l) => [`TD ${drawn(l.description)}`, `TD ${drawn(l.rate)}`, `TD ${drawn(l.amount)}`]),
    );
    // A description too long for its column wraps: its lines are one cell, read with the space between them.
    expect(body.kids[0]!.kids[0]!.mcids.length).toBeGreaterThan(1);
    // A total's label heads its row and spans the description and rate columns.
    expect(foot.kids.map((tr) => tr.kids.map((cell) => `${cell.type} ${textOf(cell)}`))).toEqual(
      input.totals.map((row) => [`TH ${drawn(row.label)}`, `TD ${drawn(row.value)}`]),
    );
    for (const tr of foot.kids)
      expect(tr.kids[0]!.attributes).toMatchObject({ O: 'Table', Scope: 'Row', ColSpan: '2' });
  });
});
