import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';

/**
 * What the ticket and receipt PDFs share (pdf-lib; docs/decisions/351-vat-receipts-and-pdfs-in-the-page.md):
 * an A4 page, Helvetica (a PDF reader's own font: nothing to embed or download), text wrapped to the
 * page, label and value rows. Only imported by the PDF modules, which screens load with import().
 */
export const A4 = { width: 595.28, height: 841.89 } as const;
export const MARGIN = 48;
export const INK = rgb(0.07, 0.07, 0.07);
export const MUTED = rgb(0.3, 0.3, 0.3);

export interface Row {
  label: string;
  value: string;
}

/**
 * The standard fonts cover Windows-1252 only. Typographic arrows become "-", and any other
 * character they cannot draw becomes "?" rather than failing the whole document (a Unicode font
 * would need fontkit and a font file: see decision 351).
 */
export function drawable(font: PDFFont, text: string): string {
  const supported = new Set(font.getCharacterSet());
  return [...text.replace(/[→⇄⇒]/g, '-').replace(/\s+/g, ' ')]
    .map((ch) => (supported.has(ch.codePointAt(0) ?? 0) ? ch : '?'))
    .join('');
}

/** Splits `text` into lines no wider than `width` at `size` (long words are cut). */
export function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of drawable(font, text).split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) <= width) {
      line = next;
      continue;
    }
    if (line) lines.push(line);
    let rest = word;
    while (font.widthOfTextAtSize(rest, size) > width && rest.length > 1) {
      let cut = rest.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut -= 1;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line) lines.push(line);
  return lines;
}

export class PdfWriter {
  y = A4.height - MARGIN;
  private constructor(
    readonly doc: PDFDocument,
    readonly page: PDFPage,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {}

  static async create(meta: { title: string; subject: string; author: string; language: string }): Promise<PdfWriter> {
    const doc = await PDFDocument.create();
    const page = doc.addPage([A4.width, A4.height]);
    const writer = new PdfWriter(doc, page, await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.HelveticaBold));
    doc.setTitle(drawable(writer.regular, meta.title), { showInWindowTitleBar: true });
    doc.setSubject(drawable(writer.regular, meta.subject));
    doc.setAuthor(drawable(writer.regular, meta.author));
    doc.setCreator(drawable(writer.regular, meta.author));
    doc.setLanguage(meta.language);
    doc.setCreationDate(new Date());
    return writer;
  }

  get contentWidth(): number {
    return A4.width - 2 * MARGIN;
  }

  text(text: string, opts: { size?: number; bold?: boolean; x?: number; width?: number; muted?: boolean; gap?: number } = {}): void {
    const size = opts.size ?? 11;
    const font = opts.bold ? this.bold : this.regular;
    const x = opts.x ?? MARGIN;
    for (const line of wrap(font, text, size, opts.width ?? A4.width - MARGIN - x)) {
      this.y -= size * 1.3;
      this.page.drawText(line, { x, y: this.y, size, font, color: opts.muted ? MUTED : INK });
    }
    this.y -= opts.gap ?? 0;
  }

  /** Text right-aligned to `right` on the current line (no wrap: amounts are short). */
  textRight(text: string, right: number, opts: { size?: number; bold?: boolean } = {}): void {
    const size = opts.size ?? 11;
    const font = opts.bold ? this.bold : this.regular;
    const line = drawable(font, text);
    this.page.drawText(line, { x: right - font.widthOfTextAtSize(line, size), y: this.y, size, font, color: INK });
  }

  /** Label and value rows: the label in bold on the left, the value wrapped beside it. */
  rows(rows: readonly Row[], labelWidth = 150): void {
    for (const row of rows) {
      const top = this.y;
      this.text(row.label, { bold: true, width: labelWidth - 8 });
      const afterLabel = this.y;
      this.y = top;
      this.text(row.value, { x: MARGIN + labelWidth });
      this.y = Math.min(this.y, afterLabel) - 4;
    }
  }

  rule(): void {
    this.y -= 8;
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: A4.width - MARGIN, y: this.y }, thickness: 0.75, color: MUTED });
    this.y -= 4;
  }

  save(): Promise<Uint8Array> {
    return this.doc.save();
  }
}
