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
 *                                           machine file has no result yet); it also writes
 *                                           docs/quality/mutation.md (committed): per measured
 *                                           file killed, survived, timeout and no coverage, the
 *                                           commit measured, each survivor named, and those
 *                                           docs/quality/equivalent-mutants.json calls equivalent
 *   npm run mutate -- --force machines/x.ts every mutant of the files named tested again (Stryker's
 *                                           --force): use it after changing their model tests.
 *                                           Incremental mode re-tests a mutant when a test covering
 *                                           it changed, but a static mutant (in the chart's config)
 *                                           that no test covers one by one keeps its old result
 *                                           whatever the tests became (decision 130).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
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

/**
 * Shared helpers measured by their own unit tests alone (docs/decisions/550): nearly every machine
 * imports them, so `related` mode would run the whole model suite for each of their mutants (about
 * an hour a file on two cores). Their unit tests must pin them by themselves; the summary says so.
 */
const OWN_TESTS: Record<string, string[]> = {
  'machines/lib/problems.ts': ['test/model/lib/problems.test.ts', 'test/model/lib/throttle.test.ts'],
};

const resultFile = (file: string) => join(byFileDir, `${file.replace(/^machines\//, '').replace(/\.ts$/, '').replaceAll('/', '__')}.json`);

type Mutant = { id?: string; status: string; mutatorName?: string; replacement?: string; location?: { start: { line: number; column: number } } };
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

/** Survivors a reviewer judged equivalent (no test can tell them apart), by file, line and replacement. */
type Equivalent = { file: string; line: number; column?: number; mutator: string; replacement?: string; why: string };
const equivalents = (): Equivalent[] => {
  const path = join(root, 'docs/quality/equivalent-mutants.json');
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Equivalent[]) : [];
};

const git = (...args: string[]) => spawnSync('git', args, { cwd: root, encoding: 'utf8' }).stdout.trim();

/**
 * docs/quality/mutation.md from the kept results: the headline counts only killed mutants as
 * detected; timeouts are listed apart (a hang is not a failing assertion).
 */
function writeMarkdown(files: string[]): void {
  const equiv = equivalents();
  const commit = git('rev-parse', 'HEAD');
  const rows: string[] = [];
  const survivors: string[] = [];
  const totals = { killed: 0, survived: 0, timeout: 0, noCoverage: 0, other: 0 };
  const unmeasured: string[] = [];
  for (const file of files) {
    const path = resultFile(file);
    if (!existsSync(path)) {
      unmeasured.push(file);
      continue;
    }
    const mutants = (JSON.parse(readFileSync(path, 'utf8')) as Report).files[file]?.mutants ?? [];
    const count = (status: string) => mutants.filter((m) => m.status === status).length;
    const c = { killed: count('Killed'), survived: count('Survived'), timeout: count('Timeout'), noCoverage: count('NoCoverage') };
    const other = mutants.length - c.killed - c.survived - c.timeout - c.noCoverage;
    for (const k of Object.keys(c) as (keyof typeof c)[]) totals[k] += c[k];
    totals.other += other;
    const scored = mutants.length - other;
    const changed = git('log', '-1', '--format=%h', `--since=${statSync(path).mtime.toISOString()}`, '--', file);
    const own = OWN_TESTS[file] ? ' (its own unit tests alone)' : '';
    rows.push(
      `| \`${file}\`${own} | ${c.killed} | ${c.survived} | ${c.timeout} | ${c.noCoverage} | ${other} | ${scored ? ((100 * c.killed) / scored).toFixed(1) : '—'}% | ${statSync(path).mtime.toISOString().slice(0, 16).replace('T', ' ')} UTC${changed ? ` (file changed since, in ${changed})` : ''} |`,
    );
    for (const m of mutants.filter((x) => x.status === 'Survived' || x.status === 'NoCoverage')) {
      const line = m.location?.start.line ?? 0;
      // The column tells apart two mutants of one line with the same mutator and replacement.
      const eq = equiv.find(
        (e) =>
          e.file === file &&
          e.line === line &&
          (e.column === undefined || e.column === m.location?.start.column) &&
          e.mutator === m.mutatorName &&
          (e.replacement === undefined || e.replacement === m.replacement),
      );
      survivors.push(`| \`${file}:${line}\` | ${m.status} | ${m.mutatorName ?? '?'} | \`${(m.replacement ?? '').replace(/\|/g, '\\|').replace(/\s+/g, ' ').slice(0, 80)}\` | ${eq ? `equivalent: ${eq.why}` : 'not judged: a test should kill it'} |`);
    }
  }
  const scored = totals.killed + totals.survived + totals.timeout + totals.noCoverage;
  const out = [
    '# Mutation score of the machines',
    '',
    'Written by `npm run mutate -- --summary` (scripts/mutate.ts) from the kept Stryker results in reports/mutation/by-file/; do not edit by hand.',
    '',
    `Commit measured: \`${commit}\`. Files measured: ${files.length - unmeasured.length} of ${files.length} machine files (the others have no kept result on the machine that wrote this page: run \`npm run mutate -- machines/<file>.ts\`, then the summary).`,
    '',
    `Headline: **${scored ? ((100 * totals.killed) / scored).toFixed(1) : '—'}% killed** (${totals.killed} of ${scored} mutants). Timeouts (${totals.timeout}) are reported apart and not counted as kills; survivors a reviewer judged equivalent are named below and still counted as survived.`,
    '',
    '| Machine file | Killed | Survived | Timeout | No coverage | Not run (errors, ignored) | Killed % | Measured |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...rows,
    '',
    '## Survivors',
    '',
    ...(survivors.length ? ['| Where | Status | Mutator | Replacement | Judgement |', '| --- | --- | --- | --- | --- |', ...survivors] : ['None in the measured files.']),
    '',
    ...(unmeasured.length ? ['## Not measured', '', ...unmeasured.map((f) => `- \`${f}\``), ''] : []),
  ];
  mkdirSync(join(root, 'docs/quality'), { recursive: true });
  writeFileSync(join(root, 'docs/quality/mutation.md'), out.join('\n'));
  console.log('wrote docs/quality/mutation.md');
}

const summary = (): number => {
  writeMarkdown(machineFiles());
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
      // vitest.mutate.config.ts narrows the run to these test files.
      env: OWN_TESTS[file] ? { ...process.env, MUTATE_TESTS: OWN_TESTS[file].join(',') } : process.env,
    });
    // A score under the break threshold exits 1 too; only a missing result means the run failed.
    if (!existsSync(resultFile(file)) || statSync(resultFile(file)).mtimeMs === before) {
      console.error(`stryker did not finish ${file} (exit ${run.status}); stopping the pass.`);
      process.exit(2);
    }
  }
}
process.exit(summary());
