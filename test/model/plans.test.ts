/**
 * `npm run plans` (scripts/plans.ts): readable numbered paths whose titles are the model tests'
 * own (the same harness builds both), with what the customer sees from the states' descriptions.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { planTitle, type PlanStep } from './plan-format';

const root = path.resolve(import.meta.dirname, '../..');
const run = (...args: string[]) =>
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/plans.ts', ...args], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  });

interface JsonPlan {
  flow: string;
  models: {
    name: string;
    transitions: number;
    paths: { number: number; modelPath: number; title: string; start: string; steps: PlanStep[] }[];
  }[];
}

it('prints one flow as JSON: numbered paths titled like the model tests, steps in plain words', () => {
  const [plan] = JSON.parse(run('preferences-token', '--format', 'json', '--cover', 'paths')) as JsonPlan[];
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
  expect(md).toMatch(/^# Test cases: Find a booking \(find-booking\)/);
  expect(md).toMatch(
    /\n## Find a booking: [^\n]+\n\n`@id:find-booking-[0-9a-f]{8}` `@flow:find-booking` `@kind:happy` `@area:find-booking`\n/,
  );
  expect(md).toMatch(
    /\d+\. the booking service finds the booking \(the demo booking's details\)\n {3}- sees: “Booking found. Opening it…”, then the booking opens/,
  );
  // What the customer types is part of the step, the four fields one step with the demo booking's details.
  expect(md).toMatch(
    /\d+\. they type into a field \(.*\): 4 times\n {3}- test data: bookingReference: "TL-FERDNX"; departureDate: the departure date npm start prints; passengerSurname: "Lee"; emailAddress: "guest@example.com"\n/,
  );
  expect(() => run('no-such-flow')).toThrow(/no model test for "no-such-flow"/);
  expect(() => run('find-booking', '--format', 'xml')).toThrow(/--format md\|json/);
}, 60_000);

const stepKey = (s: PlanStep) => `${s.from}|${s.event}|${s.guard ?? ''}|${s.to}`;

it('covers every transition step with the fewest paths by default, each naming its model test path', () => {
  const [all] = JSON.parse(run('refund-request', '--format', 'json', '--cover', 'paths')) as JsonPlan[];
  const [cover] = JSON.parse(run('refund-request', '--format', 'json')) as JsonPlan[];
  const allPaths = all!.models[0]!.paths;
  const chosen = cover!.models[0]!.paths;
  expect(chosen.length).toBeLessThan(allPaths.length / 5);
  expect(chosen.map((p) => p.number)).toEqual(chosen.map((_, i) => i + 1));
  expect(new Set(chosen.flatMap((p) => p.steps.map(stepKey)))).toEqual(
    new Set(allPaths.flatMap((p) => p.steps.map(stepKey))),
  );
  for (const p of chosen) expect(p.title).toBe(allPaths[p.modelPath - 1]!.title);
}, 120_000);

it('writes a Gherkin feature per flow and a CSV row per step', () => {
  const out = mkdtempSync(path.join(tmpdir(), 'plans-'));
  run('refund-request', '--format', 'gherkin', '--out', out);
  const feature = readFileSync(path.join(out, 'refund-request.feature'), 'utf8');
  expect(feature).toMatch(/^@flow:refund-request @area:refunds\nFeature: Cancel and refund\n/);
  expect(feature).toMatch(
    / {2}@id:refund-request-[0-9a-f]{8} @flow:refund-request @kind:happy @area:refunds\n {2}Scenario: Cancel and refund: /,
  );
  // In a tester's words: the screen's own copy (messages/en-GB.json) and the service answer each step needs.
  expect(feature).toMatch(
    / {2}Background:\n {4}Given the local server runs with its demo data \(npm start\) and they are signed in as refunds@example.com/,
  );
  expect(feature).toMatch(
    / {4}Given they open the refund page: on the booking's page they press “Cancel and refund”, with the demo booking [^\n]+\n {4}Then they see “Loading your refund…”\n {4}When the booking service answers with the booking and its refundable tickets\n {4}Then they see “Working out your refund…”/,
  );
  expect(feature).toMatch(
    / {4}When they press “Confirm refund”\n {4}Then they see “Requesting your refund…”; after a lost answer “We're checking whether your refund went through…”/,
  );
  expect(feature).not.toMatch(/\[\[|GET |context\.|xstate\./);
  // TestRail's layout of a case of several steps: the case's columns on its first row, a row per step.
  const csv = run('refund-request', '--format', 'csv').trim().split('\n');
  expect(csv[0]).toBe(
    'ID,Case Key,Title,Section,Type,References,Tags,Preconditions,Step,Action,Expected Result,Test Data',
  );
  expect(csv[1]).toMatch(/^,refund-request-[0-9a-f]{8},"Cancel and refund: /);
  expect(csv[1]).toMatch(
    /,refunds \/ Cancel and refund,happy,machines\/refund-request.ts,@id:refund-request-[0-9a-f]{8} @flow:refund-request @kind:happy @area:refunds,"the local server runs with its demo data [^\n]*,1,/,
  );
  expect(csv[2]).toMatch(/^,,,,,,,,2,/);
  expect(
    csv.filter((r) => /,1,the booking service answers with the booking and its refundable tickets,/.test(r)).length,
  ).toBeGreaterThan(0);
}, 60_000);
