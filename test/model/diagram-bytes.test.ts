/**
 * `npm run charts` twice leaves `git status` clean (decision 650): the diagram of one small flow,
 * drawn again from its committed Mermaid page, is byte for byte the committed SVG. It needs the
 * chart tools (Mermaid and its ELK layout in tools/charts/, `node scripts/tools.mjs charts`) and
 * Chromium. CI installs the chart tools (decision 745), so there it runs and a missing install
 * fails; on a machine without them it is skipped.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const tools = path.join(root, 'tools/charts/node_modules/@mermaid-js/layout-elk/dist/mermaid-layout-elk.esm.min.mjs');

it.runIf(process.env['CI'] === 'true')('CI has the chart tools installed (decision 745)', () => {
  expect(existsSync(tools), 'run `node scripts/tools.mjs charts` before the tests').toBe(true);
});

it.skipIf(!existsSync(tools))(
  'redraws a flow to the same bytes as the committed diagram',
  () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'diagram-bytes-'));
    const flow = 'digital-railcard';
    copyFileSync(path.join(root, 'docs/flows', `${flow}.md`), path.join(dir, `${flow}.md`));
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/diagrams.ts', dir], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    expect(readFileSync(path.join(dir, `${flow}.svg`), 'utf8')).toBe(
      readFileSync(path.join(root, 'docs/flows', `${flow}.svg`), 'utf8'),
    );
  },
  120_000,
);
