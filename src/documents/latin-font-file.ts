import regularUrl from './fonts/noto-sans-sc-latin-400.ttf?url';
import boldUrl from './fonts/noto-sans-sc-latin-700.ttf?url';

/**
 * The Latin font's bytes (regular or bold), fetched from the build's own asset (same origin) when a
 * PDF is made: scripts/pdf-latin-font.ts cuts them (docs/decisions/780-pdf-ua.md).
 */
export async function loadLatinFontBytes(weight: 'regular' | 'bold'): Promise<Uint8Array> {
  const res = await fetch(weight === 'bold' ? boldUrl : regularUrl);
  if (!res.ok) throw new Error(`Latin font: HTTP ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}
