/**
 * The tools no test needs (Lighthouse for `npm run bench`, Mermaid for `npm run charts`, Stryker
 * for `npm run mutate`) live in tools/package.json with their own lockfile, so `npm ci` at the root
 * (and CI's 15 minutes) does not install their ~390 packages (docs/decisions/135).
 *
 *   node scripts/tools.mjs      installs them (npm ci in tools/) when missing or out of date
 *   toolsRequire.resolve(name)  where an installed tool is, for a script that loads it
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

export const toolsDir = fileURLToPath(new URL('../tools/', import.meta.url));
export const toolsRequire = createRequire(`${toolsDir}package.json`);

const stamp = `${toolsDir}node_modules/.lockfile-sha256`;
const lockHash = () =>
  createHash('sha256')
    .update(readFileSync(`${toolsDir}package-lock.json`))
    .digest('hex');

/** Runs npm ci in tools/ unless the installed copy was made from the current lockfile. */
export function ensureTools() {
  const hash = lockHash();
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) return;
  console.log('Installing the bench, chart and mutation tools in tools/ (first use, or their lockfile changed)…');
  const run = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: toolsDir, stdio: 'inherit' });
  if (run.status !== 0) {
    console.error(`npm ci in tools/ failed (exit ${run.status})`);
    process.exit(run.status ?? 1);
  }
  writeFileSync(stamp, hash);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) ensureTools();
