/**
 * Test cases from the model tests, for a person to run and a test-management tool to keep
 * (docs/quality/test-cases.md): for each machine, the paths its model test replays, each as a case
 * with an id derived from the path's states and events, tags (@id, @flow, @kind, @area), a title in
 * the customer's words, and steps saying what the customer does and then sees (the screen's copy,
 * scripts/lib/plan-words.ts). The model tests' titles keep the machine's words
 * ("in <state>, when <event> [guard], expect <state>": test/model/harness.ts); the JSON has both.
 *
 *   npm run plans [flow] [--format md|json|gherkin|csv] [--cover transitions|paths] [--out dir] [--keys file]
 *     flow = machines/<flow>.ts, e.g. find-booking
 *     --cover transitions (default): the fewest of the model test's paths (greedy set cover) that
 *       together take every transition step the model test takes. --cover paths: all.
 *     --format gherkin writes one <flow>.feature per flow into --out (default test-plans/) for
 *       Xray or Zephyr; csv prints TestRail's layout (a case's columns, then a row per step); md and
 *       json print to stdout.
 *     --keys file.json: { "<case id>": "<the tool's key>" }, added as a tag (Gherkin) or the ID
 *       column (CSV), so a re-import updates the tool's cases instead of adding new ones.
 *
 * The paths are the model tests' own: each test/model/<flow>.test.ts is loaded with a collect-only
 * 'vitest' (scripts/lib/vitest-collect.mjs), so plans and tests can never disagree.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { register } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { PlanStep } from '#test/model/plan-format';
import { flowAreas } from './lib/plan-areas';
import { dataValues, fillSlots, planWords, seesIn, stepWords, words, type MachineWords } from './lib/plan-words';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface FlowPlan {
  flow: string;
  models: { name: string; machine: string; transitions: number; paths: PlanPath[] }[];
}

interface PlanPath {
  number: number;
  /** The model test path this is (its test title starts 'path <modelPath>:'). */
  modelPath: number;
  title: string;
  input?: unknown;
  start: string;
  startSees?: string;
  steps: PlanStep[];
}

const stepKey = (s: PlanStep) => `${s.from}|${s.event}|${s.guard ?? ''}|${s.to}`;

/**
 * The fewest paths (greedy set cover: each time the path that takes most steps not yet taken,
 * the shorter on a tie) that together take every distinct step the given paths take; renumbered.
 */
function coverTransitions(paths: readonly PlanPath[]): PlanPath[] {
  const left = new Set(paths.flatMap((p) => p.steps.map(stepKey)));
  const chosen: PlanPath[] = [];
  const pool = [...paths];
  while (left.size) {
    let best: PlanPath | undefined;
    let bestGain = 0;
    for (const p of pool) {
      const gain = new Set(p.steps.map(stepKey).filter((k) => left.has(k))).size;
      if (gain > bestGain || (gain === bestGain && gain > 0 && best && p.steps.length < best.steps.length)) {
        best = p;
        bestGain = gain;
      }
    }
    if (!best) break;
    chosen.push(best);
    pool.splice(pool.indexOf(best), 1);
    for (const k of best.steps.map(stepKey)) left.delete(k);
  }
  return chosen.map((p, i) => ({ ...p, number: i + 1 }));
}

function withCover(plans: readonly FlowPlan[]): FlowPlan[] {
  return plans.map((plan) => ({
    ...plan,
    models: plan.models.map((m) => ({ ...m, paths: coverTransitions(m.paths) })),
  }));
}

const quoted = (text: string) => `"${text.replace(/"/g, "'")}"`;
const stepEvent = (s: PlanStep) => `${s.event}${s.guard ? ` (${s.guard})` : ''}`;

/** A plan step in a tester's words: what they do (or what a service answers), what they then see, and the test data that tells it apart. */
interface TesterStep {
  does: string;
  sees: string[];
  data?: string;
}
interface TesterPath {
  opens: string;
  sees: string[];
  steps: TesterStep[];
}

