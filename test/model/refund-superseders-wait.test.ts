import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { describe, expect, it } from 'vitest';
import { bookingHistoryMachine, type HistoryFetchResult } from '#machines/booking-history';

/**
 * After a partial refund the refund page hands over to the history polling (docs/product/constants.md:
 * "History polling: initial 2000 ms, 3 retries"). The named delay is checked for its duration:
 * 1 ms short of the spec figure nothing happens, at the figure the next poll starts.
 */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
const order = {
  id: 'o1',
  friendlyOrderId: 'TL-ABCDEF',
  email: null,
  currency: 'GBP',
  createdAt: '2026-01-01T00:00:00.000Z',
  replacementOrder: null,
};

describe('waiting for the superseding order after a partial refund', () => {
  it('polls history after 2000 ms (pollDelay), doubling, 3 retries, then lands on the replacement', async () => {
    let calls = 0;
    const clock = new SimulatedClock();
    const actor = createActor(
      bookingHistoryMachine.provide({
        actors: {
          fetchHistory: fromPromise<HistoryFetchResult, { bookingId: string }>(async () => {
            calls += 1;
            return calls < 4
              ? { status: 200, data: { replacedBy: null, bookings: [], order } as never }
              : { status: 308, data: { replacedBy: { bookingId: 'b2', orderId: 'o2' } as never } };
          }),
        },
      }),
      { input: { bookingId: 'b1', waitForSuperseders: true, bookingChanged: false }, clock },
    );
    actor.start();
    await settle();
    expect(calls).toBe(1);
    for (const [retry, ms] of [2000, 4000, 8000].entries()) {
      expect(actor.getSnapshot().matches({ waiting: 'delaying' })).toBe(true);
      clock.increment(ms - 1);
      await settle();
      expect(calls, `retry ${retry + 1}: nothing 1 ms before ${ms} ms`).toBe(retry + 1);
      clock.increment(1);
      await settle();
      expect(calls, `retry ${retry + 1}: polled at ${ms} ms`).toBe(retry + 2);
    }
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({
      replacement: { bookingId: 'b2', orderId: 'o2' },
      refundComplete: true,
    });
    actor.stop();
  });
});
