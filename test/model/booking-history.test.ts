import { expect } from 'vitest';
import { bookingHistoryMachine } from '../../machines/booking-history';
import { describeMachineModel } from './harness';

const order = { id: 'o1', friendlyOrderId: 'TL-ABCDEF', email: null, currency: 'GBP', createdAt: '2026-01-01T00:00:00.000Z', replacementOrder: null };
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
  serializeContext: (c) => ({ retries: c.retries, failed: c.failed, history: c.history !== null, replacement: c.replacement?.bookingId ?? null }),
  maxPaths: 300,
  assert: (snapshot) => {
    const c = snapshot.context;
    expect(c.historyPollMs).toBe(2000);
    expect(c.retries).toBeLessThanOrEqual(c.maxPollRetries);
    if (snapshot.matches('redirecting')) {
      expect(snapshot.output).toEqual({ replacement: replacedBy, refundComplete: c.waitForSuperseders || c.bookingChanged });
    }
    if (snapshot.matches('waitFailed')) expect(c.failed).not.toBeNull();
    if (snapshot.matches('waitFailed') && c.failed === 'timeout') expect(c.retries).toBe(3);
  },
});
