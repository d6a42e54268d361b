/**
 * Charts never drift from code (issue 13): every committed docs/flows/<flow>.json equals what
 * `npm run charts` (scripts/charts.ts) writes from the machine today.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chartText, machineModules } from '#scripts/charts';

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
