/**
 * `npm run bench`: time `npm run plans` over every machine (target under 5 s). Each run is
 * a fresh process, as a QA engineer runs it: load every model test file with a collect-only vitest,
 * generate every path, print the JSON plan. Median of BENCH_PLAN_RUNS (default 3).
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
export const plansTargetMs = 5000;

export function benchPlans(runs = Number(process.env.BENCH_PLAN_RUNS ?? 3)): number {
  const times: number[] = [];
  const cpu: number[] = [];
  let paths = 0;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const child = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/plans.ts', '--format', 'json'], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
      env: { ...process.env, PLANS_REPORT_CPU: '1' },
    });
    times.push(performance.now() - start);
    if (child.status !== 0) throw new Error(`npm run plans failed: ${child.stderr}`);
    cpu.push(Number(/plans-cpu-ms (\d+)/.exec(child.stderr)?.[1] ?? NaN));
    const plans = JSON.parse(child.stdout) as { models: { paths: unknown[] }[] }[];
    paths = plans.reduce((n, f) => n + f.models.reduce((m, model) => m + model.paths.length, 0), 0);
  }
  const middle = (xs: number[]) => Math.round([...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!);
  const median = middle(times);
  console.log(
    `plans over every machine: median ${median} ms wall, ${middle(cpu)} ms CPU, over ${runs} runs, ${paths} paths ` +
      `(target < ${plansTargetMs} ms wall: ${median < plansTargetMs ? 'met' : 'NOT met'})`,
  );
  return median;
}
