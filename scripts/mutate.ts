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
 *   npm run mutate -- --summary             only the summary, from the newest measurement of each
 *                                           file (this machine's kept Stryker result, else the
 *                                           committed docs/quality/mutation-results.json): exit 1
 *                                           when a machine file is unmeasured or under 90% by the
 *                                           strict count, killed ÷ (killed + survived + timeout +
 *                                           no coverage). It writes docs/quality/mutation.md and
 *                                           mutation-results.json (committed): per file the counts,
 *                                           when it was measured and whether the source measured is
 *                                           the file today (SHA-256), every timeout and survivor by
 *                                           line, and those equivalent-mutants.json judges
 *   npm run mutate -- --concurrency 1 --timeoutMS 120000 machines/x.ts
 *                                           Stryker's own options, passed on: on a machine shared
 *                                           with other builds, one runner and a long timeout keep
 *                                           load from being counted as a hang
 *   npm run mutate -- --force machines/x.ts every mutant of the files named tested again (Stryker's
 *                                           --force): use it after changing their model tests.
 *                                           Incremental mode re-tests a mutant when a test covering
 *                                           it changed, but a static mutant (in the chart's config)
 *                                           that no test covers one by one keeps its old result
 *                                           whatever the tests became (decision 130).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';

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
  // The form kit and the 429 copy are imported by every form's machine: in related mode each mutant
  // ran a dozen model test files, slow enough on two shared cores to time out instead of failing.
  'machines/lib/form-kit.ts': ['test/model/lib/form-kit.test.ts'],
  'src/copy/throttle.ts': ['test/model/lib/throttle.test.ts'],
  // The lost-answer chart and its reader are invoked by every money-moving flow (decision 700): in
  // related mode each mutant ran five flows' model tests, and no pass ever finished them. The
  // chart's descriptions and id are pinned by the descriptions test, as every chart's are.
  'machines/lib/lost-answer.ts': ['test/model/lib/lost-answer.test.ts'],
  // The refund card form is invoked by the refund, the change of journey and the season start date
  // change: in related mode every mutant ran those flows' model tests (minutes each on two shared
  // cores), so a mutant they would kill timed out instead, and the first run alone outlasted
  // Stryker's 5 minutes. Its own model test walks every transition and checks the output.
  'machines/refund-card-form.ts': ['test/model/refund-card-form.test.ts', 'test/model/descriptions.test.ts'],
  // The field a refusal is about is read by four forms, among them the refund card form that three
  // flows invoke: in related mode each mutant ran all their model tests. Its own test reads every rule.
  'machines/lib/field-refusal.ts': ['test/model/lib/field-refusal.test.ts'],
  // What a route loaded before its chart started is read by some twenty-five charts (decision 730):
  // in related mode each of its mutants ran all their model tests. Its own test reads both readers.
  'machines/lib/first-data.ts': ['test/model/lib/first-data.test.ts'],
  // The page-load reader is read by the five assistance charts and the two changes' (a host
  // without the change calls, decision 863): in related mode each mutant ran all their model tests.
  // Its own test reads each of its answers.
  'machines/lib/page-load.ts': ['test/model/lib/page-load.test.ts'],
  // The changes' payment part (decision 867): its own test pins the guards and the request, and
  // the two charts' model tests its actions, which only a chart runs; nothing else imports it.
  'machines/lib/change-payment.ts': [
    'test/model/lib/change-payment.test.ts',
    'test/model/journey-change.test.ts',
    'test/model/season-start-change.test.ts',
  ],
  'machines/submit-with-lost-answer.ts': [
    'test/model/submit-with-lost-answer.test.ts',
    'test/model/descriptions.test.ts',
  ],
};

/**
 * Whether a file is types alone (interfaces, type aliases): TypeScript compiles it to nothing, so
 * Stryker finds no mutant, and no test imports it at run time, so Stryker stops with "No tests were
 * executed" and keeps no result. Such a file is recorded as measured with no mutant instead.
 */
const typesOnly = (source: string): boolean =>
  ts
    .transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ESNext, removeComments: true } })
    .outputText.replace(/^export \{\};$/m, '')
    .trim() === '';

const resultFile = (file: string) =>
  join(
    byFileDir,
    `${file
      .replace(/^machines\//, '')
      .replace(/\.ts$/, '')
      .replaceAll('/', '__')}.json`,
  );

type Mutant = {
  id?: string;
  status: string;
  mutatorName?: string;
  replacement?: string;
  location?: { start: { line: number; column: number } };
};
type Report = { files: Record<string, { source?: string; mutants: Mutant[] }> };

