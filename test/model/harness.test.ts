import { describe, expect, it } from 'vitest';
import { bookingMachine } from './fixtures/booking-machine';
import { profileMachine } from './fixtures/profile-machine';
import { timersMachine } from './fixtures/timers-machine';
import { unreachableMachine, wildcardMachine } from './fixtures/unreachable-machine';
import {
  describeMachineModel,
  generatePaths,
  leafStatePaths,
  listTransitions,
  liveModel,
  replayPath,
  transitionCoverage,
  type ModelOptions,
  watching,
} from './harness';

const profileOptions: ModelOptions<typeof profileMachine> = {
  name: 'profileMachine',
  input: { maxAttempts: 2 },
  events: {
    'xstate.done.actor.fetchProfile': [
      { type: 'xstate.done.actor.fetchProfile', output: { name: 'Ada', complete: true } },
      { type: 'xstate.done.actor.fetchProfile', output: { name: 'Bob', complete: false } },
    ],
    'xstate.error.actor.fetchProfile': [{ type: 'xstate.error.actor.fetchProfile', error: new Error('503') }],
  },
  serializeContext: (context) => ({ attempts: context.attempts }),
};

describeMachineModel(profileMachine, {
  ...profileOptions,
  calls: { loading: { fetchProfile: undefined } },
  states: {
    loading: ({ event }) =>
      expect(['xstate.init', 'profile.retry', 'xstate.after.backoffMs.profile.failed']).toContain(event.type),
    failed: ({ context }) => expect(context.attempts).toBeGreaterThan(0),
    incomplete: ({ context }) => expect(context.profile?.complete).toBe(false),
    loaded: ({ context }) => expect(context.profile?.name).toBeTruthy(),
    gaveUp: ({ context }) => expect(context.attempts).toBe(context.maxAttempts),
    closed: ({ event }) => expect(['profile.close', 'xstate.after.idleTimeoutMs.profile.loaded']).toContain(event.type),
  },
});

describeMachineModel(bookingMachine, {
  name: 'bookingMachine',
  events: {
    'contact.change': [
      { type: 'contact.change', email: 'not-an-email' },
      { type: 'contact.change', email: 'ada@example.com' },
    ],
    'seats.select': [
      { type: 'seats.select', seats: 0 },
      { type: 'seats.select', seats: 2 },
      { type: 'seats.select', seats: 12 },
    ],
    'price.changed': [{ type: 'price.changed', price: 42 }],
    'xstate.done.actor.confirmBooking': [{ type: 'xstate.done.actor.confirmBooking', output: { reference: 'ABC123' } }],
    'xstate.error.actor.confirmBooking': [
      { type: 'xstate.error.actor.confirmBooking', error: new Error('card declined') },
    ],
  },
  calls: { reviewing: { watchPrices: watching }, confirming: { confirmBooking: undefined } },
  states: {
    editing: () => {},
    reviewing: ({ context }) => expect(context.seats).toBeGreaterThan(0),
    confirming: ({ event }) => expect(event.type).toBe('booking.confirm'),
    booked: ({ snapshot }) => expect(snapshot.output).toEqual({ email: 'ada@example.com', seats: 2, reference: 'R' }),
  },
});

