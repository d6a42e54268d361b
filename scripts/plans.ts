/**
 * Readable test plans from the model tests (issue 13): for each machine, the numbered paths its
 * model test replays, each step "in <state>, when <event> [guard], expect <state>" with what the
 * customer sees there (the state's description, SPEC.md copy). The model tests carry the same
 * titles (test/model/harness.ts), so a failing test names its plan step.
 *
 *   npm run plans [flow] [--format md|json]      flow = machines/<flow>.ts, e.g. find-booking
 *
 * The paths are the model tests' own: each test/model/<flow>.test.ts is loaded with a collect-only
 * 'vitest' (scripts/lib/vitest-collect.mjs), so plans and tests can never disagree.
 */
import { existsSync, readdirSync } from 'node:fs';
import { register } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { PlanStep } from '#test/model/plan-format';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface FlowPlan {
  flow: string;
  models: { name: string; machine: string; transitions: number; paths: { number: number; title: string; input?: unknown; start: string; startSees?: string; steps: PlanStep[] }[] }[];
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

export function plansMarkdown(plans: readonly FlowPlan[]): string {
  const out: string[] = [];
  for (const plan of plans) {
    for (const model of plan.models) {
      out.push(`# Test plan: ${plan.flow} (${model.name})`, '');
      out.push(`${model.paths.length} paths over ${model.transitions} transitions (machines/${plan.flow}.ts, test/model/${plan.flow}.test.ts).`, '');
      for (const p of model.paths) {
        out.push(`## Path ${p.number}${p.input === undefined ? '' : ` (input ${JSON.stringify(p.input)})`}`, '');
        out.push(`Start in ${p.start}.${p.startSees ? ` Sees: ${p.startSees}` : ''}`, '');
        if (!p.steps.length) out.push('1. (no event: the start itself is checked)');
        p.steps.forEach((s, i) => {
          out.push(`${i + 1}. in ${s.from}, when ${s.event}${s.guard ? ` [${s.guard}]` : ''}, expect ${s.to}`);
          for (const sees of s.sees) out.push(`   - sees: ${sees}`);
        });
        out.push('');
      }
    }
  }
  return out.join('\n');
}

async function main() {
  const args = process.argv.slice(2);
  let format = 'md';
  const flows: string[] = [];
  for (let i = 0; i < args.length; i += 1) {
    if (args[i] === '--format') format = args[(i += 1)] ?? '';
    else if (args[i]!.startsWith('--format=')) format = args[i]!.slice(9);
    else flows.push(args[i]!);
  }
  if (format !== 'md' && format !== 'json') throw new Error(`--format md|json, not "${format}"`);
  const plans = await buildPlans(flows.length ? flows : undefined);
  process.stdout.write(format === 'json' ? `${JSON.stringify(plans, null, 2)}\n` : plansMarkdown(plans));
  // For bench/plans.ts: this process's CPU time, which a loaded machine's wall clock hides.
  if (process.env.PLANS_REPORT_CPU) {
    const { user, system } = process.cpuUsage();
    process.stderr.write(`plans-cpu-ms ${Math.round((user + system) / 1000)}\n`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