/** A mutant named by where it is and what it does (a survivor, a timeout). */
type Named = { line: number; column?: number; status: string; mutator: string; replacement: string };

/**
 * One machine file's last measurement, kept in docs/quality/mutation-results.json (committed) so the
 * page and the gate can be computed on any machine, not only the one whose reports/ holds Stryker's
 * results. `source` is the SHA-256 of the file's text that was mutated ("stryker": from Stryker's own
 * report; "git": the file at the last commit before the measurement, for measurements made before
 * the report's source was kept); the page compares it with the file today.
 */
export type Measurement = {
  file: string;
  measuredAt: string;
  source: string | null;
  sourceFrom: 'stryker' | 'git' | null;
  killed: number;
  survived: number;
  timeout: number;
  noCoverage: number;
  /** Errors and ignored mutants: not run, so not scored. */
  other: number;
  /** Every timeout with its line; null when the run that measured it did not keep them. */
  timeouts: Named[] | null;
  survivors: Named[];
};

const resultsFile = join(root, 'docs/quality/mutation-results.json');
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The strict score: only killed mutants count as detected; timeouts and no coverage count against. */
export const strictScore = (m: Pick<Measurement, 'killed' | 'survived' | 'timeout' | 'noCoverage'>): number | null => {
  const scored = m.killed + m.survived + m.timeout + m.noCoverage;
  return scored ? (100 * m.killed) / scored : null;
};

const named = (m: Mutant): Named => ({
  line: m.location?.start.line ?? 0,
  ...(m.location ? { column: m.location.start.column } : {}),
  status: m.status,
  mutator: m.mutatorName ?? '?',
  replacement: m.replacement ?? '',
});

/** A measurement from a kept Stryker result (reports/mutation/by-file/), or null when there is none. */
function fromStryker(file: string): Measurement | null {
  const path = resultFile(file);
  if (!existsSync(path)) return null;
  const entry = (JSON.parse(readFileSync(path, 'utf8')) as Report).files[file];
  const mutants = entry?.mutants ?? [];
  const count = (status: string) => mutants.filter((m) => m.status === status).length;
  const c = {
    killed: count('Killed'),
    survived: count('Survived'),
    timeout: count('Timeout'),
    noCoverage: count('NoCoverage'),
  };
  const byLine = (a: Named, b: Named) => a.line - b.line || (a.column ?? 0) - (b.column ?? 0);
  return {
    file,
    measuredAt: statSync(path).mtime.toISOString().slice(0, 16) + 'Z',
    source: entry?.source === undefined ? null : sha256(entry.source),
    sourceFrom: entry?.source === undefined ? null : 'stryker',
    ...c,
    other: mutants.length - c.killed - c.survived - c.timeout - c.noCoverage,
    timeouts: mutants
      .filter((m) => m.status === 'Timeout')
      .map(named)
      .sort(byLine),
    survivors: mutants
      .filter((m) => UNDETECTED.has(m.status))
      .map(named)
      .sort(byLine),
  };
}
const UNDETECTED = new Set(['Survived', 'NoCoverage']);

const keptMeasurements = (): Measurement[] =>
  existsSync(resultsFile) ? (JSON.parse(readFileSync(resultsFile, 'utf8')) as Measurement[]) : [];

/** Every machine file's newest measurement: this machine's Stryker result where there is one, else the committed one. */
function measurements(files: string[]): Map<string, Measurement> {
  const kept = new Map(keptMeasurements().map((m) => [m.file, m]));
  const out = new Map<string, Measurement>();
  for (const file of files) {
    const fresh = fromStryker(file);
    const old = kept.get(file);
    const m = fresh && (!old || fresh.measuredAt >= old.measuredAt) ? fresh : old;
    if (m) out.set(file, m);
  }
  return out;
}

/** Survivors a reviewer judged equivalent (no test can tell them apart), by file, line and replacement. */
type Equivalent = { file: string; line: number; column?: number; mutator: string; replacement?: string; why: string };
const equivalents = (): Equivalent[] => {
  const path = join(root, 'docs/quality/equivalent-mutants.json');
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Equivalent[]) : [];
};

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s+/g, ' ').slice(0, 80);

/** Whether the file today is the source that was measured. */
function sourceState(m: Measurement): string {
  if (!m.source) return 'not recorded: measure again';
  const now = sha256(readFileSync(join(root, m.file), 'utf8'));
  if (now === m.source) return `current (sha256 ${m.source.slice(0, 12)}${m.sourceFrom === 'git' ? ', from git' : ''})`;
  return `**changed since** (measured ${m.source.slice(0, 12)}, now ${now.slice(0, 12)}): measure again`;
}

