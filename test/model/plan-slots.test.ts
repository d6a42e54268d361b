/**
 * The catalogue's slots in exported test cases (scripts/plans.ts): a step reads “Going to Google…”,
 * not “Going to {provider}…”. Each slot is filled from the case's test data, the flow's table
 * (`slots`) or the words every flow shares (scripts/lib/plan-words/words.ts, `slotWords`), so no
 * exported case prints a `{name}` a tester would have to guess; a route's `/{bookingId}` stays an address.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import type { FlowPlan, TestCase } from '#scripts/plans';
import { dataValues, fillSlots, planWords } from '#scripts/lib/plan-words';

const root = path.resolve(import.meta.dirname, '../..');
let plans: (FlowPlan & { cases: TestCase[] })[];
beforeAll(() => {
  plans = JSON.parse(
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/plans.ts', '--format', 'json'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: 64 * 1024 * 1024,
    }),
  ) as typeof plans;
}, 180_000);

/** A `{name}` a tester would read as it is: any slot but a route's parameter after a slash. */
const unfilled = (text: string) => [...text.matchAll(/(?<!\/)\{[a-zA-Z][a-zA-Z0-9]*\}/g)].map((m) => m[0]);

it('leaves no catalogue slot unfilled in any exported case of any flow', () => {
  const left: string[] = [];
  for (const plan of plans)
    for (const c of plan.cases) {
      const texts = [c.title, c.opens, ...c.sees, ...c.steps.flatMap((s) => [s.does, ...s.sees])];
      for (const slot of texts.flatMap(unfilled)) left.push(`${c.id}: ${slot}`);
    }
  expect(plans.length).toBeGreaterThan(40);
  expect(left).toEqual([]);
});

it("fills a slot from the flow's table (which may read the test data), else the case's test data, else the shared words", () => {
  const data = dataValues(['provider = "google"', 'bookingReference: "TL-FERDNX", minutes = 3']);
  expect(data).toEqual({ provider: 'google', bookingReference: 'TL-FERDNX', minutes: '3' });
  expect(fillSlots('“Going to {provider}…”', planWords.login, data)).toBe('“Going to Google…”');
  expect(fillSlots('“try again in {minutes} minutes”', undefined, data)).toBe('“try again in 3 minutes”');
  expect(fillSlots('“your {brand} card ending {last4}”', undefined, {})).toBe('“your Visa card ending 4242”');
  expect(fillSlots('/bookings/{bookingId}/change and {noSuchSlot}', undefined, {})).toBe(
    '/bookings/{bookingId}/change and {noSuchSlot}',
  );
});
