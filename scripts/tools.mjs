/**
 * Tools the app does not need live in their own packages with their own lockfiles, so `npm ci` at
 * the root does not install them (docs/decisions/135):
 *   - tools/: Lighthouse (`npm run bench`) and Stryker (`npm run mutate`), about 280 packages;
 *   - tools/charts/: Mermaid and its ELK layout (`npm run charts`), about 110 packages, which CI
 *     installs too, so a diagram redrawn to other bytes fails there (decision 745).
 *
 *   node scripts/tools.mjs          installs both (npm ci in each) when missing or out of date
 *   node scripts/tools.mjs charts   installs the chart tools only
 *   toolsRequire / chartToolsRequire.resolve(name)  where an installed tool is
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

export const toolsDir = fileURLToPath(new URL('../tools/', import.meta.url));
export const toolsRequire = createRequire(`${toolsDir}package.json`);
export const chartToolsDir = fileURLToPath(new URL('../tools/charts/', import.meta.url));
export const chartToolsRequire = createRequire(`${chartToolsDir}package.json`);

/** Runs npm ci in `dir` unless its installed copy was made from its current lockfile. */
function ensure(dir, what) {
  const stamp = `${dir}node_modules/.lockfile-sha256`;
  const hash = createHash('sha256')
    .update(readFileSync(`${dir}package-lock.json`))
    .digest('hex');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) return;
  console.log(`Installing ${what} in ${dir} (first use, or their lockfile changed)…`);
  const run = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'inherit' });
  if (run.status !== 0) {
    console.error(`npm ci in ${dir} failed (exit ${run.status})`);
    process.exit(run.status ?? 1);
  }
  writeFileSync(stamp, hash);
}

export const ensureChartTools = () => ensure(chartToolsDir, 'the chart tools');

export function ensureTools() {
  ensure(toolsDir, 'the bench and mutation tools');
  ensureChartTools();
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (process.argv[2] === 'charts') ensureChartTools();
  else ensureTools();
}
