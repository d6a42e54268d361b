/**
 * `npm run plans` (scripts/plans.ts): readable numbered paths whose titles are the model tests'
 * own (the same harness builds both), with what the customer sees from the states' descriptions.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';
import { planTitle, type PlanStep } from './plan-format';

const root = path.resolve(import.meta.dirname, '../..');
const run = (...args: string[]) => execFileSync(process.execPath, ['--import', 'tsx', 'scripts/plans.ts', ...args], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

interface JsonPlan {
  flow: string;
  models: { name: string; transitions: number; paths: { number: number; title: string; start: string; steps: PlanStep[] }[] }[];
}

it('prints one flow as JSON: numbered paths titled like the model tests, steps in plain words', () => {
  const [plan] = JSON.parse(run('preferences-token', '--format', 'json')) as JsonPlan[];
  expect(plan!.flow).toBe('preferences-token');
  const [model] = plan!.models;
  expect(model!.name).toBe('preferencesTokenMachine');
  expect(model!.paths.map((p) => p.number)).toEqual(model!.paths.map((_, i) => i + 1));
  for (const p of model!.paths) {
    expect(p.title).toBe(planTitle(p.number, p.start, p.steps, p.title.match(/^path \d+ \((.*?)\):/)?.[1]));
    expect(p.title).not.toMatch(/xstate\.|"output"/);
  }
  const invalid = model!.paths.flatMap((p) => p.steps).find((s) => s.to === 'invalidToken')!;
  expect(invalid).toMatchObject({ from: 'exchanging', event: 'startCustomerFlow fails', guard: 'isInvalidToken' });
  expect(invalid.sees.join(' ')).toContain("'This link has expired or is not valid.'");
}, 60_000);

it('prints Markdown by default, and refuses an unknown flow or format', () => {
  const md = run('find-booking');
  expect(md).toMatch(/^# Test plan: find-booking \(findBookingMachine\)/);
  expect(md).toMatch(/\d+\. in notRequested, when form.submit \[isValid\], expect requesting/);
  expect(md).toMatch(/in requesting, when findBooking answers, expect success\n {3}- sees: Found: the booking opens on the order-token page/);
  expect(() => run('no-such-flow')).toThrow(/no model test for "no-such-flow"/);
  expect(() => run('find-booking', '--format', 'xml')).toThrow(/--format md\|json/);
}, 60_000);