/** The machine's table of tester words (scripts/lib/plan-words.ts), if it has one. */
const tableOf = (machine: string): MachineWords | undefined => planWords[machine];

/** Leaf fields of a value as 'a.b[0].c' → JSON text. */
function leafFields(value: unknown, prefix = '', out = new Map<string, string>()): Map<string, string> {
  if (value !== null && typeof value === 'object') {
    const entries = Array.isArray(value)
      ? value.map((v, i) => [`[${i}]`, v] as const)
      : Object.entries(value).map(([k, v]) => [prefix ? `.${k}` : k, v] as const);
    if (!entries.length) out.set(prefix || '(value)', JSON.stringify(value));
    for (const [k, v] of entries) leafFields(v, `${prefix}${k}`, out);
  } else out.set(prefix || '(value)', JSON.stringify(value) ?? 'undefined');
  return out;
}

/** A leaf's JSON text as the tester types it against the demo data (the table's `demo`), else as it is. */
function demoValue(table: MachineWords | undefined, json: string): string {
  if (!table?.demo || !json.startsWith('"')) return json;
  return table.demo[JSON.parse(json) as string] ?? json;
}

/**
 * Every leaf field of a value, with the demo data's values: 'bookingReference: "TL-FERDNX"' for a
 * field the customer types into ({ field, value }), else 'a.b = "x"'.
 */
function fieldsText(value: unknown, table?: MachineWords): string {
  const leaves = leafFields(value);
  const field = leaves.get('field');
  if (field?.startsWith('"') && [...leaves.keys()].every((k) => k === 'field' || k === 'value')) {
    const name = JSON.parse(field) as string;
    return leaves.has('value') ? `${name}: ${demoValue(table, leaves.get('value')!)}` : `field ${name}`;
  }
  return [...leaves].map(([k, v]) => `${k} = ${demoValue(table, v)}`).join(', ');
}

/** The fields of `mine` that differ from at least one of `others` (missing there or another value). */
function differingFields(mine: unknown, others: readonly unknown[], table?: MachineWords): string {
  const own = leafFields(mine);
  const theirs = others.map((o) => leafFields(o));
  const keys = new Set([...own.keys(), ...theirs.flatMap((t) => [...t.keys()])]);
  const differ = [...keys].filter((k) => theirs.some((t) => t.get(k) !== own.get(k)));
  const text = differ.map((k) => `${k} = ${own.has(k) ? demoValue(table, own.get(k)!) : '(none)'}`).join(', ');
  return text.length > 240 ? `${text.slice(0, 239)}…` : text;
}

/**
 * The paths of one model in a tester's words. Two paths that would read the same (the same words
 * for different test data, e.g. two quotes that both can be refunded) get the data fields that make
 * each step differ printed beside it.
 */
