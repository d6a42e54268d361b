import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRawStream,
  type PDFRef,
  type PDFPage,
} from 'pdf-lib';

/**
 * Reads a PDF back the way a reader extracts its text: every page's content streams are inflated,
 * and each text object (BT … ET) is one line, its strings (Tj) decoded by the font they are shown
 * in: a standard font's WinAnsi bytes (Latin-1 for the text these tests use), an embedded font's
 * glyph ids through its ToUnicode map (a Chinese document's CJK font, decision 525).
 */
export interface PdfRead {
  doc: PDFDocument;
  /** Each page's text lines, in drawing order. */
  lines: string[];
  /** Each page's raw content (operators), to check what was drawn besides text. */
  content: string;
  /** The base font names each page uses. */
  fonts: string[];
}

const decodeStream = (stream: unknown): string =>
  stream instanceof PDFRawStream ? Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1') : '';

export const streamText = (page: PDFPage): string => {
  const contents = page.node.Contents();
  const streams =
    contents instanceof PDFArray ? contents.asArray().map((ref) => page.doc.context.lookup(ref)) : [contents];
  return streams.map(decodeStream).join('\n');
};

/** A ToUnicode CMap (bfchar and bfrange entries) as glyph code → text. */
const toUnicode = (cmap: string): Map<number, string> => {
  const map = new Map<number, string>();
  const utf16 = (hex: string) => Buffer.from(hex, 'hex').swap16().toString('utf16le');
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const [, code, text] of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g))
      map.set(parseInt(code!, 16), utf16(text!));
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g))
    for (const [, from, to, text] of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
      const start = parseInt(from!, 16);
      const first = parseInt(text!, 16);
      for (let c = start; c <= parseInt(to!, 16); c++) map.set(c, String.fromCodePoint(first + c - start));
    }
  return map;
};

export type Decoder = (hex: string) => string;

export const pageFonts = (page: PDFPage): Map<string, { base: string; decode: Decoder }> => {
  const out = new Map<string, { base: string; decode: Decoder }>();
  const fonts = page.node.Resources()?.lookupMaybe(PDFName.of('Font'), PDFDict);
  for (const [key, ref] of fonts?.entries() ?? []) {
    const font = page.doc.context.lookup(ref as PDFRef, PDFDict);
    const base = font.get(PDFName.of('BaseFont'))?.toString().slice(1) ?? '';
    const cmapRef = font.get(PDFName.of('ToUnicode'));
    if (font.get(PDFName.of('Subtype'))?.toString() === '/Type0' && cmapRef) {
      const map = toUnicode(decodeStream(page.doc.context.lookup(cmapRef)));
      const decode = (hex: string) =>
        (hex.match(/.{4}/g) ?? []).map((g) => map.get(parseInt(g, 16)) ?? '\uFFFD').join('');
      out.set(key.toString(), { base, decode });
    } else out.set(key.toString(), { base, decode: (hex) => Buffer.from(hex, 'hex').toString('latin1') });
  }
  return out;
};

export async function readPdf(bytes: Uint8Array): Promise<PdfRead> {
  const doc = await PDFDocument.load(bytes);
  const lines: string[] = [];
  const fonts = new Set<string>();
  const contents: string[] = [];
  for (const page of doc.getPages()) {
    const content = streamText(page);
    contents.push(content);
    const byKey = pageFonts(page);
    for (const f of byKey.values()) fonts.add(f.base);
    for (const [, block] of content.matchAll(/\bBT\b([\s\S]*?)\bET\b/g)) {
      let font: Decoder = (hex) => Buffer.from(hex, 'hex').toString('latin1');
      let line = '';
      for (const op of block!.matchAll(/(\/\S+)\s+[\d.]+\s+Tf|<([0-9A-Fa-f]*)>\s*Tj/g)) {
        if (op[1]) font = byKey.get(op[1])?.decode ?? font;
        else line += font(op[2] ?? '');
      }
      lines.push(line);
    }
  }
  return { doc, lines, content: contents.join('\n'), fonts: [...fonts] };
}
