/**
 * Readable test plans from the model tests: for each machine, the numbered paths its
 * model test replays, each step "in <state>, when <event> [guard], expect <state>" with what the
 * customer sees there (the state's description, the copy of docs/product/). The model tests carry the same
 * titles (test/model/harness.ts), so a failing test names its plan step.
 *
 *   npm run plans [flow] [--format md|json|gherkin|csv] [--cover transitions|paths] [--out dir]
 *     flow = machines/<flow>.ts, e.g. find-booking
 *     --cover transitions (default): the fewest of the model test's paths (greedy set cover) that
 *       together take every transition step the model test takes; each keeps the number of the
 *       model test path it is, so a failing test names the plan's scenario. --cover paths: all.
 *     --format gherkin writes one <flow>.feature per flow into --out (default test-plans/);
 *       csv prints one row per step; md and json print to stdout.
 *
 * The paths are the model tests' own: each test/model/<flow>.test.ts is loaded with a collect-only
 * 'vitest' (scripts/lib/vitest-collect.mjs), so plans and tests can never disagree.
 */
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { register } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { PlanStep } from '#test/model/plan-format';
import { planWords, seesIn, stepWords, words, type MachineWords } from './lib/plan-words';

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
  return plans.map((plan) => ({ ...plan, models: plan.models.map((m) => ({ ...m, paths: coverTransitions(m.paths) })) }));
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
    const entries = Array.isArray(value) ? value.map((v, i) => [`[${i}]`, v] as const) : Object.entries(value).map(([k, v]) => [prefix ? `.${k}` : k, v] as const);
    if (!entries.length) out.set(prefix || '(value)', JSON.stringify(value));
    for (const [k, v] of entries) leafFields(v, `${prefix}${k}`, out);
  } else out.set(prefix || '(value)', JSON.stringify(value) ?? 'undefined');
  return out;
}

/** Every leaf field of a value: 'field = "bookingReference", value = "TL-7Q4K2M"'. */
const fieldsText = (value: unknown) => [...leafFields(value)].map(([k, v]) => `${k} = ${v}`).join(', ');

/** The fields of `mine` that differ from at least one of `others` (missing there or another value). */
function differingFields(mine: unknown, others: readonly unknown[]): string {
  const own = leafFields(mine);
  const theirs = others.map((o) => leafFields(o));
  const keys = new Set([...own.keys(), ...theirs.flatMap((t) => [...t.keys()])]);
  const differ = [...keys].filter((k) => theirs.some((t) => t.get(k) !== own.get(k)));
  const text = differ.map((k) => `${k} = ${own.get(k) ?? '(none)'}`).join(', ');
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
    const steps = p.steps.map((s) => ({ ...(stepWords(table, s.event, s.guard) ?? { does: `${s.event}${s.guard ? ` [${s.guard}]` : ''} (no words for this step in scripts/lib/plan-words.ts)` }), sees: seesIn(table, s.to) }));
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
        const typed = step.data !== undefined && !/ (answers|fails)$/.test(step.event) ? { data: fieldsText(step.data) } : {};
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
        step.data = differingFields(mine, others);
      });
    }
  }
  return read;
}

/** One Gherkin feature per flow: a scenario per path, Given the start, When each event, Then the state and what it shows. */
function planGherkin(plan: FlowPlan): string {
  const out = [`Feature: ${plan.flow} test plan`, `  From machines/${plan.flow}.ts; the same paths as test/model/${plan.flow}.test.ts.`];
  if (plan.models.some((m) => tableOf(m.machine)))
    out.push('  Quoted words are the screen\'s own (messages/en-GB.json); the services\' answers each step needs are named in the step (scripts/lib/plan-words.ts).');
  out.push('');
  const background = plan.models.map((m) => tableOf(m.machine)?.background).find(Boolean);
  if (background) out.push('  Background:', `    Given ${words(background)}`, '');
  for (const model of plan.models) {
    const tester = testerPaths(model.machine, model.paths);
    model.paths.forEach((p, i) => {
      out.push(`  Scenario: ${model.name} ${p.number} (model test path ${p.modelPath})${p.input === undefined ? '' : ` with input ${JSON.stringify(p.input)}`}`);
      const t = tester?.[i];
      if (t) {
        out.push(`    Given they open ${t.opens}`);
        t.sees.forEach((sees, n) => out.push(`    ${n ? 'And' : 'Then'} they see ${sees}`));
        for (const s of t.steps) {
          out.push(`    When ${s.does}${s.data ? ` (test data: ${s.data})` : ''}`);
          s.sees.forEach((sees, n) => out.push(`    ${n ? 'And' : 'Then'} they see ${sees}`));
        }
      } else {
        out.push(`    Given the customer is at ${quoted(p.start)}`);
        if (p.startSees) out.push(`    And they see ${quoted(p.startSees)}`);
        for (const s of p.steps) {
          out.push(`    When ${stepEvent(s)}`, `    Then they are at ${quoted(s.to)}`);
          for (const sees of s.sees) out.push(`    And they see ${quoted(sees)}`);
        }
      }
      out.push('');
    });
  }
  return out.join('\n');
}

