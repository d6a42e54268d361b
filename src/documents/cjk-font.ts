import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';
import { loadCjkFontBytes } from './cjk-font-file';

/**
 * The CJK font of a Chinese ticket or receipt (decision 525): Noto Sans SC, cut at build time to
 * the zh catalogue's characters plus Latin, Greek and Cyrillic (scripts/pdf-cjk-font.ts), embedded
 * as a subset of the glyphs the document draws. Only PdfWriter imports this, with import(), for a
 * zh document: fontkit and the font file are their own chunk and asset, on no route's first load.
 */
export async function embedCjkFont(doc: PDFDocument): Promise<PDFFont> {
  doc.registerFontkit(fontkit);
  return doc.embedFont(await loadCjkFontBytes(), { subset: true });
}