function testerPaths(machine: string, paths: readonly PlanPath[]): TesterPath[] | undefined {
  const table = tableOf(machine);
  if (!table) return undefined;
  const read = paths.map((p): TesterPath => {
    const steps = p.steps.map((s) => ({
      ...(stepWords(table, s.event, s.guard) ?? {
        does: `${s.event}${s.guard ? ` [${s.guard}]` : ''} (no words for this step in scripts/lib/plan-words.ts)`,
      }),
      sees: seesIn(table, s.to),
    }));
    // The demo booking the path's answers need: one, or the first with the others named (the local
    // server gives each answer on its own booking; the model test can chain them).
    const uses = [...new Set(steps.flatMap((s) => (s.use ? [s.use] : [])))];
    const use = uses[0] ?? table.use;
    const opens = `${words(table.screen)}${use ? `, with the demo booking ${use}` : ''}${uses.length > 1 ? ` (this path also needs answers the local server gives on ${uses.slice(1).join(', ')}: run it there from that step, or against a retailer's test system)` : ''}`;
    return {
      opens,
      sees: seesIn(table, p.start),
      steps: steps.map(({ does, sees }, i) => {
        const step = p.steps[i]!;
        // What the customer types or picks is part of what they do; a service's answer is printed only where paths would read the same.
        const typed =
          step.data !== undefined && !/ (answers|fails)$/.test(step.event)
            ? { data: fieldsText(step.data, table) }
            : {};
        return { does, sees: step.to === step.from ? ['the same screen, as the step left it'] : sees, ...typed };
      }),
    };
  });
  const groups = new Map<string, number[]>();
  read.forEach((r, i) => {
    const key = JSON.stringify(r);
    groups.set(key, [...(groups.get(key) ?? []), i]);
  });
  for (const same of groups.values()) {
    if (same.length < 2) continue;
    for (const i of same) {
      read[i]!.steps.forEach((step, n) => {
        const mine = paths[i]!.steps[n]!.data;
        const others = same.filter((j) => j !== i).map((j) => paths[j]!.steps[n]!.data);
        if (step.data || others.every((o) => JSON.stringify(o) === JSON.stringify(mine))) return;
        step.data = differingFields(mine, others, table);
      });
    }
  }
  return read;
}

/** What a case tests: the customer gets what they came for, is refused, meets a failure, or waits on a timer. */
export type CaseKind = 'happy' | 'refusal' | 'failure' | 'timing';
const KINDS: readonly CaseKind[] = ['happy', 'refusal', 'failure', 'timing'];

/** One step of a case as a person runs it: what they do, what they then see, what they type. */
export interface CaseStep {
  does: string;
  sees: string[];
  data?: string;
}

/**
 * A test case a test-management tool can keep: `id` is derived from the path's states, events and
 * guards (and the machine's input), so it stays while the path stays; the title is in the
 * customer's words; a path longer than MAX_CASE_STEPS (after its loops are collapsed) becomes parts.
 */
export interface TestCase {
  id: string;
  flow: string;
  kind: CaseKind;
  area: string;
  title: string;
  /** The part of a split path ('2 of 3'), if split. */
  part?: string;
  tags: string[];
  opens: string;
  sees: string[];
  steps: CaseStep[];
  /** The model test path it replays (for a developer: the number changes when the model's paths do). */
  modelPath: number;
}

/** A case a person runs by hand has at most this many steps; a longer path is split into parts. */
export const MAX_CASE_STEPS = 25;
/** A title fits a tool's title field (TestRail: 250 characters), with room for an id where two read alike. */
const TITLE_MAX = 250;
/** The longest run of steps a loop may repeat (a poll: wait, check; a retry: press, fail, see). */
const MAX_LOOP = 6;

/** A guard that tells a service's failure (cannot be reached, unknown outcome, not offered here) from a refusal. */
const FAILURE_GUARD =
  /^(isOutcomeUnknown|canRetry|isUnavailable|isSchemaError|isUnexpectedFormat|isProviderMissing|isChangeOfJourneySourceError|hasAccountUpdateFailed|hostLacks\w*)$/;
/** A guard on a service's answer that says no (the answer is a refusal, not an error). */
const REFUSING_ANSWER =
  /^(isInvalid|isInvalidCard|isExpired|isNotClaimable|isNonRefundable|isTermsIneligible|isFraud\w*|isCardDeclined\w*|isAlreadyCancelled|isCancelledAlready|isAlready(Requested|Claimed|Submitted)|isNotFound|isAbsent|shouldShowIneligibleView|isWithdrawn)$/;
/**
 * Check again (`<flow>.check`): offered only when neither the attempt nor its check got an answer
 * (the lost-answer chart, decision 575), so a path that takes it is a failure whatever came next.
 */
const CHECK_AGAIN = /^[a-z]+\.check$/;

/**
 * The kind of a path, the first that applies: failure (a service fails without saying no: it cannot
 * be reached, errs, or its outcome is unknown), refusal (a service or the form says no), timing (a
 * timer moves the flow: a poll, a redirect after a pause, an expiry), else happy.
 */
export function caseKind(steps: readonly PlanStep[]): CaseKind {
  const failure = steps.some(
    (s) => (s.event.endsWith(' fails') && (!s.guard || FAILURE_GUARD.test(s.guard))) || CHECK_AGAIN.test(s.event),
  );
  if (failure) return 'failure';
  const refusal = steps.some(
    (s) =>
      (s.event.endsWith(' fails') && s.guard) ||
      (s.event.endsWith(' answers') && s.guard && (REFUSING_ANSWER.test(s.guard) || FAILURE_GUARD.test(s.guard))) ||
      (s.event === 'form.submit' && !s.guard),
  );
  if (refusal) return 'refusal';
  return steps.some((s) => s.event.startsWith('after ')) ? 'timing' : 'happy';
}

const hash = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 8);