const csvCell = (text: string) => (/[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/** One CSV row per step (a path's start is its step 0). */
function plansCsv(plans: readonly FlowPlan[]): string {
  const rows = [['flow', 'model', 'path', 'model test path', 'step', 'from', 'event', 'guard', 'to', 'does', 'sees', 'test data']];
  for (const plan of plans) {
    for (const model of plan.models) {
      const tester = testerPaths(model.machine, model.paths);
      model.paths.forEach((p, n) => {
        const t = tester?.[n];
        const head = [plan.flow, model.name, String(p.number), String(p.modelPath)];
        rows.push([...head, '0', '', 'start', '', p.start, t ? `they open ${t.opens}` : '', t ? t.sees.join(' / ') : (p.startSees ?? ''), '']);
        p.steps.forEach((s, i) => {
          const ts = t?.steps[i];
          rows.push([...head, String(i + 1), s.from, s.event, s.guard ?? '', s.to, ts?.does ?? '', ts ? ts.sees.join(' / ') : s.sees.join(' / '), ts?.data ?? '']);
        });
      });
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
  const nodes = (snapshot as { _nodes: { path: string[]; description?: string }[] })._nodes.filter((n) => n.path.length && n.description);
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
    if (!existsSync(file)) throw new Error(`no model test for "${flow}" (test/model/${flow}.test.ts); flows: ${flowNames().join(', ')}`);
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
    models: plan.models.map((model) => {
      const tester = testerPaths(model.machine, model.paths);
      return { ...model, paths: model.paths.map((p, i) => (tester ? { ...p, tester: tester[i] } : p)) };
    }),
  }));
}

export function plansMarkdown(plans: readonly FlowPlan[]): string {
  const out: string[] = [];
  for (const plan of plans) {
    for (const model of plan.models) {
      out.push(`# Test plan: ${plan.flow} (${model.name})`, '');
      out.push(`${model.paths.length} paths over ${model.transitions} transitions (machines/${plan.flow}.ts, test/model/${plan.flow}.test.ts).`, '');
      const tester = testerPaths(model.machine, model.paths);
      model.paths.forEach((p, n) => {
        const t = tester?.[n];
        out.push(`## Path ${p.number} (model test path ${p.modelPath})${p.input === undefined ? '' : ` (input ${JSON.stringify(p.input)})`}`, '');
        out.push(t ? `They open ${t.opens}. They see: ${t.sees.join(' / ')}` : `Start in ${p.start}.${p.startSees ? ` Sees: ${p.startSees}` : ''}`, '');
        if (!p.steps.length) out.push('1. (no event: the start itself is checked)');
        p.steps.forEach((s, i) => {
          out.push(`${i + 1}. in ${s.from}, when ${s.event}${s.guard ? ` [${s.guard}]` : ''}, expect ${s.to}`);
          const ts = t?.steps[i];
          if (ts) {
            out.push(`   - does: ${ts.does}`);
            if (ts.data) out.push(`   - test data: ${ts.data}`);
          }
          for (const sees of ts ? ts.sees : s.sees) out.push(`   - sees: ${sees}`);
        });
        out.push('');
      });
    }
  }
  return out.join('\n');
}

async function main() {
  const args = process.argv.slice(2);
  const opts: Record<string, string> = { format: 'md', cover: 'transitions', out: 'test-plans' };
  const flows: string[] = [];
  for (let i = 0; i < args.length; i += 1) {
    const named = /^--(format|cover|out)(?:=(.*))?$/.exec(args[i]!);
    if (named) opts[named[1]!] = named[2] ?? args[(i += 1)] ?? '';
    else flows.push(args[i]!);
  }
  const { format, cover, out } = opts as { format: string; cover: string; out: string };
  if (!['md', 'json', 'gherkin', 'csv'].includes(format)) throw new Error(`--format md|json|gherkin|csv, not "${format}"`);
  if (cover !== 'transitions' && cover !== 'paths') throw new Error(`--cover transitions|paths, not "${cover}"`);
  const built = await buildPlans(flows.length ? flows : undefined);
  const plans = cover === 'transitions' ? withCover(built) : built;
  if (format === 'gherkin') {
    const dir = path.resolve(process.cwd(), out);
    mkdirSync(dir, { recursive: true });
    for (const plan of plans) {
      writeFileSync(path.join(dir, `${plan.flow}.feature`), planGherkin(plan));
      console.log(`plans: wrote ${path.relative(process.cwd(), path.join(dir, `${plan.flow}.feature`))}`);
    }
  } else if (format === 'csv') process.stdout.write(plansCsv(plans));
  else process.stdout.write(format === 'json' ? `${JSON.stringify(withTesterWords(plans), null, 2)}\n` : plansMarkdown(plans));
  // For bench/plans.ts: this process's CPU time, which a loaded machine's wall clock hides.
  if (process.env.PLANS_REPORT_CPU) {
    const { user, system } = process.cpuUsage();
    process.stderr.write(`plans-cpu-ms ${Math.round((user + system) / 1000)}\n`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
