/**
 * Charts never drift from code (issue 13): every committed docs/flows/<flow>.json equals what
 * `npm run charts` (scripts/charts.ts) writes from the machine today.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chartText, machineModules } from '#scripts/charts';
import { recordedHash, sourceHash } from '#scripts/diagrams';
import { markdown, mermaid } from '#scripts/flows';

const root = path.resolve(import.meta.dirname, '../..');
const modules = (await machineModules(path.join(root, 'machines'))).filter((m) => m.machines.length);

describe.each(modules)('docs/flows chart of machines/$file', ({ file, machines }) => {
  const chart = path.join(root, 'docs/flows', file.replace(/\.ts$/, '.json'));
  it('is committed and matches the machine (run npm run charts)', () => {
    expect(existsSync(chart), `${path.relative(root, chart)} missing: run npm run charts`).toBe(true);
    expect(readFileSync(chart, 'utf8'), `${path.relative(root, chart)} is stale: run npm run charts`).toBe(chartText(machines));
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
 * The flow pages and their diagrams (issue 13, decision 182): docs/flows/<flow>.md is what
 * `npm run flows` writes today, and docs/flows/<flow>.svg was drawn by `npm run charts` from that
 * same Mermaid source (the SVG records its SHA-256, so no browser is needed here).
 */
describe.each(modules)('docs/flows page and diagram of machines/$file', ({ file, machines }) => {
  const flow = file.replace(/\.ts$/, '');
  const page = path.join(root, 'docs/flows', `${flow}.md`);
  const diagram = path.join(root, 'docs/flows', `${flow}.svg`);
  it('has a current Mermaid page (run npm run flows)', () => {
    expect(readFileSync(page, 'utf8'), `docs/flows/${flow}.md is stale: run npm run flows`).toBe(markdown(`machines/${file}`, machines));
  });
  it('has a diagram drawn from that page (run npm run charts)', () => {
    expect(existsSync(diagram), `docs/flows/${flow}.svg missing: run npm run charts`).toBe(true);
    const svg = readFileSync(diagram, 'utf8');
    expect(recordedHash(svg), `docs/flows/${flow}.svg is stale: run npm run charts`).toBe(sourceHash(`${mermaid(machines[0]![1])}\n`));
    expect(svg).toMatch(/^<svg[^>]*role="graphics-document document"/);
    expect(svg).toContain(`<title>${flow} statechart</title>`);
  });
});
