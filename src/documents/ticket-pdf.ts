import { INK, MARGIN, PdfWriter, type Row } from './pdf-layout';
import { ticketCode } from './ticket-code';

/**
 * "Download ticket": the issued mobile ticket as a one-page PDF (pdf-lib), with the journey,
 * passengers, ticket type, validity and the same Aztec code the booking shows, drawn as vector
 * paths so it prints sharp at any size. Every word comes in already translated (the screen takes
 * it from the message catalogue); this module only lays it out. A tagged PDF (decision 660): the
 * title is the H1, the journey an H2, the code a Figure with the screen's alternative text, the
 * facts a table whose row headers are their labels.
 */
export interface TicketPdfInput {
  /** Document title, e.g. "Mobile ticket TKT-1A2B3C4D". */
  title: string;
  /** Retailer brand shown at the top (the portal's). */
  brand: string;
  /** Journey heading, e.g. "London Euston to Manchester Piccadilly". */
  journey: string;
  rows: readonly Row[];
  /** What the Aztec code carries; null when the server sent none (then the reference stands in). */
  barcodeData: string | null;
  /** The code's alternative text, the same as the screen's image has ("Ticket code (Aztec) for ticket …"). */
  codeAlt: string;
  /** Under the code: how to use it; without a code: what to show instead. */
  codeCaption: string;
  /** BCP 47 tag of the copy (the PDF's /Lang, for screen readers). */
  language: string;
}

/** Side of the printed code, in points (about 5.6 cm): big enough for a gate reader on paper. */
const CODE_SIDE = 160;

export async function buildTicketPdf(input: TicketPdfInput): Promise<Uint8Array> {
  const pdf = await PdfWriter.create({
    title: input.title,
    subject: input.journey,
    author: input.brand,
    language: input.language,
  });
  pdf.text(input.brand, { size: 12, bold: true, gap: 6 });
  pdf.text(input.title, { size: 20, bold: true, gap: 4, role: 'H1' });
  pdf.text(input.journey, { size: 14, gap: 8, role: 'H2' });
  pdf.rule();
  if (input.barcodeData) {
    const code = ticketCode(input.barcodeData);
    const scale = CODE_SIDE / code.size;
    pdf.y -= 12;
    const top = pdf.y;
    pdf.element(
      'Figure',
      // drawSvgPath takes SVG's y-down coordinates from its top-left origin, as bwip-js draws them.
      () =>
        pdf.markedContent(() =>
          pdf.page.drawSvgPath(code.path, { x: MARGIN, y: top, scale, color: INK, borderWidth: 0 }),
        ),
      {
        alt: input.codeAlt,
        attributes: { O: 'Layout', BBox: [MARGIN, top - CODE_SIDE, MARGIN + CODE_SIDE, top], Placement: 'Block' },
      },
    );
    pdf.y -= CODE_SIDE + 4;
  }
  pdf.text(input.codeCaption, { muted: true, gap: 8 });
  pdf.rule();
  pdf.y -= 4;
  pdf.rows(input.rows);
  return pdf.save();
}