/** A path's identity: the model, its input, where it starts and each step's from, event, guard and to. */
const pathIdentity = (model: string, p: PlanPath) => ({
  model,
  input: p.input ?? null,
  start: p.start,
  steps: p.steps.map(stepKey),
});

/**
 * Case ids of a model's paths: `<flow>-<8 hex of the path's identity>`. Two paths with the same
 * states and events (they differ only in the data a step carries, e.g. two quotes that both refund)
 * also hash that data, so each keeps an id of its own.
 */
function caseIds(flow: string, model: string, paths: readonly PlanPath[]): string[] {
  const plain = paths.map((p) => hash(pathIdentity(model, p)));
  return plain.map((h, i) =>
    plain.indexOf(h) === plain.lastIndexOf(h)
      ? `${flow}-${h}`
      : `${flow}-${hash({ ...pathIdentity(model, paths[i]!), data: paths[i]!.steps.map((s) => s.data ?? null) })}`,
  );
}

/** The words of a title: the does of a step without its asides (brackets) or what follows a semicolon. */
const gist = (text: string) => {
  let out = text;
  for (let before = ''; before !== out; ) [before, out] = [out, out.replace(/\s*\([^()]*\)/g, '')];
  return out.split(';')[0]!.replace(/\s+/g, ' ').trim();
};
/** Typing and leaving fields: what every form path does, not what tells one case from another. */
const routine = (event: string) => /(^|\.)(change|blur)$/.test(event);

/** A title in the customer's words: the flow's name, then the last steps that tell this path apart. */
function caseTitle(name: string, kindOf: CaseKind, steps: readonly { event: string; does: string }[]): string {
  const telling = steps.filter((s) => !routine(s.event)).map((s) => gist(s.does));
  const unique = telling.filter((t, i) => t !== telling[i - 1]);
  if (!unique.length)
    return `${name}: ${kindOf === 'happy' ? 'the page as it opens' : kindOf}${steps.length ? ', typing in the form' : ''}`;
  // The last three steps, fewer when that is too long for a tool's title (TestRail keeps 250 characters).
  for (let last = 3; ; last -= 1) {
    const shown = unique.slice(-last);
    const title = `${name}: ${unique.length > shown.length ? '… ' : ''}${shown.join(', then ')}`;
    if (title.length <= TITLE_MAX - 12 || last === 1)
      return title.length <= TITLE_MAX - 12 ? title : `${title.slice(0, TITLE_MAX - 13)}…`;
  }
}

interface Stepped extends CaseStep {
  key: string;
  event: string;
}

/**
 * Runs of the same steps (a poll's wait and check, typing field after field) as one step with a
 * count: "wait until …: 15 checks" rather than the same two steps 15 times.
 */
