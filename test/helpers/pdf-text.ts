import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, type PDFPage } from 'pdf-lib';

/**
 * Reads a PDF back the way a reader extracts its text: every page's content streams are inflated
 * and the strings of their text-showing operators (Tj) decoded (pdf-lib writes the standard fonts'
 * text as hex strings in WinAnsi, which matches Latin-1 for the text these tests use).
 */
export interface PdfRead {
  doc: PDFDocument;
  /** Each page's text lines, in drawing order. */
  lines: string[];
  /** Each page's raw content (operators), to check what was drawn besides text. */
  content: string;
}

const streamText = (page: PDFPage): string => {
  const contents = page.node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => page.doc.context.lookup(ref)) : [contents];
  return streams
    .map((stream) => (stream instanceof PDFRawStream ? Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1') : ''))
    .join('\n');
};

export async function readPdf(bytes: Uint8Array): Promise<PdfRead> {
  const doc = await PDFDocument.load(bytes);
  const content = doc.getPages().map(streamText).join('\n');
  const lines = [...content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)].map((m) => Buffer.from(m[1] ?? '', 'hex').toString('latin1'));
  return { doc, lines, content };
}
