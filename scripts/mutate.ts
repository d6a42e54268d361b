/**
 * `npm run mutate`: Stryker over machines/, one machine file per Stryker run, each with its own
 * incremental file in reports/mutation/by-file/ (docs/decisions/130). A whole pass is hours on a
 * 2-core machine (5,595 mutants), longer than one working session, and Stryker writes its
 * incremental file only when a run ends: one run per file makes the work resumable (a stopped pass
 * keeps every file it finished, and the next pass re-tests only mutants whose chart or tests
 * changed) and costs about 20 s of start-up per file.
 *
 *   npm run mutate                          every machine file, then the summary
 *   npm run mutate -- machines/login.ts     only the files named, then the summary
 *   npm run mutate -- --summary             only the summary: the score per machine and in all,
 *                                           from the kept results (exit 1 below 90% or when a
 *                                           machine file has no result yet)
 *   npm run mutate -- --force machines/x.ts every mutant of the files named tested again (Stryker's
 *                                           --force): use it after changing their model tests.
 *                                           Incremental mode re-tests a mutant when a test covering
 *                                           it changed, but a static mutant (in the chart's config)
 *                                           that no test covers one by one keeps its old result
 *                                           whatever the tests became (decision 130).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const byFileDir = join(root, 'reports/mutation/by-file');
const BREAK = 90;

const machineFiles = (dir = join(root, 'machines')): string[] =>
  readdirSync(dir)
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? machineFiles(path) : name.endsWith('.ts') ? [relative(root, path)] : [];
    })
    .sort();

const resultFile = (file: string) => join(byFileDir, `${file.replace(/^machines\//, '').replace(/\.ts$/, '').replaceAll('/', '__')}.json`);

type Mutant = { status: string };
type Report = { files: Record<string, { mutants: Mutant[] }> };
const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);

/** Killed and survived per machine file, from each file's kept result (Stryker's report schema). */
const tally = (files: string[]) =>
  files.map((file) => {
    const path = resultFile(file);
    if (!existsSync(path)) return { file, result: null };
    const report = JSON.parse(readFileSync(path, 'utf8')) as Report;
    const mutants = report.files[file]?.mutants ?? [];
    const detected = mutants.filter((m) => DETECTED.has(m.status)).length;
    const undetected = mutants.filter((m) => UNDETECTED.has(m.status)).length;
    return { file, result: { detected, undetected, ranAt: statSync(path).mtime } };
  });

const summary = (): number => {
  const rows = tally(machineFiles());
  let detected = 0;
  let undetected = 0;
  const missing: string[] = [];
  console.log('\nmutation score per machine file (killed + timed out) / (killed + timed out + survived + no coverage)');
  for (const { file, result } of rows) {
    if (!result) {
      missing.push(file);
      console.log(`  ${file.padEnd(48)}   no result yet`);
      continue;
    }
    const total = result.detected + result.undetected;
    detected += result.detected;
    undetected += result.undetected;
    const score = total === 0 ? 'no mutants' : `${((100 * result.detected) / total).toFixed(2)}%`;
    console.log(`  ${file.padEnd(48)} ${score.padStart(10)}  ${String(result.detected).padStart(4)} killed, ${String(result.undetected).padStart(3)} survived`);
  }
  const all = detected + undetected;
  const score = all === 0 ? 0 : (100 * detected) / all;
  console.log(`machines/ in all: ${score.toFixed(2)}% (${detected} of ${all} mutants detected; break threshold ${BREAK}%)`);
  if (missing.length) console.log(`${missing.length} machine file(s) have no result yet: run npm run mutate to finish the pass.`);
  return missing.length === 0 && score >= BREAK ? 0 : 1;
};

const args = process.argv.slice(2);
if (!args.includes('--summary')) {
  const named = args.filter((a) => !a.startsWith('--'));
  const files = named.length ? named : machineFiles();
  const force = args.includes('--force') ? ['--force'] : [];
  mkdirSync(byFileDir, { recursive: true });
  for (const [i, file] of files.entries()) {
    console.log(`\n[${i + 1}/${files.length}] ${file}`);
    const before = existsSync(resultFile(file)) ? statSync(resultFile(file)).mtimeMs : 0;
    const run = spawnSync(join(root, 'tools/node_modules/.bin/stryker'), ['run', '--mutate', file, '--incrementalFile', relative(root, resultFile(file)), ...force], {
      cwd: root,
      stdio: 'inherit',
    });
    // A score under the break threshold exits 1 too; only a missing result means the run failed.
    if (!existsSync(resultFile(file)) || statSync(resultFile(file)).mtimeMs === before) {
      console.error(`stryker did not finish ${file} (exit ${run.status}); stopping the pass.`);
      process.exit(2);
    }
  }
}
process.exit(summary());