/**
 * docs/quality/mutation.md and docs/quality/mutation-results.json from the newest measurements. The
 * score per file is the strict one: killed ÷ (killed + survived + timeout + no coverage); a timeout
 * (a hang) is not a failing assertion, so it is not a kill, and every timeout is listed by line.
 */
function writePages(files: string[], all: Map<string, Measurement>): void {
  const equiv = equivalents();
  const rows: string[] = [];
  const survivors: string[] = [];
  const timeouts: string[] = [];
  const totals = { killed: 0, survived: 0, timeout: 0, noCoverage: 0 };
  const unmeasured = files.filter((f) => !all.has(f));
  for (const file of files) {
    const m = all.get(file);
    if (!m) continue;
    for (const k of Object.keys(totals) as (keyof typeof totals)[]) totals[k] += m[k];
    const score = strictScore(m);
    const own = OWN_TESTS[file] ? ' (the tests named for it alone)' : '';
    rows.push(
      `| \`${file}\`${own} | ${m.killed} | ${m.survived} | ${m.timeout} | ${m.noCoverage} | ${m.other} | ${score === null ? '—' : `${score.toFixed(1)}%`} | ${score === null || score >= BREAK ? 'pass' : '**FAIL**'} | ${m.measuredAt.replace('T', ' ').replace('Z', ' UTC')} | ${sourceState(m)} |`,
    );
    for (const x of m.survivors) {
      // The column tells apart two mutants of one line with the same mutator and replacement.
      const eq = equiv.find(
        (e) =>
          e.file === file &&
          e.line === x.line &&
          (e.column === undefined || e.column === x.column) &&
          e.mutator === x.mutator &&
          (e.replacement === undefined || e.replacement === x.replacement),
      );
      survivors.push(
        `| \`${file}:${x.line}\` | ${x.status} | ${x.mutator} | \`${cell(x.replacement)}\` | ${eq ? `equivalent: ${eq.why}` : 'not judged: a test should kill it'} |`,
      );
    }
    if (m.timeouts)
      for (const t of m.timeouts)
        timeouts.push(`| \`${file}:${t.line}\` | ${t.mutator} | \`${cell(t.replacement)}\` |`);
    else if (m.timeout)
      timeouts.push(
        `| \`${file}\` | ${m.timeout} timeout(s), lines not kept by the run that measured them | measure again: \`npm run mutate -- ${file}\` |`,
      );
  }
  const headline = strictScore(totals);
  // Measured and under the gate; a file with no measurement is listed apart (it fails the gate too).
  const failing = files.filter((f) => {
    const score = all.has(f) ? strictScore(all.get(f)!) : null;
    return score !== null && score < BREAK;
  });
  const out = [
    '# Mutation score of the machines',
    '',
    "Written by `npm run mutate -- --summary` (scripts/mutate.ts) from the newest measurement of each file: this machine's Stryker results in reports/mutation/by-file/, else the committed docs/quality/mutation-results.json; do not edit by hand.",
    '',
    `Files measured: ${files.length - unmeasured.length} of ${files.length} machine files.`,
    '',
    `The gate: every file at ${BREAK}% or more by the strict count, killed ÷ (killed + survived + timeout + no coverage). A timeout is not a kill (a hang is not a failing assertion), and a survivor judged equivalent still counts as survived. ${failing.length ? `**${failing.length} file(s) below it:** ${failing.map((f) => `\`${f}\``).join(', ')}.` : 'Every measured file passes.'}${unmeasured.length ? ` **${unmeasured.length} file(s) not measured yet** (listed at the end), which the gate fails as well.` : ''}`,
    '',
    `In all: **${headline === null ? '—' : `${headline.toFixed(1)}%`} killed** (${totals.killed} of ${totals.killed + totals.survived + totals.timeout + totals.noCoverage} scored mutants; ${totals.timeout} timeouts).`,
    '',
    "\"Source\" says whether the file today is the text that was measured (SHA-256 of the mutated source, from Stryker's report, or from git for measurements made before the report's source was kept): a changed file's row is the old file's score.",
    '',
    '| Machine file | Killed | Survived | Timeout | No coverage | Not run (errors, ignored) | Killed % (strict) | Gate | Measured | Source |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- | --- |',
    ...rows,
    '',
    '## Timeouts',
    '',
    ...(timeouts.length
      ? ['| Where | Mutator | Replacement |', '| --- | --- | --- |', ...timeouts]
      : ['None in the measured files.']),
    '',
    '## Survivors',
    '',
    ...(survivors.length
      ? ['| Where | Status | Mutator | Replacement | Judgement |', '| --- | --- | --- | --- | --- |', ...survivors]
      : ['None in the measured files.']),
    '',
    ...(unmeasured.length ? ['## Not measured', '', ...unmeasured.map((f) => `- \`${f}\``), ''] : []),
  ];
  mkdirSync(join(root, 'docs/quality'), { recursive: true });
  writeFileSync(join(root, 'docs/quality/mutation.md'), out.join('\n'));
  writeFileSync(
    resultsFile,
    `${JSON.stringify(
      files.flatMap((f) => (all.has(f) ? [all.get(f)!] : [])),
      null,
      2,
    )}\n`,
  );
  console.log('wrote docs/quality/mutation.md and docs/quality/mutation-results.json');
}

