import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// One binding per flow (src/flow.tsx, docs/architecture.md "A flow's files"): a screen runs its
// chart through its `<flow>.flow.ts` binding and `flow.useFlow(…)`, never `machine.provide(…)`
// inline, so a chart's actors are bound to the API once and a re-render never hands React a new chart.

// Vitest runs from the project root (vitest.config.ts).
const root = process.cwd();

const sourceFiles = (dir: string): string[] =>
  readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.flow\.tsx?$/.test(entry.name) ? [path] : [];
  });

const providesInline = (file: string) => /\.provide\(/.test(readFileSync(join(root, file), 'utf8'));

describe('one binding per flow', () => {
  const screens = sourceFiles('routes').map((file) => relative(root, join(root, file)));

  it('no screen under routes/ binds its chart with an inline `.provide(`', () => {
    const inline = screens.filter(providesInline);
    expect(inline, 'bind the chart in a <flow>.flow.ts with defineFlow (src/flow.tsx)').toEqual([]);
  });
});
