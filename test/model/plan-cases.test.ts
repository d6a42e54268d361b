/**
 * The test cases `npm run plans` exports (scripts/plans.ts) are kept in a test-management tool
 * (docs/quality/test-cases.md): each has an id derived from its path, tags for flow, kind and area,
 * a title in the customer's words; exporting twice gives the same bytes, and a changed path changes
 * only its own case. A person can run them: loops are one counted step, no case is longer than
 * MAX_CASE_STEPS, and find-booking types the demo booking the local server seeds.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_CASE_STEPS, planGherkin, plansCsv, type FlowPlan, type TestCase } from '#scripts/plans';
import { flowAreas } from '#scripts/lib/plan-areas';
import { FIND_BOOKING_DEMO_KEY, GUEST_EMAIL, GUEST_PASSENGER } from '#server/seed/guest-orders';
import { stableFriendlyOrderId } from '#server/seed/context';
import { planWords } from '#scripts/lib/plan-words';

const root = path.resolve(import.meta.dirname, '../..');
const run = (...args: string[]) =>
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/plans.ts', ...args], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  });
const flows = ['find-booking', 'on-demand-ticket'];

// Two exports from two runs (each generates the model tests' paths afresh): the feature files, and
// the JSON whose plans this process renders to Gherkin again.
let plans: (FlowPlan & { cases: TestCase[] })[];
let first: string;
beforeAll(() => {
  first = mkdtempSync(path.join(tmpdir(), 'cases-'));
  run(...flows, '--format', 'gherkin', '--out', first);
  plans = JSON.parse(run(...flows, '--format', 'json')) as typeof plans;
}, 120_000);

/** A feature's scenarios by their @id tag. */
function scenarios(feature: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const block of feature.split('\n\n')) {
    const id = /@id:(\S+)/.exec(block)?.[1];
    if (id) out.set(id, block);
  }
  return out;
}

describe('exported test cases', () => {
  it('are byte-identical when exported twice from the same tree', () => {
    const files = readdirSync(first).sort();
    expect(files).toEqual(flows.map((f) => `${f}.feature`));
    for (const plan of plans)
      expect(planGherkin(plan), plan.flow).toBe(readFileSync(path.join(first, `${plan.flow}.feature`), 'utf8'));
  });

  it('each have a path-derived id, the tags of flow, kind and area, and a title without machine names or JSON', () => {
    for (const plan of plans) {
      const ids = plan.cases.map((c) => c.id);
      expect(new Set(ids).size).toBe(ids.length);
      const feature = readFileSync(path.join(first, `${plan.flow}.feature`), 'utf8');
      for (const c of plan.cases) {
        expect(c.id).toMatch(new RegExp(`^${plan.flow}-[0-9a-f]{8}(-\\d+)?$`));
        expect(c.tags).toEqual([
          `@id:${c.id}`,
          `@flow:${plan.flow}`,
          `@kind:${c.kind}`,
          `@area:${flowAreas[plan.flow]!.area}`,
        ]);
        expect(c.title.startsWith(`${flowAreas[plan.flow]!.name}: `)).toBe(true);
        expect(c.title.length).toBeLessThanOrEqual(250);
        expect(c.title).not.toMatch(/Machine|xstate|[{}]|\bpath \d|model test/);
        expect(feature).toContain(`  ${c.tags.join(' ')}\n  Scenario: ${c.title}\n`);
      }
    }
    const kinds = new Set(plans.flatMap((p) => p.cases.map((c) => c.kind)));
    expect([...kinds].sort()).toEqual(['failure', 'happy', 'refusal', 'timing']);
  });

  it('change only their own case when one path changes', () => {
    const plan = plans.find((p) => p.flow === 'find-booking')!;
    const before = scenarios(planGherkin(plan));
    // The same plan with one path's last step now ending elsewhere.
    const paths = plan.models[0]!.paths;
    const changedAt = paths.findIndex((p) => p.steps.length > 2);
    const changed: FlowPlan = {
      ...plan,
      models: [
        {
          ...plan.models[0]!,
          paths: paths.map((p, i) =>
            i === changedAt ? { ...p, steps: [...p.steps.slice(0, -1), { ...p.steps.at(-1)!, to: 'serverError' }] } : p,
          ),
        },
      ],
    };
    const after = scenarios(planGherkin(changed));
    const gone = [...before.keys()].filter((id) => !after.has(id));
    const added = [...after.keys()].filter((id) => !before.has(id));
    expect(gone).toHaveLength(1);
    expect(added).toHaveLength(1);
    for (const [id, text] of after) if (id !== added[0]) expect(text, id).toBe(before.get(id));
  });

  it("carry a tool's own key when given one, so a re-import updates the case", () => {
    const plan = plans.find((p) => p.flow === 'find-booking')!;
    const id = plan.cases[0]!.id;
    expect(planGherkin(plan, { [id]: 'TEST_RAIL-123' })).toContain(
      `  @id:${id} @flow:find-booking @kind:${plan.cases[0]!.kind} @area:find-booking @TEST_RAIL-123\n`,
    );
    expect(
      plansCsv([plan], { [id]: 'C123' })
        .split('\n')
        .find((r) => r.includes(`,${id},`)),
    ).toMatch(new RegExp(`^C123,${id},`));
  });
});

describe('cases a person can run', () => {
  it('collapse a poll into one counted step and stay within the step limit', () => {
    const all = plans.flatMap((p) => p.cases);
    for (const c of all) expect(c.steps.length, c.id).toBeLessThanOrEqual(MAX_CASE_STEPS);
    const ticket = plans.find((p) => p.flow === 'on-demand-ticket')!.cases;
    const poll = ticket
      .flatMap((c) => c.steps)
      .find((s) =>
        /checks on its own: \d+ checks, each time: by itself, when the pause before the next check has passed/.test(
          s.does,
        ),
      );
    expect(poll, 'the 15 checks of a ticket that is never issued are one step').toBeDefined();
    expect(poll!.does).toMatch(/: 15 checks,/);
    // No two neighbouring steps are the same step.
    for (const c of all)
      c.steps.forEach(
        (s, i) =>
          i &&
          expect(s.does === c.steps[i - 1]!.does && s.data === c.steps[i - 1]!.data, `${c.id} step ${i + 1}`).toBe(
            false,
          ),
      );
  });

  it('type the demo booking the local server seeds and the Background names (find-booking)', () => {
    const demo = {
      reference: stableFriendlyOrderId(FIND_BOOKING_DEMO_KEY),
      email: GUEST_EMAIL,
      surname: GUEST_PASSENGER.lastName,
    };
    expect(planWords.findBooking!.background).toContain(
      `reference ${demo.reference}, email ${demo.email}, surname ${demo.surname}`,
    );
    const typed = plans
      .find((p) => p.flow === 'find-booking')!
      .cases.flatMap((c) => c.steps.flatMap((s) => (s.data ?? '').split('; ')))
      .filter((d) => /^(bookingReference|departureDate|passengerSurname|emailAddress): /.test(d));
    expect(typed.length).toBeGreaterThan(0);
    for (const d of typed) {
      const [field, value] = d.split(/: (.*)/s) as [string, string];
      const expected = {
        bookingReference: `"${demo.reference}"`,
        emailAddress: `"${demo.email}"`,
        departureDate: 'the departure date npm start prints',
        passengerSurname: `"${demo.surname}"`,
      }[field]!;
      // The surname may be typed again in lower case (still the same booking).
      expect(
        value === expected || (field === 'passengerSurname' && value.startsWith(`"${demo.surname.toLowerCase()}"`)),
        d,
      ).toBe(true);
    }
  });
});