/** The gate: exit 1 when a machine file has no measurement or is under BREAK by the strict count. */
const summary = (): number => {
  const files = machineFiles();
  const all = measurements(files);
  writePages(files, all);
  let bad = 0;
  console.log(
    `\nmutation score per machine file, strict: killed / (killed + survived + timeout + no coverage); gate ${BREAK}% per file`,
  );
  for (const file of files) {
    const m = all.get(file);
    if (!m) {
      bad += 1;
      console.log(`  ${file.padEnd(48)}   no result yet`);
      continue;
    }
    const score = strictScore(m);
    const fails = score !== null && score < BREAK;
    if (fails) bad += 1;
    console.log(
      `  ${file.padEnd(48)} ${(score === null ? 'no mutants' : `${score.toFixed(2)}%`).padStart(10)}  ${String(m.killed).padStart(4)} killed, ${String(m.survived).padStart(3)} survived, ${String(m.timeout).padStart(3)} timeout, ${String(m.noCoverage).padStart(3)} no coverage${fails ? '  BELOW THE GATE' : ''}`,
    );
  }
  console.log(
    bad ? `${bad} machine file(s) unmeasured or below ${BREAK}%.` : `every machine file at ${BREAK}% or more.`,
  );
  return bad ? 1 : 0;
};

const args = process.argv.slice(2);
if (!args.includes('--summary')) {
  // Stryker options that take a value, passed on as given (`--concurrency 1`, `--timeoutMS 120000`).
  const passed = new Set(['--concurrency', '--timeoutMS', '--timeoutFactor']);
  const options: string[] = [];
  const named: string[] = [];
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    if (passed.has(arg) && args[i + 1] !== undefined) options.push(arg, args[++i]!);
    else if (!arg.startsWith('--')) named.push(arg);
  }
  const files = named.length ? named : machineFiles();
  const force = args.includes('--force') ? ['--force'] : [];
  mkdirSync(byFileDir, { recursive: true });
  for (const [i, file] of files.entries()) {
    console.log(`\n[${i + 1}/${files.length}] ${file}`);
    const source = readFileSync(join(root, file), 'utf8');
    if (typesOnly(source)) {
      // The shape of Stryker's report that fromStryker reads: the source measured and its mutants.
      writeFileSync(resultFile(file), `${JSON.stringify({ files: { [file]: { source, mutants: [] } } })}\n`);
      console.log(`${file} is types alone: nothing to mutate.`);
      continue;
    }
    const before = existsSync(resultFile(file)) ? statSync(resultFile(file)).mtimeMs : 0;
    const run = spawnSync(
      join(root, 'tools/node_modules/.bin/stryker'),
      ['run', '--mutate', file, '--incrementalFile', relative(root, resultFile(file)), ...force, ...options],
      {
        cwd: root,
        stdio: 'inherit',
        // vitest.mutate.config.ts narrows the run to these test files; test/model/descriptions.test.ts
        // loads only the mutated machine.
        env: {
          ...process.env,
          MUTATE_FILE: file,
          ...(OWN_TESTS[file] ? { MUTATE_TESTS: OWN_TESTS[file].join(',') } : {}),
        },
      },
    );
    // A score under the break threshold exits 1 too; only a missing result means the run failed.
    if (!existsSync(resultFile(file)) || statSync(resultFile(file)).mtimeMs === before) {
      console.error(`stryker did not finish ${file} (exit ${run.status}); stopping the pass.`);
      process.exit(2);
    }
  }
}
process.exit(summary());
