/**
 * The tester's words of the plans (scripts/lib/plan-words.ts): every machine in machines/ has a
 * table naming each of its events, states and services' outcomes (or is listed as not written yet,
 * a list that may only shrink), no table names what its machine no longer has, and every
 * [[message_key]] is a message of messages/en-GB.json. And no two paths of a plan read the same.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyStateMachine } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  enGB,
  messageKeys,
  planStepName,
  planWords,
  planWordsToWrite,
  textOf,
  vocabulary,
  words,
  type MachineWords,
} from '#scripts/lib/plan-words';

const root = path.resolve(import.meta.dirname, '../..');

const isMachine = (value: unknown): value is AnyStateMachine =>
  typeof value === 'object' && value !== null && 'root' in value && 'config' in value && 'id' in value;

/** Every machine exported by machines/*.ts, by id. */
async function allMachines(): Promise<Map<string, AnyStateMachine>> {
  const found = new Map<string, AnyStateMachine>();
  for (const file of readdirSync(path.join(root, 'machines'))
    .filter((f) => f.endsWith('.ts'))
    .sort()) {
    const mod = (await import(pathToFileURL(path.join(root, 'machines', file)).href)) as Record<string, unknown>;
    for (const value of Object.values(mod)) if (isMachine(value)) found.set(value.id, value);
  }
  return found;
}

/** What a table lacks for its machine, and what it names that the machine does not have. */
function tableProblems(machine: AnyStateMachine, table: MachineWords): string[] {
  const v = vocabulary(machine);
  const problems: string[] = [];
  for (const e of v.events)
    if (!table.events[e]) problems.push(`event "${e}" has no words (what the customer does, or "by itself, when …")`);
  for (const o of v.outcomes)
    if (!table.outcomes[o]) problems.push(`outcome "${o}" has no words (the service's answer in plain words)`);
  for (const leaf of v.leaves) {
    const parts = leaf.split('.');
    if (!parts.some((_, n) => table.states[parts.slice(0, n + 1).join('.')]))
      problems.push(`state "${leaf}" has no words (what the customer sees), nor has a parent`);
  }
  for (const e of Object.keys(table.events))
    if (!v.events.includes(e)) problems.push(`events entry "${e}" is not an event (with guard) of the machine`);
  for (const o of Object.keys(table.outcomes))
    if (!v.outcomes.includes(o))
      problems.push(`outcomes entry "${o}" is not a service outcome (with guard) of the machine`);
  for (const s of Object.keys(table.states))
    if (!v.states.includes(s)) problems.push(`states entry "${s}" is not a state of the machine`);
  const catalogue = enGB();
  const texts = [
    table.screen,
    table.background ?? '',
    ...Object.values(table.events).map(textOf),
    ...Object.values(table.states),
    ...Object.values(table.outcomes).map(textOf),
  ];
  for (const key of texts.flatMap(messageKeys))
    if (catalogue[key] === undefined) problems.push(`[[${key}]] is not a message of messages/en-GB.json`);
  return problems;
}

describe('plan words', async () => {
  const machines = await allMachines();

  it('finds the machines of machines/', () => {
    expect(machines.size).toBeGreaterThanOrEqual(46);
    expect(machines.get('refundRequest')).toBeDefined();
  });

  it('has a table, or a place on the list still to write, for every machine, and no table or entry for a machine that does not exist', () => {
    const missing = [...machines.keys()].filter((id) => !planWords[id] && !planWordsToWrite.includes(id));
    expect(
      missing,
      'machines with neither a table in scripts/lib/plan-words.ts nor a place on planWordsToWrite',
    ).toEqual([]);
    const unknown = [...Object.keys(planWords), ...planWordsToWrite].filter((id) => !machines.has(id));
    expect(unknown, 'tables or list entries for no machine').toEqual([]);
    expect(
      planWordsToWrite.filter((id) => planWords[id]),
      'on the list still to write but written',
    ).toEqual([]);
  });

  it.each(Object.keys(planWords))(
    '%s: every event, state and service outcome has words, each naming real messages',
    (id) => {
      const machine = machines.get(id);
      expect(machine, `no machine "${id}"`).toBeDefined();
      expect(tableProblems(machine!, planWords[id]!)).toEqual([]);
    },
  );

  it('fails a table that misses an event, an outcome or a state, names a stale one, or a message that does not exist', () => {
    const table = planWords.refundRequest!;
    const { 'refund.back': _back, ...events } = table.events;
    const { 'submitRefund answers [isFraud]': _fraud, ...outcomes } = table.outcomes;
    const { fraudHeld: _held, ...states } = table.states;
    const broken: MachineWords = {
      ...table,
      events: { ...events, 'refund.fly': 'they fly away' },
      outcomes,
      states: { ...states, gone: '[[no_such_message]]' },
    };
    expect(tableProblems(machines.get('refundRequest')!, broken)).toEqual([
      'event "refund.back" has no words (what the customer does, or "by itself, when …")',
      'outcome "submitRefund answers [isFraud]" has no words (the service\'s answer in plain words)',
      'state "fraudHeld" has no words (what the customer sees), nor has a parent',
      'events entry "refund.fly" is not an event (with guard) of the machine',
      'states entry "gone" is not a state of the machine',
      '[[no_such_message]] is not a message of messages/en-GB.json',
    ]);
  });

  it('names a step as the plan does, with what the customer does and sees (the browser replays name a failing step so)', () => {
    const step = { from: 'reviewing', event: 'refund.continue', to: 'confirming', sees: [] };
    expect(planStepName('refundRequest', step, 3)).toBe(
      `step 3: in reviewing, when refund.continue, expect confirming (they press “Continue”; then they see ${words(planWords.refundRequest!.states.confirming!)})`,
    );
    expect(
      planStepName(
        'aMachineWithoutTable',
        { from: 'notRequested', event: 'form.submit', guard: 'isValid', to: 'requesting', sees: [] },
        1,
      ),
    ).toBe('step 1: in notRequested, when form.submit [isValid], expect requesting');
  });

  it('prints a message key as its en-GB copy', () => {
    expect(words('they press [[refund_screen_continue]]')).toBe('they press “Continue”');
    expect(() => words('[[no_such_message]]')).toThrow(/no message "no_such_message"/);
    // A message with plural variants reads as its catch-all variant.
    expect(words('[[throttle_too_many_attempts_minutes]]')).toBe(
      '“Too many attempts. For your security, please try again in {minutes} minutes.”',
    );
  });
});

interface JsonPath {
  number: number;
  steps: { event: string }[];
  tester?: { opens: string; sees: string[]; steps: { does: string; sees: string[]; data?: string }[] };
}

it('reads every path of refund-request differently, printing the test data where the words alone are the same', () => {
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/plans.ts', 'refund-request', '--format', 'json', '--cover', 'paths'],
    {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  const [plan] = JSON.parse(out) as { models: { paths: JsonPath[] }[] }[];
  const paths = plan!.models[0]!.paths;
  expect(paths.length).toBeGreaterThan(100);
  const read = paths.map((p) => JSON.stringify(p.tester));
  const same = read.filter((r, i) => read.indexOf(r) !== i);
  expect(same, 'paths that read the same').toEqual([]);
  // Two quotes that can both be refunded read alike in words; their data tells them apart.
  expect(paths.some((p) => p.tester!.steps.some((s) => s.data?.includes('creditCardForm')))).toBe(true);
  for (const p of paths) {
    for (const s of p.tester!.steps) expect(s.does).not.toMatch(/no words for this step|\[\[|xstate\./);
  }
}, 120_000);
