import { AztecCodeReader, BinaryBitmap, HybridBinarizer, RGBLuminanceSource } from '@zxing/library';

/**
 * A scanner for the tests: rasterizes the SVG path bwip-js drew (only M, L and Z, axis-aligned, as
 * bwip-js writes a 2D code) at `pixelsPerUnit`, dark on a white quiet zone, and decodes it with
 * ZXing's Aztec reader, as a gate or a phone camera would read the screen. Fill rule even-odd, the
 * SVG's own; `nonzero` is what a PDF's plain fill uses.
 */
export function rasterizeSvgPath(
  path: string,
  size: number,
  opts: { pixelsPerUnit?: number; quiet?: number; rule?: 'evenodd' | 'nonzero' } = {},
) {
  const ppu = opts.pixelsPerUnit ?? 4;
  const quiet = opts.quiet ?? 8;
  const rule = opts.rule ?? 'evenodd';
  const polygons = path
    .split('Z')
    .filter((part) => part.trim())
    .map((part) => [...part.matchAll(/[ML](-?[\d.]+) (-?[\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])] as const));
  // Vertical edges only: horizontal ones never cross a horizontal scanline.
  const edges = polygons.flatMap((poly) =>
    poly.flatMap(([x1, y1], i) => {
      const [x2, y2] = poly[(i + 1) % poly.length]!;
      return x1 === x2 && y1 !== y2
        ? [{ x: x1, top: Math.min(y1, y2), bottom: Math.max(y1, y2), dir: y2 > y1 ? 1 : -1 }]
        : [];
    }),
  );
  const side = (size + 2 * quiet) * ppu;
  const pixels = new Uint8ClampedArray(side * side).fill(255);
  for (let py = 0; py < side; py++) {
    const y = (py + 0.5) / ppu - quiet;
    // Scanline: the edges this row crosses, left to right; a pixel is dark by the rule at its centre.
    const crossing = edges.filter((e) => e.top <= y && y < e.bottom).sort((a, b) => a.x - b.x);
    for (let px = 0; px < side; px++) {
      const x = (px + 0.5) / ppu - quiet;
      let crossings = 0;
      let winding = 0;
      for (const e of crossing) {
        if (e.x <= x) continue;
        crossings += 1;
        winding += e.dir;
      }
      const dark = rule === 'evenodd' ? crossings % 2 === 1 : winding !== 0;
      if (dark) pixels[py * side + px] = 0;
    }
  }
  return { pixels, side };
}

/** Decodes a grey bitmap (one byte per pixel, 0 black) as an Aztec code; throws when it cannot. */
export function decodeAztec(pixels: Uint8ClampedArray, width: number, height: number): string {
  const bitmap = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(pixels, width, height)));
  return new AztecCodeReader().decode(bitmap).getText();
}
