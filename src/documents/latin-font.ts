import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';
import { loadLatinFontBytes } from './latin-font-file';

/**
 * The embedded Latin fonts of every ticket and receipt (docs/decisions/780-pdf-ua.md): Noto Sans SC's
 * Latin, regular and bold, cut at build time to what the Latin-script catalogues, their dates and
 * amounts and a name can hold (scripts/pdf-latin-font.ts), embedded as a subset of the glyphs the
 * document draws. Only PdfWriter imports this, with import(), when a PDF is made: fontkit and the
 * font files are their own chunk and assets, on no route's first load.
 */
export async function embedLatinFonts(doc: PDFDocument): Promise<{ regular: PDFFont; bold: PDFFont }> {
  doc.registerFontkit(fontkit);
  const [regular, bold] = await Promise.all([loadLatinFontBytes('regular'), loadLatinFontBytes('bold')]);
  // Named apart from the CJK font (the same family's Regular) in the PDF's font list.
  return {
    regular: await doc.embedFont(regular, { subset: true, customName: 'NotoSansSC-Latin-Regular' }),
    bold: await doc.embedFont(bold, { subset: true, customName: 'NotoSansSC-Latin-Bold' }),
  };
}
