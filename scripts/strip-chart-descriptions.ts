import type { Plugin } from 'vite';

/**
 * Drops the charts' `description`s from the build (decision 801). Each state and transition of a
 * chart in machines/ says what it means, for designers: the diagrams, the flow gallery and the
 * plans read them from the source (`npm run charts`, `npm run plans`), and the model tests check
 * them there (decision 471). The running app never reads them, yet every screen downloaded its
 * charts' sentences: about 36 KB of English in each locale's bundle, the sign-in chart's in the
 * entry every page loads. In `vite build` only: the dev server, Vitest and the Stately inspector
 * keep them.
 */

type Node = { type: string; start: number; end: number; [k: string]: unknown };

const CHART_MODULE = /[\\/]machines[\\/].+\.ts$/;

const keyName = (key: Node | undefined): string | undefined =>
  key?.type === 'Identifier' ? String(key['name']) : key?.type === 'Literal' ? String(key['value']) : undefined;

/** A string written out in full: a quoted string or a template without `${}`. */
const isStaticText = (value: Node | undefined): boolean =>
  (value?.type === 'Literal' && typeof value['value'] === 'string') ||
  (value?.type === 'TemplateLiteral' && (value['expressions'] as Node[]).length === 0);

/** The text ranges of every `description: '…'` property in `program`, each with its comma. */
export function descriptionRanges(program: Node): [number, number][] {
  const ranges: [number, number][] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const child of node) visit(child);
      return;
    }
    if (!node || typeof node !== 'object' || typeof (node as Node).type !== 'string') return;
    const n = node as Node;
    if (n.type === 'ObjectExpression') {
      const props = n['properties'] as Node[];
      const drop = props.map(
        (p) =>
          p.type === 'Property' &&
          !p['computed'] &&
          keyName(p['key'] as Node) === 'description' &&
          isStaticText(p['value'] as Node),
      );
      props.forEach((p, i) => {
        if (!drop[i]) return;
        const next = props[i + 1];
        const previous = props[i - 1];
        // Up to the next property, or back to the end of the previous one: its comma goes too.
        if (next) ranges.push([p.start, next.start]);
        else if (previous) ranges.push([previous.end, p.end]);
        else ranges.push([p.start, p.end]);
      });
    }
    for (const [k, child] of Object.entries(n)) if (k !== 'type' && typeof child === 'object') visit(child);
  };
  visit(program);
  return ranges;
}

/** `code` without the given ranges (overlapping ranges merged). */
export function withoutRanges(code: string, ranges: readonly [number, number][]): string {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  let out = '';
  let at = 0;
  for (const [start, end] of sorted) {
    if (start > at) out += code.slice(at, start);
    at = Math.max(at, end);
  }
  return out + code.slice(at);
}

export function stripChartDescriptions(): Plugin {
  return {
    name: 'strip-chart-descriptions',
    apply: 'build',
    transform(code, id) {
      if (!CHART_MODULE.test(id) || !code.includes('description')) return null;
      const ranges = descriptionRanges(this.parse(code) as unknown as Node);
      return ranges.length ? { code: withoutRanges(code, ranges), map: null } : null;
    },
  };
}
