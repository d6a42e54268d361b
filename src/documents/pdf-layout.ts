import {
  beginText,
  endText,
  moveText,
  PDFDocument,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  setFillingColor,
  setFontAndSize,
  showText,
  StandardFonts,
  type PDFFont,
  type PDFName,
  type PDFPage,
  type RGB,
} from 'pdf-lib';

/**
 * What the ticket and receipt PDFs share (pdf-lib; docs/decisions/351-vat-receipts-and-pdfs-in-the-page.md):
 * an A4 page, Helvetica (a PDF reader's own font: nothing to embed or download; a Chinese document
 * adds an embedded CJK font, decision 525), text wrapped to the page, label and value rows. Only imported by the PDF modules, which screens load with import().
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
 * The standard fonts cover Windows-1252 only. A PDF in Chinese also embeds a CJK font
 * (cjk-font.ts, decision 525): each run of text is drawn with the standard font when it has the
 * characters, else with the CJK font, so Latin stays Helvetica in every language. Typographic
 * arrows become "-", and a character neither font can draw becomes "?" rather than failing the
 * whole document.
 */
export class Face {
  private readonly own: Set<number>;
  private readonly wide: Set<number>;
  constructor(
    readonly font: PDFFont,
    readonly fallback: PDFFont | null = null,
  ) {
    this.own = new Set(font.getCharacterSet());
    this.wide = new Set(fallback?.getCharacterSet() ?? []);
  }

  /** `text` with what neither font draws replaced ("?", arrows as "-", white space as one space). */
  drawable(text: string): string {
    return [...text.replace(/[→⇄⇒]/g, '-').replace(/\s+/g, ' ')]
      .map((ch) => {
        const cp = ch.codePointAt(0) ?? 0;
        return this.own.has(cp) || this.wide.has(cp) ? ch : '?';
      })
      .join('');
  }

  /** Drawable text cut into runs of one font each. */
  runs(text: string): { font: PDFFont; text: string }[] {
    const runs: { font: PDFFont; text: string }[] = [];
    for (const ch of this.drawable(text)) {
      const font = this.own.has(ch.codePointAt(0) ?? 0) || !this.fallback ? this.font : this.fallback;
      const last = runs.at(-1);
      if (last?.font === font) last.text += ch;
      else runs.push({ font, text: ch });
    }
    return runs;
  }

  width(text: string, size: number): number {
    return this.runs(text).reduce((w, r) => w + r.font.widthOfTextAtSize(r.text, size), 0);
  }
}

/** Splits `text` into lines no wider than `width` at `size` (long words, and CJK text without spaces, are cut). */
export function wrap(face: Face, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of face.drawable(text).split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (face.width(next, size) <= width) {
      line = next;
      continue;
    }
    if (line) lines.push(line);
    let rest = [...word];
    while (face.width(rest.join(''), size) > width && rest.length > 1) {
      let cut = rest.length - 1;
      while (cut > 1 && face.width(rest.slice(0, cut).join(''), size) > width) cut -= 1;
      lines.push(rest.slice(0, cut).join(''));
      rest = rest.slice(cut);
    }
    line = rest.join('');
  }
  if (line) lines.push(line);
  return lines;
}

export class PdfWriter {
  y = A4.height - MARGIN;
  private readonly fontKeys = new Map<PDFFont, PDFName>();
  private constructor(
    readonly doc: PDFDocument,
    readonly page: PDFPage,
    readonly regular: Face,
    readonly bold: Face,
  ) {}

  /** A Chinese document (`language` zh…) embeds the CJK font, loaded with import() only then. */
  static async create(meta: { title: string; subject: string; author: string; language: string }): Promise<PdfWriter> {
    const doc = await PDFDocument.create();
    const page = doc.addPage([A4.width, A4.height]);
    const wide = /^zh\b/i.test(meta.language) ? await (await import('./cjk-font')).embedCjkFont(doc) : null;
    const regular = new Face(await doc.embedFont(StandardFonts.Helvetica), wide);
    const bold = new Face(await doc.embedFont(StandardFonts.HelveticaBold), wide);
    const writer = new PdfWriter(doc, page, regular, bold);
    // The document's properties are Unicode strings: no font needed, only no control characters.
    const plain = (text: string) => text.replace(/[→⇄⇒]/g, '-').replace(/\s+/g, ' ');
    doc.setTitle(plain(meta.title), { showInWindowTitleBar: true });
    doc.setSubject(plain(meta.subject));
    doc.setAuthor(plain(meta.author));
    doc.setCreator(plain(meta.author));
    doc.setLanguage(meta.language);
    doc.setCreationDate(new Date());
    return writer;
  }

  /** One line of text at (x, y), run by run in one text object (a reader extracts it as one line). */
  private drawLine(face: Face, line: string, x: number, y: number, size: number, color: RGB): void {
    const ops = [pushGraphicsState(), beginText(), setFillingColor(color), moveText(x, y)];
    for (const run of face.runs(line)) {
      let key = this.fontKeys.get(run.font);
      if (!key) {
        key = this.page.node.newFontDictionary(run.font.name, run.font.ref);
        this.fontKeys.set(run.font, key);
      }
      ops.push(setFontAndSize(key, size), showText(run.font.encodeText(run.text)));
    }
    ops.push(endText(), popGraphicsState());
    this.page.pushOperators(...ops);
  }

  get contentWidth(): number {
    return A4.width - 2 * MARGIN;
  }

  text(text: string, opts: { size?: number; bold?: boolean; x?: number; width?: number; muted?: boolean; gap?: number } = {}): void {
    const size = opts.size ?? 11;
    const face = opts.bold ? this.bold : this.regular;
    const x = opts.x ?? MARGIN;
    for (const line of wrap(face, text, size, opts.width ?? A4.width - MARGIN - x)) {
      this.y -= size * 1.3;
      this.drawLine(face, line, x, this.y, size, opts.muted ? MUTED : INK);
    }
    this.y -= opts.gap ?? 0;
  }

  /** Text right-aligned to `right` on the current line (no wrap: amounts are short). */
  textRight(text: string, right: number, opts: { size?: number; bold?: boolean } = {}): void {
    const size = opts.size ?? 11;
    const face = opts.bold ? this.bold : this.regular;
    const line = face.drawable(text);
    this.drawLine(face, line, right - face.width(line, size), this.y, size, INK);
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
