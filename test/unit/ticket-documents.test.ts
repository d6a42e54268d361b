import { describe, expect, it, vi } from 'vitest';
import { buildReceiptPdf } from '#src/documents/receipt-pdf';
import { ticketCode, ticketCodeDataUrl } from '#src/documents/ticket-code';
import { buildTicketPdf } from '#src/documents/ticket-pdf';
import { decodeAztec, rasterizeSvgPath } from '#test/helpers/aztec-decode';
import { readPdf } from '#test/helpers/pdf-text';

// The PDFs embed their Latin font (docs/decisions/780-pdf-ua.md): read from the repository here.
vi.mock('#src/documents/latin-font-file', () => import('#test/helpers/latin-font-file'));

// What the local server writes into an issued ticket's code (server/domain/ticket-barcode.ts).
const DATA = 'GBRT1|TKT-1A2B3C4D|EUS|MAN|2026-12-01|2026-12-01|Advance Single|S|1A0C|Zm9vYmFyYmF6cXV4';

describe('ticket code (Aztec, bwip-js)', () => {
  it('draws a code a scanner reads back as the ticket data', () => {
    const code = ticketCode(DATA);
    expect(code.svg).toMatch(/^<svg viewBox="0 0 \d+ \d+"/);
    const { pixels, side } = rasterizeSvgPath(code.path, code.size);
    expect(decodeAztec(pixels, side, side)).toBe(DATA);
  });

  it('reads back at the small size a phone shows it, and under either fill rule (the PDF fills nonzero)', () => {
    const code = ticketCode(DATA);
    const small = rasterizeSvgPath(code.path, code.size, { pixelsPerUnit: 2, quiet: 6 });
    expect(decodeAztec(small.pixels, small.side, small.side)).toBe(DATA);
    const nonzero = rasterizeSvgPath(code.path, code.size, { rule: 'nonzero' });
    expect(decodeAztec(nonzero.pixels, nonzero.side, nonzero.side)).toBe(DATA);
  });

  it('draws different data as a different code; characters outside printable ASCII as "?"', () => {
    const other = `${DATA.replace('TKT-1A2B3C4D', 'TKT-99999999')}|Zürich–Genève`;
    const code = ticketCode(other);
    expect(code.path).not.toBe(ticketCode(DATA).path);
    const { pixels, side } = rasterizeSvgPath(code.path, code.size);
    expect(decodeAztec(pixels, side, side)).toBe(other.replace('Zürich–Genève', 'Z?rich?Gen?ve'));
  });

  it('gives an image address the page can show under its CSP (data:)', () => {
    const url = ticketCodeDataUrl(ticketCode(DATA));
    expect(url.startsWith('data:image/svg+xml;charset=utf-8,%3Csvg')).toBe(true);
    expect(decodeURIComponent(url.slice(url.indexOf(',') + 1))).toBe(ticketCode(DATA).svg);
  });
});

describe('ticket PDF (pdf-lib)', () => {
  const input = {
    title: 'Mobile ticket TKT-1A2B3C4D',
    brand: 'Rail Tickets',
    journey: 'London Euston to Manchester Piccadilly',
    rows: [
      { label: 'Outward', value: 'Tue, 1 Dec 2026, 07:30' },
      { label: 'Passengers', value: 'Alex Morgan' },
      { label: 'Ticket type', value: 'Advance Single, Standard class' },
      { label: 'Valid', value: 'Tue, 1 Dec 2026' },
      { label: 'Ticket reference', value: 'TKT-1A2B3C4D' },
    ],
    barcodeData: DATA,
    codeAlt: 'Ticket code (Aztec) for ticket TKT-1A2B3C4D',
    codeCaption: 'Show this code at the ticket gate or to the guard.',
    language: 'en-GB',
  };

  it('holds the journey, passengers, ticket type, validity and reference as text', async () => {
    const pdf = await readPdf(await buildTicketPdf(input));
    expect(pdf.doc.getPageCount()).toBe(1);
    expect(pdf.doc.getTitle()).toBe('Mobile ticket TKT-1A2B3C4D');
    expect(pdf.doc.getSubject()).toBe('London Euston to Manchester Piccadilly');
    const text = pdf.lines.join('\n');
    for (const expected of [
      'Rail Tickets',
      'Mobile ticket TKT-1A2B3C4D',
      'London Euston to Manchester Piccadilly',
      'Passengers',
      'Alex Morgan',
      'Ticket type',
      'Advance Single, Standard class',
      'Valid',
      'Tue, 1 Dec 2026',
      'Ticket reference',
      'TKT-1A2B3C4D',
      'Outward',
    ]) {
      expect(text).toContain(expected);
    }
    // The first PDF parses the embedded font (fontkit) cold.
  }, 20_000);

  it('draws the same Aztec code as the screen, as a filled vector path', async () => {
    const pdf = await readPdf(await buildTicketPdf(input));
    // The code's outline: one moveto per polygon of the path the screen shows, then one fill.
    const polygons = ticketCode(DATA)
      .path.split('Z')
      .filter((p) => p.trim()).length;
    expect(pdf.content.match(/ m\n/g)?.length ?? 0).toBeGreaterThanOrEqual(polygons);
    expect(pdf.content).toMatch(/\nf\n/);
  });

  it('without code data, says what to show instead and draws no code', async () => {
    const pdf = await readPdf(
      await buildTicketPdf({ ...input, barcodeData: null, codeCaption: 'Show the ticket reference TKT-1A2B3C4D.' }),
    );
    expect(pdf.lines.join('\n')).toContain('Show the ticket reference TKT-1A2B3C4D.');
    expect(pdf.content).not.toMatch(/\nf\n/);
  });

  it('draws characters the Latin font lacks as "?" instead of failing', async () => {
    const pdf = await readPdf(await buildTicketPdf({ ...input, journey: 'Leeds → York 车票' }));
    expect(pdf.lines).toContain('Leeds - York ??');
  });
});

describe('VAT receipt PDF (pdf-lib)', () => {
  it('lists the seller and VAT number, each line with its rate, VAT per rate and totals', async () => {
    const pdf = await readPdf(
      await buildReceiptPdf({
        title: 'VAT receipt',
        seller: ['Rail Tickets Retail Ltd', '1 Station Approach, London', 'VAT number: GB 123 4567 89'],
        rows: [{ label: 'Order reference', value: 'RAIL-8F3K2' }],
        columns: ['Description', 'VAT rate', 'Amount'],
        lines: [
          {
            description: 'Advance Single (Outward): London Euston to Manchester Piccadilly, Alex Morgan',
            rate: '0%',
            amount: '£42.50',
          },
          { description: 'Booking fee', rate: '20%', amount: '£1.50' },
        ],
        totals: [
          { label: 'Total excluding VAT', value: '£43.75' },
          { label: 'VAT at 0%', value: '£0.00' },
          { label: 'VAT at 20%', value: '£0.25' },
          { label: 'Total', value: '£44.00' },
        ],
        note: 'Rail fares are zero-rated for VAT.',
        language: 'en-GB',
      }),
    );
    const text = pdf.lines.join('\n');
    expect(pdf.doc.getTitle()).toBe('VAT receipt');
    for (const expected of [
      'VAT number: GB 123 4567 89',
      'RAIL-8F3K2',
      'Booking fee',
      '20%',
      '£1.50',
      '£42.50',
      'VAT at 20%',
      '£0.25',
      'Total',
      '£44.00',
      'Rail fares are zero-rated for VAT.',
    ]) {
      expect(text).toContain(expected);
    }
  });
});