describe('harness self-checks', () => {
  it('lists always, after and guarded alternatives as separate transitions', () => {
    const keys = listTransitions(profileMachine).map((t) => t.key);
    expect(keys).toEqual(
      expect.arrayContaining([
        '#profile.failed always [0]',
        '#profile.failed xstate.after.backoffMs.profile.failed [0]',
        '#profile.loading xstate.done.actor.fetchProfile [0]',
        '#profile.loading xstate.done.actor.fetchProfile [1]',
      ]),
    );
    expect(keys).toHaveLength(9);
  });

  it('titles tests with the path as a readable test plan', () => {
    const titles = generatePaths(profileMachine, profileOptions).map((p) => p.description);
    expect(titles).toContain(
      'path 4: in loading, when fetchProfile fails, expect failed → in failed, when after backoffMs, expect loading',
    );
    expect(titles).toContain(
      'path 5: in loading, when fetchProfile fails, expect failed → in failed, when profile.retry, expect loading → in loading, when fetchProfile fails, expect gaveUp',
    );
    expect(titles).toContain(
      'path 3: in loading, when fetchProfile answers [isIncomplete], expect incomplete → in incomplete, when profile.complete, expect loaded',
    );
    expect(titles.every((t) => !t.includes('xstate.') && !t.includes('{'))).toBe(true);
  });

  it('runs every input variant and prefixes titles with the input', async () => {
    const paths = generatePaths(profileMachine, {
      ...profileOptions,
      input: undefined,
      inputs: [{ maxAttempts: 1 }, { maxAttempts: 2 }],
    });
    expect(paths.map((p) => p.description.replace(/^path \d+/, 'path'))).toContain(
      'path ({"maxAttempts":1}): in loading, when fetchProfile fails, expect gaveUp',
    );
    for (const path of paths) await replayPath(profileMachine, path, profileOptions);
  });

  it("pathStrategy 'simple' adds simple paths that replay as well", async () => {
    const shortest = generatePaths(profileMachine, profileOptions);
    const all = generatePaths(profileMachine, { ...profileOptions, pathStrategy: 'simple' });
    expect(all.length).toBeGreaterThan(shortest.length);
    for (const path of all) await replayPath(profileMachine, path, profileOptions);
    expect(() => generatePaths(profileMachine, { ...profileOptions, pathStrategy: 'simple', maxPaths: 3 })).toThrow(
      /exceed maxPaths/,
    );
  });

  it('reports < 100% coverage for unreachable transitions, without failing the suite', async () => {
    const taken = new Set<string>();
    for (const path of generatePaths(unreachableMachine, { name: 'unreachableMachine' })) {
      await replayPath(unreachableMachine, path, {}, taken);
    }
    const report = transitionCoverage(unreachableMachine, taken);
    expect(report).toMatchObject({ covered: 2, total: 4, percent: 50 });
    expect(report.uncovered.map((t) => t.label)).toEqual([
      '#unreachable.on toggle.force [0] [never] → #unreachable.broken',
      '#unreachable.orphan toggle [0] → #unreachable.off',
    ]);
  });

  it('fails loudly when an edge event cannot be produced, or an events key matches nothing', () => {
    expect(() => generatePaths(wildcardMachine, { name: 'wildcardMachine' })).toThrow(/cannot produce event "nav\.\*"/);
    expect(() =>
      generatePaths(wildcardMachine, { name: 'wildcardMachine', events: { 'nav.*': [{ type: 'nav.home' }] } }),
    ).not.toThrow();
    expect(() =>
      generatePaths(unreachableMachine, { name: 'unreachableMachine', events: { 'xstate.done.actor.nope': [] } }),
    ).toThrow(/matches no transition/);
  });

  it('reports a model error when a done event comes for an actor that is not running', async () => {
    const path = generatePaths(profileMachine, profileOptions).find((p) => p.description.includes('profile.close'))!;
    const doneStep = path.steps.find((s) => s.event.type === 'xstate.done.actor.fetchProfile')!;
    const broken = { ...path, steps: [...path.steps, doneStep] };
    await expect(replayPath(profileMachine, broken, profileOptions)).rejects.toThrow(
      /actor "fetchProfile" is not running/,
    );
  });

  it('fails a step when the live actor does not do what the model predicted', async () => {
    const path = generatePaths(profileMachine, profileOptions).find((p) => p.description.includes('[isIncomplete]'))!;
    const lying = profileMachine.provide({ guards: { isIncomplete: () => false } });
    await expect(replayPath(lying, path, profileOptions)).rejects.toThrow(/state value after step 1/);
  });

  it('evaluates function delays and fires the timer on the simulated clock', async () => {
    const path = generatePaths(profileMachine, profileOptions).find((p) => p.description.includes('backoffMs'))!;
    const delays: number[] = [];
    const spied = profileMachine.provide({
      delays: { backoffMs: ({ context }) => (delays.push(500 * 2 ** context.attempts), delays.at(-1)!) },
    });
    await replayPath(spied, path, profileOptions);
    expect(delays).toEqual([1000]);
  });

  it('rejects a path whose timer cannot fire first, and the events option can rule it out', async () => {
    const paths = generatePaths(timersMachine, { name: 'timersMachine' });
    const slowFirst = paths.find((p) => p.steps[1]?.event.type === 'xstate.after.longMs.timers.slow.waiting')!;
    await expect(replayPath(timersMachine, slowFirst)).rejects.toThrow(
      /another timer fired before xstate\.after\.longMs/,
    );

    const realistic = generatePaths(timersMachine, {
      name: 'timersMachine',
      events: {
        'xstate.after.longMs.timers.slow.waiting': (s) =>
          s.matches({ fast: 'fired' }) ? [{ type: 'xstate.after.longMs.timers.slow.waiting' }] : [],
      },
    });
    const taken = new Set<string>();
    for (const path of realistic) await replayPath(timersMachine, path, {}, taken);
    expect(transitionCoverage(timersMachine, taken).percent).toBe(100);
  });

  it('checks spec expectations per state, and fails a step whose state has none', async () => {
    const path = generatePaths(profileMachine, profileOptions).find((p) =>
      p.description.includes('expect incomplete → in incomplete, when profile.complete'),
    )!;
    const states = {
      loading: () => {},
      incomplete: ({ context }: { context: { profile: { complete: boolean } | null } }) =>
        expect(context.profile?.complete).toBe(false),
      loaded: () => {},
    };
    await replayPath(profileMachine, path, { ...profileOptions, states });
    // The chart sends an incomplete profile to "loaded": the expectation of "loaded" catches it.
    const swapped = profileMachine.provide({ guards: { isIncomplete: () => false } });
    const bobOnly = {
      ...profileOptions,
      events: {
        ...profileOptions.events,
        'xstate.done.actor.fetchProfile': [
          { type: 'xstate.done.actor.fetchProfile', output: { name: 'Bob', complete: false } },
        ],
      },
    } as ModelOptions<typeof profileMachine>;
    const swappedPath = generatePaths(swapped, bobOnly).find((p) => p.description.includes('fetchProfile answers'))!;
    const loaded = {
      ...states,
      loaded: ({ context, event }: { context: { profile: { complete: boolean } | null }; event: { type: string } }) =>
        event.type === 'profile.complete' || expect(context.profile?.complete).toBe(true),
    };
    await expect(replayPath(swapped, swappedPath, { ...profileOptions, states: loaded })).rejects.toThrow(
      /expected false to be true/,
    );
    await expect(
      replayPath(profileMachine, path, { ...profileOptions, states: { loading: () => {} } }),
    ).rejects.toThrow(/no spec expectation for state "incomplete"/);
    expect(leafStatePaths(profileMachine)).toEqual(['loading', 'failed', 'incomplete', 'loaded', 'gaveUp', 'closed']);
  });

  it('checks the calls a state makes: running, with its input, answer and failure handled', async () => {
    const path = generatePaths(profileMachine, profileOptions)[0]!;
    const noop = {
      loading: () => {},
      failed: () => {},
      incomplete: () => {},
      loaded: () => {},
      gaveUp: () => {},
      closed: () => {},
    };
    await replayPath(profileMachine, path, {
      ...profileOptions,
      states: noop,
      calls: { loading: { fetchProfile: undefined } },
    });
    await expect(
      replayPath(profileMachine, path, {
        ...profileOptions,
        states: noop,
        calls: { loading: { fetchProfile: { id: 1 } } },
      }),
    ).rejects.toThrow(/input of fetchProfile/);
    await expect(
      replayPath(profileMachine, path, {
        ...profileOptions,
        states: noop,
        calls: { loading: { fetchOther: undefined } },
      }),
    ).rejects.toThrow(/calls running/);
  });

  it('expectTimer passes at the exact delay and fails for any other', async () => {
    const at = async (machine: typeof profileMachine, ms: number) => {
      const live = liveModel(machine, { maxAttempts: 3 });
      try {
        await live.send({ type: 'xstate.error.actor.fetchProfile', error: new Error('503') });
        await live.expectTimer('failed', ms, 'loading');
      } finally {
        live.stop();
      }
    };
    await at(profileMachine, 1000);
    await expect(at(profileMachine, 1001)).rejects.toThrow(/1000 ms into the 1001 ms timer/);
    await expect(at(profileMachine, 999)).rejects.toThrow(/999 ms into the timer of "failed"/);
  });
});