export function collapseLoops(steps: readonly Stepped[]): Stepped[] {
  const out: Stepped[] = [];
  const same = (a: number, b: number, length: number) =>
    steps.slice(a, a + length).every((s, k) => s.key === steps[b + k]?.key);
  for (let i = 0; i < steps.length; ) {
    let best = { length: 1, times: 1 };
    for (let length = 1; length <= MAX_LOOP && i + 2 * length <= steps.length; length += 1) {
      let times = 1;
      while (i + (times + 1) * length <= steps.length && same(i, i + times * length, length)) times += 1;
      if (times > 1 && times * length > best.times * best.length) best = { length, times };
    }
    if (best.times === 1) {
      out.push(steps[i]!);
      i += 1;
      continue;
    }
    const block = steps.slice(i, i + best.length);
    const all = steps.slice(i, i + best.length * best.times);
    const data = all.flatMap((s) => (s.data ? [s.data] : []));
    const last = block.at(-1)!;
    const waits = block.some((s) => s.event.startsWith('after '));
    const does = waits
      ? `they wait while the page checks on its own: ${best.times} checks, each time: ${block.map((s) => s.does).join('; then ')}`
      : best.length === 1
        ? `${block[0]!.does}: ${best.times} times`
        : `${best.times} times over: ${block.map((s) => s.does).join('; then ')}`;
    out.push({
      key: all.map((s) => s.key).join(' '),
      event: last.event,
      does,
      sees: last.sees,
      ...(data.length ? { data: [...new Set(data)].join('; ') } : {}),
    });
    i += best.length * best.times;
  }
  return out;
}

/** Tags every case carries, as Gherkin tags and a CSV column: its id, flow, kind and product area. */
const tagsOf = (c: Pick<TestCase, 'id' | 'flow' | 'kind' | 'area'>) => [
  `@id:${c.id}`,
  `@flow:${c.flow}`,
  `@kind:${c.kind}`,
  `@area:${c.area}`,
];

/**
 * The test cases of a flow, in a stable order (kind, then title, then id): the order does not hang
 * on the model test's path numbers or the cover's choice, so one changed path changes only its case.
 */
export function casesOf(plan: FlowPlan): TestCase[] {
  const about = flowAreas[plan.flow] ?? { name: plan.flow, area: 'unfiled' };
  const cases: TestCase[] = [];
  for (const model of plan.models) {
    const tester = testerPaths(model.machine, model.paths);
    const ids = caseIds(plan.flow, model.name, model.paths);
    model.paths.forEach((p, n) => {
      const t = tester?.[n];
      const stepped: Stepped[] = p.steps.map((s, i) => {
        const ts = t?.steps[i];
        return {
          key: stepKey(s),
          event: s.event,
          does: ts?.does ?? `${stepEvent(s)}, then they are at ${quoted(s.to)}`,
          sees: ts ? ts.sees : s.sees,
          ...(ts?.data ? { data: ts.data } : {}),
        };
      });
      const steps = collapseLoops(stepped);
      const kind = caseKind(p.steps);
      const id = ids[n]!;
      // Which of the model's inputs (a kind of booking, a token) the case starts from: its test data.
      const input = p.input === undefined ? '' : ` (test data: ${fieldsText(p.input, tableOf(model.machine))})`;
      // The catalogue's slots read as the case's own values (its test data, else the demo's).
      const table = tableOf(model.machine);
      const values = dataValues([input, ...steps.flatMap((s) => (s.data ? [s.data] : []))]);
      const fill = (text: string) => fillSlots(text, table, values);
      const opens = fill(`${t ? t.opens : `the flow at ${quoted(p.start)}`}${input}`);
      for (const s of steps) {
        s.does = fill(s.does);
        s.sees = s.sees.map(fill);
      }
      const sees = (t ? t.sees : p.startSees ? [p.startSees] : []).map(fill);
      const title = caseTitle(about.name, kind, steps);
      const parts = Math.max(1, Math.ceil(steps.length / MAX_CASE_STEPS));
      for (let k = 0; k < parts; k += 1) {
        const own = steps.slice(k * MAX_CASE_STEPS, (k + 1) * MAX_CASE_STEPS);
        const before = steps[k * MAX_CASE_STEPS - 1];
        const base = { id: parts > 1 ? `${id}-${k + 1}` : id, flow: plan.flow, kind, area: about.area };
        cases.push({
          ...base,
          title: parts > 1 ? `${title} (part ${k + 1} of ${parts})` : title,
          ...(parts > 1 ? { part: `${k + 1} of ${parts}` } : {}),
          tags: tagsOf(base),
          opens: before ? `${opens}, and do part ${k} of ${parts} (${id}-${k}) up to its last step` : opens,
          sees: before ? before.sees : sees,
          steps: own.map(({ does, sees: s, data }) => ({ does, sees: s, ...(data ? { data } : {}) })),
          modelPath: p.modelPath,
        });
      }
    });
  }
  // Two cases that read alike say what the first shows (a kind of booking, say), then, if still
  // alike, their id, so a tool's list tells them apart.
  const count = () => {
    const titles = new Map<string, number>();
    for (const c of cases) titles.set(c.title, (titles.get(c.title) ?? 0) + 1);
    return titles;
  };
  let titles = count();
  for (const c of cases) {
    const whole = c.sees[0] ? gist(c.sees[0]).replace(/[“”]/g, '') : '';
    const first = whole.length > 60 ? `${whole.slice(0, 59)}…` : whole;
    if (titles.get(c.title)! > 1 && first) c.title = `${c.title.slice(0, TITLE_MAX - 100)} (from: ${first})`;
  }
  titles = count();
  for (const c of cases) if (titles.get(c.title)! > 1) c.title = `${c.title} [${c.id}]`;
  return cases.sort(
    (a, b) =>
      KINDS.indexOf(a.kind) - KINDS.indexOf(b.kind) ||
      (a.title < b.title ? -1 : a.title > b.title ? 1 : 0) ||
      (a.id < b.id ? -1 : 1),
  );
}

