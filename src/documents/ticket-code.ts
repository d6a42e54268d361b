import { azteccode, drawingSVG, type RenderOptions } from 'bwip-js/browser';

/**
 * A mobile ticket's barcode, drawn as an Aztec code (Great Britain's mobile tickets use Aztec) by
 * bwip-js, in the browser, with no network (docs/decisions/350-tickets-receipts-and-outbox.md).
 * bwip-js is large: only screens that show or print a ticket import this module, and only with
 * import(), so it never joins a route's first JS.
 */
export interface TicketCode {
  /** The SVG document, as bwip-js draws it (one path; black modules on no background). */
  svg: string;
  /** The path's outline data (for the PDF, which draws the same path). */
  path: string;
  /** Width and height of the code in the SVG's units (the viewBox). */
  size: number;
}

/**
 * Draws `data` as an Aztec code. Error correction 33% (bwip-js's default is 23%): a phone screen
 * held at a gate under glare, cracked or dimmed, still reads. A quiet zone of two modules around it
 * is left to the page (the container's padding), so the path starts at the code itself.
 */
export function ticketCode(data: string): TicketCode {
  // Readers differ on the character set of bytes above 127 (ISO-8859-1 by the standard, UTF-8 by
  // habit): only printable ASCII reads back the same everywhere, so anything else is drawn as "?"
  // (the server's codes are ASCII, server/domain/ticket-barcode.ts).
  const text = data.replace(/[^\x20-\x7e]/g, '?');
  // eclevel is an Aztec option of BWIPP that bwip-js's types do not list.
  const options: RenderOptions & { eclevel: number } = { bcid: 'azteccode', text, scale: 1, eclevel: 33 };
  const svg = azteccode(options, drawingSVG());
  const viewBox = /viewBox="0 0 (\d+(?:\.\d+)?) (\d+(?:\.\d+)?)"/.exec(svg);
  const path = /<path d="([^"]+)"/.exec(svg);
  if (!viewBox?.[1] || !path?.[1]) throw new Error('bwip-js drew no Aztec code');
  return { svg, path: path[1], size: Number(viewBox[1]) };
}

/** The code as an image address (an <img> needs no markup of ours: CSP allows data: images). */
export const ticketCodeDataUrl = (code: TicketCode): string =>
  `data:image/svg+xml;charset=utf-8,${encodeURIComponent(code.svg)}`;
