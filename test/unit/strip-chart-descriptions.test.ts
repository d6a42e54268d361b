import { describe, expect, it } from 'vitest';
import { parseAst } from 'vite';
import { descriptionRanges, withoutRanges } from '#scripts/strip-chart-descriptions.ts';

const strip = (code: string) =>
  withoutRanges(code, descriptionRanges(parseAst(code) as unknown as Parameters<typeof descriptionRanges>[0]));

describe('the build without the charts’ descriptions (decision 801)', () => {
  it('drops every written-out description, first, middle, last or alone, and keeps the rest', () => {
    const code = [
      'export const m = createMachine({',
      "  description: 'Top.', id: 'x',",
      "  states: { a: { tags: ['t'], description: `Mid.`, on: { go: { target: 'b', description: 'Edge.' } } },",
      "    b: { description: \"Alone.\" }, c: { type: 'final', description: 'Last.' } },",
      '});',
      'export const data = { description: text, other: { description: `${n} left` } };',
    ].join('\n');
    const out = strip(code);
    for (const gone of ['Top.', 'Mid.', 'Edge.', 'Alone.', 'Last.']) expect(out).not.toContain(gone);
    // Computed texts are data, not a chart's sentence: kept.
    expect(out).toContain('description: text');
    expect(out).toContain('`${n} left`');
    // Still JavaScript, with the same machine otherwise.
    const again = parseAst(out);
    expect(again.body).toHaveLength(2);
    expect(out).toContain("tags: ['t']");
    expect(out).toContain("type: 'final'");
    expect(out).toContain("id: 'x'");
  });
});
