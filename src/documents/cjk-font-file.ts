import fontUrl from './fonts/noto-sans-sc-pdf.ttf?url';

/** The CJK font's bytes, fetched from the build's own asset (same origin). */
export async function loadCjkFontBytes(): Promise<Uint8Array> {
  const res = await fetch(fontUrl);
  if (!res.ok) throw new Error(`CJK font: HTTP ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}
