import { expect, it } from 'vitest';
import { bookingHistoryMachine } from '#machines/booking-history';
import { describeMachineModel, errorOf, liveModel, outputOf } from './harness';

const order = {
  id: 'o1',
  friendlyOrderId: 'TL-ABCDEF',
  email: null,
  currency: 'GBP',
  createdAt: '2026-01-01T00:00:00.000Z',
  replacementOrder: null,
};
const history = { replacedBy: null, bookings: [], order } as never;
const replacedBy = { bookingId: 'b2', orderId: 'o2' };
const httpFailure = { status: 500, problem: { kind: 'http' } };
const schemaFailure = { status: null, problem: { kind: 'schema' } };
/** What the route's loader got (docs/decisions/730): the history, the replacement, or the load's error. */
const loadedHistory = { data: { status: 200, data: history } } as const;
const loadedReplacement = { data: { status: 308, data: { replacedBy } } } as const;

describeMachineModel(bookingHistoryMachine, {
  name: 'bookingHistoryMachine',
  inputs: [
    { bookingId: 'b1', waitForSuperseders: false, bookingChanged: false },
    { bookingId: 'b1', waitForSuperseders: false, bookingChanged: true },
    { bookingId: 'b1', waitForSuperseders: true, bookingChanged: false },
    { bookingId: 'b1', waitForSuperseders: false, bookingChanged: false, first: loadedHistory },
    { bookingId: 'b1', waitForSuperseders: false, bookingChanged: true, first: loadedReplacement },
    { bookingId: 'b1', waitForSuperseders: false, bookingChanged: false, first: { error: httpFailure } },
    { bookingId: 'b1', waitForSuperseders: false, bookingChanged: false, first: { error: schemaFailure } },
    // A wait never starts from a loaded history (the route loads none then; the chart ignores one).
    { bookingId: 'b1', waitForSuperseders: true, bookingChanged: false, first: loadedHistory },
  ],
  events: {
    'xstate.done.actor.fetchHistory': [
      { type: 'xstate.done.actor.fetchHistory', output: { status: 200, data: history } },
      { type: 'xstate.done.actor.fetchHistory', output: { status: 308, data: { replacedBy } } },
    ],
    'xstate.error.actor.fetchHistory': [
      { type: 'xstate.error.actor.fetchHistory', error: httpFailure },
      { type: 'xstate.error.actor.fetchHistory', error: schemaFailure },
    ],
  },
  serializeContext: (c) => ({
    first: c.first === null ? null : 'data' in c.first ? c.first.data.status : 'error',
    retries: c.retries,
    failed: c.failed,
    history: c.history !== null,
    replacement: c.replacement?.bookingId ?? null,
  }),
  maxPaths: 300,
  assert: (snapshot) => {
    const c = snapshot.context;
    expect(c.historyPollMs).toBe(2000);
    expect(c.maxPollRetries).toBe(3);
    expect(c.retries).toBeLessThanOrEqual(c.maxPollRetries);
  },
  calls: { fetching: { fetchHistory: { bookingId: 'b1' } }, 'waiting.polling': { fetchHistory: { bookingId: 'b1' } } },
  // docs/product/states.md, docs/product/errors.md and docs/product/constants.md: a 308 opens the replacement's history (refund complete when the URL
  // said so); a fetch error sets an error flag with a retry; waiting polls and stops on success,
  // timeout or error with a failed flag.
  states: {
    fetching: ({ context, event }) => {
      expect(['xstate.init', 'history.retry']).toContain(event.type);
      // Fetching on its own start only when the route loaded nothing.
      if (event.type === 'xstate.init') expect(context.first).toBeNull();
      expect(context.failed).toBeNull();
      expect(context.retries).toBe(0);
    },
    loaded: ({ context, event }) => {
      // From the route's load, or from the chart's own fetch.
      if (event.type === 'xstate.init') expect(context.first).toEqual(loadedHistory);
      else expect(outputOf(event)).toEqual({ status: 200, data: history });
      expect(context.history).toBe(history);
    },
    error: ({ snapshot, context, event }) => {
      // The route's failed load starts here, with the same error and retry as the chart's own.
      if (event.type === 'xstate.init') expect(context.first).toEqual({ error: httpFailure });
      else expect(errorOf(event)?.problem?.kind).toBe('http');
      expect(snapshot.can({ type: 'history.retry' })).toBe(true);
    },
    schemaError: ({ snapshot, context, event }) => {
      if (event.type === 'xstate.init') expect(context.first).toEqual({ error: schemaFailure });
      else expect(errorOf(event)?.problem?.kind).toBe('schema');
      expect(snapshot.can({ type: 'history.retry' })).toBe(true);
    },
    waiting: ({ context }) => {
      expect(context.waitForSuperseders).toBe(true);
      expect(context.failed).toBeNull();
    },
    'waiting.polling': ({ context, event }) => {
      if (event.type === 'xstate.init') expect(context.retries).toBe(0);
      else expect(event.type).toBe('xstate.after.pollDelay.bookingHistory.waiting.delaying');
    },
    'waiting.delaying': ({ context, event }) => {
      expect(context.retries).toBeLessThan(3);
      if (outputOf(event)) {
        expect(outputOf(event)).toEqual({ status: 200, data: history });
        // While waiting, the history seen so far is shown.
        expect(context.history).toBe(history);
      }
    },
    waitFailed: ({ snapshot, context, event }) => {
      // Retries used up: timeout, with the history seen so far; an error on the last try: error.
      if (outputOf(event)) {
        expect(context.failed).toBe('timeout');
        expect(context.history).toBe(history);
      } else {
        expect(errorOf(event)).toBeDefined();
        expect(context.failed).toBe('error');
      }
      expect(context.retries).toBe(3);
      expect(snapshot.can({ type: 'history.retry' })).toBe(true);
    },
    redirecting: ({ snapshot, context, event, actions }) => {
      if (event.type === 'xstate.init') expect(context.first).toEqual(loadedReplacement);
      else expect(outputOf(event)).toEqual({ status: 308, data: { replacedBy } });
      expect(actions).toContain('goToReplacementHistory');
      expect(snapshot.output).toEqual({
        replacement: replacedBy,
        refundComplete: context.waitForSuperseders || context.bookingChanged,
      });
    },
  },
});

it('polls history after 2000 ms and doubles the wait, 3 retries at most (docs/product/constants.md)', async () => {
  const live = liveModel(bookingHistoryMachine, { bookingId: 'b1', waitForSuperseders: true, bookingChanged: false });
  const stillProcessing = { type: 'xstate.done.actor.fetchHistory', output: { status: 200, data: history } };
  try {
    for (const [retry, ms] of [2000, 4000, 8000].entries()) {
      await live.send(stillProcessing);
      expect(live.snapshot().context.retries).toBe(retry);
      await live.expectTimer('waiting.delaying', ms, 'waiting.polling');
    }
    await live.send(stillProcessing);
    expect(live.snapshot().value).toBe('waitFailed');
    expect(live.snapshot().context.failed).toBe('timeout');
  } finally {
    live.stop();
  }
});
