/**
 * Charts never drift from code: every committed docs/flows/<flow>.json equals what
 * `npm run charts` (scripts/charts.ts) writes from the machine today.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chartText, machineModules } from '#scripts/charts';
import { recordedHash, sourceHash } from '#scripts/diagrams';
import { markdown, mermaid, mermaidIds, nameOf } from '#scripts/flows';
import { delayValue, UNKNOWN_RULE } from '#scripts/lib/delays';
import { edgeCrossings, edgePolylines } from '#scripts/lib/edge-crossings';
import { createMachine } from 'xstate';
import { toDirectedGraph, type DirectedGraphNode } from 'xstate/graph';

const root = path.resolve(import.meta.dirname, '../..');
const modules = (await machineModules(path.join(root, 'machines'))).filter((m) => m.machines.length);

describe.each(modules)('docs/flows chart of machines/$file', ({ file, machines }) => {
  const chart = path.join(root, 'docs/flows', file.replace(/\.ts$/, '.json'));
  it('is committed and matches the machine (run npm run charts)', () => {
    expect(existsSync(chart), `${path.relative(root, chart)} missing: run npm run charts`).toBe(true);
    expect(readFileSync(chart, 'utf8'), `${path.relative(root, chart)} is stale: run npm run charts`).toBe(
      chartText(machines),
    );
  });
  it('names every actor, guard, action and delay the chart uses', () => {
    const text = chartText(machines);
    for (const [, m] of machines) {
      for (const name of Object.keys(m.implementations.delays)) expect(text).toContain(`"${name}"`);
    }
    expect(text).not.toMatch(/"params": \{\}|=>/);
  });
});

/**
 * The flow pages and their diagrams (decision 474): docs/flows/<flow>.md is what
 * `npm run flows` writes today, and docs/flows/<flow>.svg was drawn by `npm run charts` from that
 * same Mermaid source (the SVG records its SHA-256, so no browser is needed here).
 */
describe.each(modules)('docs/flows page and diagram of machines/$file', ({ file, machines }) => {
  const flow = file.replace(/\.ts$/, '');
  const page = path.join(root, 'docs/flows', `${flow}.md`);
  const diagram = path.join(root, 'docs/flows', `${flow}.svg`);
  it('has a current Mermaid page (run npm run flows)', () => {
    expect(readFileSync(page, 'utf8'), `docs/flows/${flow}.md is stale: run npm run flows`).toBe(
      markdown(`machines/${file}`, machines),
    );
  });
  it('has a diagram drawn from that page (run npm run charts)', () => {
    expect(existsSync(diagram), `docs/flows/${flow}.svg missing: run npm run charts`).toBe(true);
    const svg = readFileSync(diagram, 'utf8');
    expect(recordedHash(svg), `docs/flows/${flow}.svg is stale: run npm run charts`).toBe(
      sourceHash(`${mermaid(machines[0]![1])}\n`),
    );
    expect(svg).toMatch(/^<svg[^>]*role="graphics-document document"/);
    expect(svg).toContain(`<title>${flow} statechart</title>`);
  });
});

/**
 * The exported JSON is the machine, not just a copy of itself: rebuilt with `createMachine` from
 * docs/flows/<flow>.json alone (names, no implementations), it has the same `toDirectedGraph`
 * edges as the real machine: same source, event, guard and target for every transition.
 */
type Edge = string;
function edgesOf(node: DirectedGraphNode): Edge[] {
  const own = node.edges.map((e) => {
    const guard = e.transition.guard ? nameOf(e.transition.guard) : '';
    return `${e.source.path.join('.')} --${e.transition.eventType}${guard ? ` [${guard}]` : ''}--> ${e.target.path.join('.')}`;
  });
  return [...own, ...node.children.flatMap(edgesOf)];
}

describe.each(modules)('docs/flows JSON of machines/$file rebuilt with createMachine', ({ file, machines }) => {
  it('has the same directed-graph edges as the machine', () => {
    const json: unknown = JSON.parse(
      readFileSync(path.join(root, 'docs/flows', file.replace(/\.ts$/, '.json')), 'utf8'),
    );
    const charts = (Array.isArray(json) ? json : [json]) as Record<string, unknown>[];
    expect(charts).toHaveLength(machines.length);
    machines.forEach(([, real], i) => {
      const { setup: _setup, ...config } = charts[i]!;
      const rebuilt = createMachine(config as Parameters<typeof createMachine>[0]);
      const expected = edgesOf(toDirectedGraph(real)).sort();
      expect(expected.length).toBeGreaterThan(0);
      expect(edgesOf(toDirectedGraph(rebuilt)).sort()).toEqual(expected);
    });
  });
});

/** Designers read every state's name and every delay's value on the diagrams. */
describe.each(modules)('docs/flows diagram text of machines/$file', ({ machines }) => {
  it('titles every state with its name, what it invokes beneath', () => {
    for (const [, m] of machines) {
      const text = mermaid(m);
      for (const [node, id] of mermaidIds(m)) {
        if (Object.keys(node.states).length || !node.invoke.length) continue;
        const lines = text
          .split('\n')
          .map((l) => l.trim())
          .filter((l) => l.startsWith(`${id} : `));
        expect(lines[0], `${m.id}.${node.path.join('.')}`).toBe(`${id} : ${node.key}`);
        expect(lines.slice(1)).toEqual(node.invoke.map((inv) => `${id} : invokes ${nameOf(inv.src)}`));
      }
    }
  });
  it('gives every delay its value in ms or its rule', () => {
    for (const [, m] of machines) {
      for (const name of Object.keys(m.implementations.delays)) {
        expect(delayValue(m, name), `${m.id} delay ${name}`).not.toBe(UNKNOWN_RULE);
        expect(delayValue(m, name)).toMatch(/^\d+ ms/);
      }
    }
  });
});

/**
 * Edges cross no more than they must (decision 650): ELK's layered layout, counted from the points
 * Mermaid records on each drawn edge. The bounds are the counts when ELK took over (dagre drew 43
 * crossings on the refund request chart and 261 over all diagrams), plus what ELK draws for the
 * change of journey, data export and close account charts (9 together); a layout change may only
 * lower them, and a new chart raises the total by its own count, said here. The booking detail's
 * start from what its route loaded (decision 730: a choice of five edges) draws 10 more; the same
 * start draws 4 more on a booking's history and 1 on one assistance, 2 more on the Delay Repay
 * claim and 1 each on the assistance request and cancel forms, and 12 on the data export (a choice
 * of six edges beside its loading's own six). The data export now sorts the route's answer and its
 * own in one state (`answered`) and draws 1; model order as a third way of breaking cycles
 * (decision 746) draws the refund request with 1: 40 in all. A change page on a host without the
 * change calls (decision 863: `notOffered`, reached from the route's load and from the chart's own)
 * draws 1 on each change chart, whatever the order of its states and edges: 42.
 */
describe('docs/flows diagrams keep edge crossings low', () => {
  const svgs = modules.map(({ file }) =>
    readFileSync(path.join(root, 'docs/flows', file.replace(/\.ts$/, '.svg')), 'utf8'),
  );
  it('draws every edge with its points, and the refund request chart with at most 2 crossings', () => {
    const refund = readFileSync(path.join(root, 'docs/flows/refund-request.svg'), 'utf8');
    expect(edgePolylines(refund).length).toBeGreaterThan(40);
    expect(edgeCrossings(refund)).toBeLessThanOrEqual(2);
  });
  it('has at most 42 crossings over all diagrams', () => {
    expect(svgs.reduce((n, svg) => n + edgeCrossings(svg), 0)).toBeLessThanOrEqual(42);
  });
});