/** One Gherkin feature per flow, a tagged scenario per case: Given they open the screen, When each step, Then what they see. */
/**
 * A test-management tool's own key per case id (`--keys file.json`: { "<case id>": "<key>" }), kept
 * by the team after the first import: Gherkin gets it as a tag (Xray: "TEST_RAIL-123"; Zephyr
 * Scale: "TestCaseKey=RAIL-T12"), the CSV as the ID column TestRail updates by ("C123").
 */
export type ToolKeys = Readonly<Record<string, string>>;

export function planGherkin(plan: FlowPlan, keys: ToolKeys = {}): string {
  const about = flowAreas[plan.flow] ?? { name: plan.flow, area: 'unfiled' };
  const out = [
    `@flow:${plan.flow} @area:${about.area}`,
    `Feature: ${about.name}`,
    `  The cases of machines/${plan.flow}.ts, from the paths of its model test; each @id stays while its path does.`,
  ];
  if (plan.models.some((m) => tableOf(m.machine)))
    out.push("  Quoted words are the screen's own; each step names the service answer it needs.");
  out.push('');
  const background = plan.models.map((m) => tableOf(m.machine)?.background).find(Boolean);
  if (background) out.push('  Background:', `    Given ${words(background)}`, '');
  for (const c of casesOf(plan)) {
    const key = keys[c.id] ? ` @${keys[c.id]}` : '';
    out.push(`  ${c.tags.join(' ')}${key}`, `  Scenario: ${c.title}`, `    Given they open ${c.opens}`);
    c.sees.forEach((sees, n) => out.push(`    ${n ? 'And' : 'Then'} they see ${sees}`));
    for (const s of c.steps) {
      out.push(`    When ${s.does}${s.data ? ` (test data: ${s.data})` : ''}`);
      s.sees.forEach((sees, n) => out.push(`    ${n ? 'And' : 'Then'} they see ${sees}`));
    }
    out.push('');
  }
  return out.join('\n');
}

