import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// One binding per flow (src/flow.tsx, docs/architecture.md "A flow's files"): a screen runs its
// chart through its `<flow>.flow.ts` binding and `flow.useFlow(…)`, never `machine.provide(…)`
// inline, so a chart's actors are bound to the API once and a re-render never hands React a new chart.

// Vitest runs from the project root (vitest.config.ts).
const root = process.cwd();

/**
 * Screens that still bind their chart inline, each to move to a flow binding. This list only
 * shrinks: a file here that no longer calls `.provide(` fails the test until it is taken off.
 */
const STILL_PROVIDING_INLINE_ONLY_SHRINKS: readonly string[] = [
  // Account area: the sign-in and registration forms navigate from inside their actors, and the
  // contact preferences panel is handed its API by the page that shows it.
  'routes/-components/login-page.tsx',
  'routes/-components/contact-preferences/contact-preferences-panel.tsx',
];

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
    const inline = screens.filter(
      (file) => providesInline(file) && !STILL_PROVIDING_INLINE_ONLY_SHRINKS.includes(file),
    );
    expect(inline, 'bind the chart in a <flow>.flow.ts with defineFlow (src/flow.tsx)').toEqual([]);
  });

  it('the list of screens still binding inline only shrinks: each entry exists and still calls `.provide(`', () => {
    const stale = STILL_PROVIDING_INLINE_ONLY_SHRINKS.filter(
      (file) => !existsSync(join(root, file)) || !providesInline(file),
    );
    expect(stale, 'take these off STILL_PROVIDING_INLINE_ONLY_SHRINKS').toEqual([]);
  });
});
