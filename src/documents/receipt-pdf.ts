import { A4, MARGIN, PdfWriter, type Row } from './pdf-layout';

/**
 * The VAT receipt of an order as a one-page PDF (pdf-lib): the seller and its VAT number, the
 * order, one line per fare, fee and refund with its VAT rate, then the VAT per rate and the totals.
 * Amounts and words come in formatted and translated (the screen does it, from the catalogue and
 * src/documents/vat.ts); this module only lays them out. A tagged PDF (decision 660): the title is
 * the H1, the order's facts a table with row headers, and the lines one table with column headers
 * (THead), a row per line (TBody) and the totals as rows headed by their label (TFoot).
 */
export interface ReceiptPdfInput {
  title: string;
  /** The seller: name, then its VAT registration ("VAT number: GB …"). */
  seller: readonly string[];
  /** Order reference, order date, receipt date, the customer. */
  rows: readonly Row[];
  /** Column headings: description, VAT rate, amount. */
  columns: readonly [string, string, string];
  lines: readonly { description: string; rate: string; amount: string }[];
  /** VAT per rate and the totals, e.g. ["VAT at 20%", "£0.25"], bold last. */
  totals: readonly Row[];
  /** The note on how rail is taxed (fares zero-rated, fees standard-rated). */
  note: string;
  language: string;
}

export async function buildReceiptPdf(input: ReceiptPdfInput): Promise<Uint8Array> {
  const pdf = await PdfWriter.create({
    title: input.title,
    subject: input.rows[0]?.value ?? input.title,
    author: input.seller[0] ?? '',
    language: input.language,
  });
  input.seller.forEach((line, i) => pdf.text(line, { size: i === 0 ? 12 : 10, bold: i === 0, muted: i > 0 }));
  pdf.y -= 8;
  pdf.text(input.title, { size: 20, bold: true, gap: 8, role: 'H1' });
  pdf.rows(input.rows);
  pdf.rule();

  const right = A4.width - MARGIN;
  const rateRight = right - 110;
  const descriptionWidth = rateRight - 70 - MARGIN;
  const [description, rate, amount] = input.columns;
  const column = { O: 'Table', Scope: 'Column' } as const;
  pdf.element('Table', () => {
    pdf.element('THead', () =>
      pdf.element('TR', () => {
        pdf.element('TH', () => pdf.text(description, { bold: true, width: descriptionWidth }), { attributes: column });
        pdf.element('TH', () => pdf.textRight(rate, rateRight, { bold: true }), { attributes: column });
        pdf.element('TH', () => pdf.textRight(amount, right, { bold: true }), { attributes: column });
      }),
    );
    pdf.y -= 4;
    pdf.element('TBody', () => {
      for (const line of input.lines) {
        pdf.element('TR', () => {
          const top = pdf.y;
          pdf.element('TD', () => pdf.text(line.description, { width: descriptionWidth }));
          const bottom = pdf.y;
          pdf.y = top - 11 * 1.3;
          pdf.element('TD', () => pdf.textRight(line.rate, rateRight));
          pdf.element('TD', () => pdf.textRight(line.amount, right));
          pdf.y = bottom - 4;
        });
      }
    });
    pdf.rule();
    // Each total's label spans the description and rate columns; its amount sits under "Amount".
    pdf.element('TFoot', () =>
      input.totals.forEach((row, i) => {
        const last = i === input.totals.length - 1;
        pdf.y -= 11 * 1.3;
        pdf.element('TR', () => {
          pdf.element('TH', () => pdf.textRight(row.label, rateRight, { bold: last }), {
            attributes: { O: 'Table', Scope: 'Row', ColSpan: 2 },
          });
          pdf.element('TD', () => pdf.textRight(row.value, right, { bold: last }));
        });
        pdf.y -= 2;
      }),
    );
  });
  pdf.y -= 12;
  pdf.text(input.note, { size: 9, muted: true });
  return pdf.save();
}
