/**
 * How many times a diagram's edges cross, from the points Mermaid records on each drawn edge
 * (`data-points`: base64 JSON of the edge's polyline). test/model/charts.test.ts keeps the big
 * charts' count low (decision 650); segments of one edge and segments meeting at an end are not counted.
 */
type Point = { x: number; y: number };

/** The polyline of every edge of a Mermaid SVG. */
export function edgePolylines(svg: string): Point[][] {
  return [...svg.matchAll(/<path [^>]*class="[^"]*\btransition\b[^"]*"[^>]*data-points="([A-Za-z0-9+/=]+)"/g)].map(
    (m) => JSON.parse(Buffer.from(m[1]!, 'base64').toString('utf8')) as Point[],
  );
}

const cross = (o: Point, a: Point, b: Point) => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);

/** Whether two segments cross at a point inside both (touching ends and overlaps are not crossings). */
function crosses(p1: Point, p2: Point, q1: Point, q2: Point): boolean {
  const d1 = cross(q1, q2, p1);
  const d2 = cross(q1, q2, p2);
  const d3 = cross(p1, p2, q1);
  const d4 = cross(p1, p2, q2);
  const eps = 1e-6;
  return ((d1 > eps && d2 < -eps) || (d1 < -eps && d2 > eps)) && ((d3 > eps && d4 < -eps) || (d3 < -eps && d4 > eps));
}

/** The number of points where two different edges cross. */
export function edgeCrossings(svg: string): number {
  const lines = edgePolylines(svg);
  let count = 0;
  for (let i = 0; i < lines.length; i += 1) {
    for (let j = i + 1; j < lines.length; j += 1) {
      const a = lines[i]!;
      const b = lines[j]!;
      for (let s = 1; s < a.length; s += 1)
        for (let t = 1; t < b.length; t += 1) if (crosses(a[s - 1]!, a[s]!, b[t - 1]!, b[t]!)) count += 1;
    }
  }
  return count;
}
