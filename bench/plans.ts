/**
 * `npm run bench`: time `npm run plans` over every machine (issue 13; target under 5 s). Each run is
 * a fresh process, as a QA engineer runs it: load every model test file with a collect-only vitest,
 * generate every path, print the JSON plan. Median of BENCH_PLAN_RUNS (default 3).
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
export const plansTargetMs = 5000;

export function benchPlans(runs = Number(process.env.BENCH_PLAN_RUNS ?? 3)): number {
  const times: number[] = [];
  let paths = 0;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const child = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/plans.ts', '--format', 'json'], { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
    times.push(performance.now() - start);
    if (child.status !== 0) throw new Error(`npm run plans failed: ${child.stderr}`);
    const plans = JSON.parse(child.stdout) as { models: { paths: unknown[] }[] }[];
    paths = plans.reduce((n, f) => n + f.models.reduce((m, model) => m + model.paths.length, 0), 0);
  }
  const sorted = [...times].sort((a, b) => a - b);
  const median = Math.round(sorted[Math.floor(sorted.length / 2)]!);
  console.log(`plans over every machine: median ${median} ms over ${runs} runs, ${paths} paths (target < ${plansTargetMs} ms${median < plansTargetMs ? ', met' : ', NOT met'})`);
  return median;
}