const csvCell = (text: string) => (/[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/**
 * The cases as TestRail's CSV import reads a case of several steps: the case's own columns on its
 * first row only (a new Title starts a new case), then one row per step with its action, expected
 * result and test data. Preconditions are the Background and the screen the case opens.
 */
export function plansCsv(plans: readonly FlowPlan[], keys: ToolKeys = {}): string {
  const rows = [
    [
      'ID',
      'Case Key',
      'Title',
      'Section',
      'Type',
      'References',
      'Tags',
      'Preconditions',
      'Step',
      'Action',
      'Expected Result',
      'Test Data',
    ],
  ];
  for (const plan of plans) {
    const about = flowAreas[plan.flow] ?? { name: plan.flow, area: 'unfiled' };
    const background = plan.models.map((m) => tableOf(m.machine)?.background).find(Boolean);
    for (const c of casesOf(plan)) {
      const pre = `${background ? `${words(background)}. ` : ''}They open ${c.opens}; they see ${c.sees.join(' / ')}`;
      const head = [
        keys[c.id] ?? '',
        c.id,
        c.title,
        `${c.area} / ${about.name}`,
        c.kind,
        `machines/${plan.flow}.ts`,
        c.tags.join(' '),
        pre,
      ];
      if (!c.steps.length) rows.push([...head, '1', 'They look at the page as it opens', c.sees.join(' / '), '']);
      c.steps.forEach((s, i) =>
        rows.push([...(i ? head.map(() => '') : head), String(i + 1), s.does, s.sees.join(' / '), s.data ?? '']),
      );
    }
  }
  return `${rows.map((r) => r.map(csvCell).join(',')).join('\n')}\n`;
}

/** Every flow with a model test (machines/<flow>.ts and test/model/<flow>.test.ts). */
export function flowNames(): string[] {
  return readdirSync(path.join(repo, 'machines'))
    .filter((f) => f.endsWith('.ts'))
    .map((f) => f.slice(0, -3))
    .filter((flow) => existsSync(path.join(repo, 'test/model', `${flow}.test.ts`)))
    .sort();
}

/** The description of the deepest state the path starts in (what the customer sees first). */
function startDescription(snapshot: unknown): { startSees?: string } {
  const nodes = (snapshot as { _nodes: { path: string[]; description?: string }[] })._nodes.filter(
    (n) => n.path.length && n.description,
  );
  const last = nodes.at(-1);
  return last?.description ? { startSees: last.description } : {};
}

let hooked = false;
/** The plans of the given flows (all by default), from their model tests' generated paths. */
export async function buildPlans(flows: readonly string[] = flowNames()): Promise<FlowPlan[]> {
  if (!hooked) {
    register(pathToFileURL(path.join(repo, 'scripts/lib/vitest-collect.mjs')));
    hooked = true;
  }
  const { modelPlans, listTransitions } = await import('#test/model/harness');
  const { stateText } = await import('#test/model/plan-format');
  const plans: FlowPlan[] = [];
  for (const flow of flows) {
    const file = path.join(repo, 'test/model', `${flow}.test.ts`);
    if (!existsSync(file))
      throw new Error(`no model test for "${flow}" (test/model/${flow}.test.ts); flows: ${flowNames().join(', ')}`);
    const before = modelPlans.length;
    await import(pathToFileURL(file).href);
    plans.push({
      flow,
      models: modelPlans.slice(before).map(({ name, machine, paths }) => ({
        name,
        machine: machine.id,
        transitions: listTransitions(machine).length,
        paths: paths.map((p, i) => ({
          number: i + 1,
          modelPath: i + 1,
          title: p.description,
          ...(p.input === undefined ? {} : { input: p.input }),
          start: stateText((p.steps[0]!.state as { value: Parameters<typeof stateText>[0] }).value),
          ...startDescription(p.steps[0]!.state),
          steps: p.plan ?? [],
        })),
      })),
    });
  }
  return plans;
}

/** The plans with each path's tester words (JSON), where the machine has a table. */
function withTesterWords(plans: readonly FlowPlan[]) {
  return plans.map((plan) => ({
    ...plan,
    cases: casesOf(plan),
    models: plan.models.map((model) => {
      const tester = testerPaths(model.machine, model.paths);
      return { ...model, paths: model.paths.map((p, i) => (tester ? { ...p, tester: tester[i] } : p)) };
    }),
  }));
}

/** The cases as Markdown: a section per flow, a heading per case with its id and tags, numbered steps. */
export function plansMarkdown(plans: readonly FlowPlan[]): string {
  const out: string[] = [];
  for (const plan of plans) {
    const about = flowAreas[plan.flow] ?? { name: plan.flow, area: 'unfiled' };
    const cases = casesOf(plan);
    out.push(`# Test cases: ${about.name} (${plan.flow})`, '');
    const transitions = plan.models.reduce((n, m) => n + m.transitions, 0);
    out.push(
      `${cases.length} cases over ${transitions} transitions (machines/${plan.flow}.ts, test/model/${plan.flow}.test.ts).`,
      '',
    );
    const background = plan.models.map((m) => tableOf(m.machine)?.background).find(Boolean);
    if (background) out.push(`Before every case: ${words(background)}.`, '');
    for (const c of cases) {
      out.push(
        `## ${c.title}`,
        '',
        `${c.tags.map((t) => `\`${t}\``).join(' ')}`,
        '',
        `They open ${c.opens}. They see: ${c.sees.join(' / ')}`,
        '',
      );
      if (!c.steps.length) out.push('1. (no step: the page as it opens is the case)');
      c.steps.forEach((s, i) => {
        out.push(`${i + 1}. ${s.does}`);
        if (s.data) out.push(`   - test data: ${s.data}`);
        for (const sees of s.sees) out.push(`   - sees: ${sees}`);
      });
      out.push('');
    }
  }
  return out.join('\n');
}

async function main() {
  const args = process.argv.slice(2);
  const opts: Record<string, string> = { format: 'md', cover: 'transitions', out: 'test-plans', keys: '' };
  const flows: string[] = [];
  for (let i = 0; i < args.length; i += 1) {
    const named = /^--(format|cover|out|keys)(?:=(.*))?$/.exec(args[i]!);
    if (named) opts[named[1]!] = named[2] ?? args[(i += 1)] ?? '';
    else flows.push(args[i]!);
  }
  const { format, cover, out } = opts as { format: string; cover: string; out: string };
  const keys = (opts.keys ? JSON.parse(readFileSync(path.resolve(process.cwd(), opts.keys), 'utf8')) : {}) as ToolKeys;
  if (!['md', 'json', 'gherkin', 'csv'].includes(format))
    throw new Error(`--format md|json|gherkin|csv, not "${format}"`);
  if (cover !== 'transitions' && cover !== 'paths') throw new Error(`--cover transitions|paths, not "${cover}"`);
  const built = await buildPlans(flows.length ? flows : undefined);
  const plans = cover === 'transitions' ? withCover(built) : built;
  if (format === 'gherkin') {
    const dir = path.resolve(process.cwd(), out);
    mkdirSync(dir, { recursive: true });
    for (const plan of plans) {
      writeFileSync(path.join(dir, `${plan.flow}.feature`), planGherkin(plan, keys));
      console.log(`plans: wrote ${path.relative(process.cwd(), path.join(dir, `${plan.flow}.feature`))}`);
    }
  } else if (format === 'csv') process.stdout.write(plansCsv(plans, keys));
  else
    process.stdout.write(
      format === 'json' ? `${JSON.stringify(withTesterWords(plans), null, 2)}\n` : plansMarkdown(plans),
    );
  // For bench/plans.ts: this process's CPU time, which a loaded machine's wall clock hides.
  if (process.env.PLANS_REPORT_CPU) {
    const { user, system } = process.cpuUsage();
    process.stderr.write(`plans-cpu-ms ${Math.round((user + system) / 1000)}\n`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
