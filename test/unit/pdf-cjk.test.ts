import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { describe, expect, it, vi } from 'vitest';
import { buildReceiptPdf } from '#src/documents/receipt-pdf';
import { buildTicketPdf } from '#src/documents/ticket-pdf';
import { readPdf } from '#test/helpers/pdf-text';
import { zhDateText } from '#scripts/pdf-cjk-font.ts';

/**
 * Chinese tickets and VAT receipts draw their words (decision 525): a zh PDF embeds the CJK font
 * cut to the zh catalogue, and its text reads back without a "?". The font file is the build's
 * asset (fetched in the page); here it is read from disk.
 */
const FONT = join(process.cwd(), 'src', 'documents', 'fonts', 'noto-sans-sc-pdf.ttf');
vi.mock('#src/documents/cjk-font-file', () => ({ loadCjkFontBytes: async () => new Uint8Array(readFileSync(FONT)) }));
vi.mock('#src/documents/latin-font-file', () => import('#test/helpers/latin-font-file'));

const zh = JSON.parse(readFileSync(join(process.cwd(), 'messages', 'zh.json'), 'utf8')) as Record<string, unknown>;
const t = (key: string, params: Record<string, string> = {}): string => {
  const text = zh[key];
  if (typeof text !== 'string') throw new Error(`messages/zh.json has no plain ${key}`);
  return text.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '');
};

const DATA = 'GBRT1|TKT-1A2B3C4D|EUS|MAN|2026-12-01|2026-12-01|Advance Single|S|1A0C|Zm9vYmFyYmF6cXV4';

describe('a Chinese ticket PDF', () => {
  const passengers = 'Alex Morgan, Zoë Brontë, Иван Петров';
  const input = {
    title: t('booking_detail_issued_ticket_pdf_title', { reference: 'TKT-1A2B3C4D' }),
    brand: 'Rail Tickets',
    journey: 'London Euston → Manchester Piccadilly',
    rows: [
      {
        label: t('common_outward'),
        value: new Intl.DateTimeFormat('zh', { dateStyle: 'full', timeStyle: 'short', timeZone: 'UTC' }).format(
          new Date('2026-12-01T07:30:00Z'),
        ),
      },
      { label: t('booking_detail_issued_ticket_passengers'), value: passengers },
      { label: t('booking_detail_issued_ticket_ticket_type'), value: 'Advance Single' },
      { label: t('common_valid'), value: '2026年12月1日' },
      { label: t('booking_detail_issued_ticket_ticket_reference'), value: 'TKT-1A2B3C4D' },
    ],
    barcodeData: DATA,
    codeAlt: t('booking_detail_issued_ticket_code_alt', { reference: 'TKT-1A2B3C4D' }),
    codeCaption: t('booking_detail_issued_ticket_show_code'),
    language: 'zh',
  };

  it('reads back every label, the caption, an Intl date and names in Latin and Cyrillic, with no "?"', async () => {
    const pdf = await readPdf(await buildTicketPdf(input));
    const text = pdf.lines.join('\n');
    expect(text).not.toContain('?');
    expect(text).not.toContain('\uFFFD');
    for (const expected of [
      input.title,
      input.codeCaption,
      passengers,
      'London Euston - Manchester Piccadilly',
      '2026年12月1日',
      'TKT-1A2B3C4D',
      ...input.rows.map((r) => r.label),
    ])
      expect(text).toContain(expected);
    // The CJK font is embedded (a subset of it); Latin is in the embedded Latin font (decision 780).
    expect(pdf.fonts.some((f) => /NotoSansSC-Regular/.test(f))).toBe(true);
    expect(pdf.fonts.some((f) => /NotoSansSC-Latin-Regular/.test(f))).toBe(true);
  });

  it('still draws a character no font has as "?"', async () => {
    const pdf = await readPdf(await buildTicketPdf({ ...input, journey: 'Leeds 🚆 York' }));
    expect(pdf.lines).toContain('Leeds ? York');
  });

  it('in any other language embeds no CJK font, and Chinese text stays "?" there', async () => {
    const pdf = await readPdf(await buildTicketPdf({ ...input, language: 'en-GB' }));
    expect(pdf.fonts.filter((f) => !/NotoSansSC-Latin-/.test(f))).toEqual([]);
    expect(pdf.lines.join('\n')).toContain('?');
  });
});

describe('a Chinese VAT receipt PDF', () => {
  it('reads back its title, columns, totals and note', async () => {
    const input = {
      title: t('booking_detail_vat_receipt_title'),
      seller: [
        'Rail Tickets Retail Ltd',
        '1 Station Approach, London',
        t('booking_detail_vat_receipt_vat_number', { number: 'GB 123 4567 89' }),
      ],
      rows: [{ label: t('booking_detail_screen_order_reference'), value: 'RAIL-8F3K2' }],
      columns: [
        t('booking_detail_vat_receipt_description'),
        t('booking_detail_vat_receipt_vat_rate'),
        t('booking_detail_vat_receipt_amount'),
      ] as const,
      lines: [{ description: t('booking_detail_vat_receipt_booking_fee'), rate: '20%', amount: '£1.50' }],
      totals: [{ label: t('booking_detail_vat_receipt_total'), value: '£1.50' }],
      note: t('booking_detail_vat_receipt_title'),
      language: 'zh',
    };
    const pdf = await readPdf(await buildReceiptPdf(input));
    const text = pdf.lines.join('\n');
    expect(text).not.toContain('?');
    for (const expected of [
      input.title,
      ...input.columns,
      input.seller[2]!,
      input.rows[0]!.label,
      input.lines[0]!.description,
      input.totals[0]!.label,
      '£1.50',
    ])
      expect(text).toContain(expected);
  });
});

describe('the CJK font file (scripts/pdf-cjk-font.ts)', () => {
  it("has a glyph for every character of the zh catalogue, of Intl's Chinese dates and the scripts it keeps: else run the script again", () => {
    const font = fontkit.create(readFileSync(FONT));
    const catalogue = new Set(
      [...JSON.stringify(Object.values(zh)), ...zhDateText()].filter((ch) => (ch.codePointAt(0) ?? 0) > 0x7e),
    );
    const missing = [...catalogue].filter((ch) => !/\s/.test(ch) && !font.hasGlyphForCodePoint(ch.codePointAt(0) ?? 0));
    expect(missing.join('')).toBe('');
    for (const ch of 'AzÀÿΑωАя中文') expect(font.hasGlyphForCodePoint(ch.codePointAt(0) ?? 0), ch).toBe(true);
  });
});
