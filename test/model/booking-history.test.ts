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

describeMachineModel(bookingHistoryMachine, {
  name: 'bookingHistoryMachine',
  inputs: [
    { bookingId: 'b1', waitForSuperseders: false, bookingChanged: false },
    { bookingId: 'b1', waitForSuperseders: false, bookingChanged: true },
    { bookingId: 'b1', waitForSuperseders: true, bookingChanged: false },
  ],
  events: {
    'xstate.done.actor.fetchHistory': [
      { type: 'xstate.done.actor.fetchHistory', output: { status: 200, data: history } },
      { type: 'xstate.done.actor.fetchHistory', output: { status: 308, data: { replacedBy } } },
    ],
    'xstate.error.actor.fetchHistory': [
      { type: 'xstate.error.actor.fetchHistory', error: { status: 500, problem: { kind: 'http' } } },
      { type: 'xstate.error.actor.fetchHistory', error: { status: null, problem: { kind: 'schema' } } },
    ],
  },
  serializeContext: (c) => ({
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
      expect(context.failed).toBeNull();
      expect(context.retries).toBe(0);
    },
    loaded: ({ context, event }) => {
      expect(outputOf(event)).toEqual({ status: 200, data: history });
      expect(context.history).toBe(history);
    },
    error: ({ snapshot, event }) => {
      expect(errorOf(event)?.problem?.kind).toBe('http');
      expect(snapshot.can({ type: 'history.retry' })).toBe(true);
    },
    schemaError: ({ snapshot, event }) => {
      expect(errorOf(event)?.problem?.kind).toBe('schema');
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
      expect(outputOf(event)).toEqual({ status: 308, data: { replacedBy } });
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
