import { expect } from 'vitest';
import { isPartialRefundAvailable, partialRefundMachine, selectedRefundables, type Selection } from '#machines/partial-refund';
import { describeMachineModel, errorOf, outputOf } from './harness';
import {
  blocked,
  httpError,
  partlyRefundable,
  sameFareReturn,
  singlePassengerReturn,
  transformError,
  twoPassengerReturn,
} from './fixtures/refund-fixtures';
import { describe, it } from 'vitest';

const input = (booking = twoPassengerReturn) => ({ orderId: 'o1', bookingId: 'b1', booking, refundReason: 'CHANGED_PLANS' as const });

describeMachineModel(partialRefundMachine, {
  name: 'partialRefundMachine',
  inputs: [
    input(twoPassengerReturn),
    input(sameFareReturn),
    input(singlePassengerReturn),
    // Coming from a whole-booking quote: the choice starts empty.
    input({ ...twoPassengerReturn, selectedRefundables: ['o-p1', 'o-p2', 'i-p1', 'i-p2'] }),
  ],
  events: {
    'selection.toggle': (s) =>
      s.context.booking.sameFare
        ? [{ type: 'selection.toggle' as const, direction: 'outward' as const, refundableId: 'r-p2' }]
        : [
            { type: 'selection.toggle' as const, direction: 'outward' as const, refundableId: 'o-p2' },
            { type: 'selection.toggle' as const, direction: 'inward' as const, refundableId: 'i-p2' },
          ],
    'xstate.done.actor.fetchAssistances': [
      {
        type: 'xstate.done.actor.fetchAssistances',
        output: { passengerAssistances: [{ id: 'a1', passengerId: 'p2', direction: 'outward', kinds: ['ramp'] }] },
      },
    ],
    'xstate.error.actor.fetchAssistances': [{ type: 'xstate.error.actor.fetchAssistances', error: httpError(404, 'NOT_FOUND') }],
    'xstate.done.actor.fetchQuote': [
      { type: 'xstate.done.actor.fetchQuote', output: partlyRefundable },
      { type: 'xstate.done.actor.fetchQuote', output: blocked },
      { type: 'xstate.done.actor.fetchQuote', output: transformError },
    ],
    'xstate.error.actor.fetchQuote': [{ type: 'xstate.error.actor.fetchQuote', error: httpError(400, 'VALIDATION') }],
  },
  serializeContext: (c) => ({
    selected: selectedRefundables(c.selection).join(','),
    first: c.hasFirstFareBeenSelected,
    assistances: c.assistancesFailed ? 'failed' : c.assistances.length,
    error: c.quoteError !== null,
  }),
  maxPaths: 300,
  assert: (snapshot) => {
    const c = snapshot.context;
    if (snapshot.matches('unavailable')) expect(isPartialRefundAvailable(c.booking)).toBe(false);
    if (snapshot.matches('choosing')) {
      expect(isPartialRefundAvailable(c.booking)).toBe(true);
      expect(c.booking.recipient.email).toBe('robin@example.com');
    }
    // The first choice sets hasFirstFareBeenSelected, and only a choice does.
    expect(c.hasFirstFareBeenSelected).toBe(selectedRefundables(c.selection).length > 0 || c.hasFirstFareBeenSelected);
    if (!c.hasFirstFareBeenSelected) expect(selectedRefundables(c.selection)).toEqual([]);
    // A return fare is one ticket for both directions.
    if (c.booking.sameFare) expect(c.selection.outward).toEqual(c.selection.inward);
    if (snapshot.matches('quoting')) expect(selectedRefundables(c.selection).length).toBeGreaterThan(0);
    if (snapshot.matches('quoted')) {
      // The quote copies the selection.
      expect(snapshot.output).toEqual({ quoteId: 'q2', refundables: selectedRefundables(c.selection) });
    }
    if (c.assistancesFailed) expect(c.assistances).toEqual([]);
  },
  calls: {
    loadingAssistances: { fetchAssistances: { orderId: 'o1', bookingId: 'b1' } },
    // The quote copies the selection (spec section 4).
    quoting: {
      fetchQuote: (c: { selection: Selection }) => ({
        orderId: 'o1',
        bookingId: 'b1',
        refundables: selectedRefundables(c.selection),
        refundReason: 'CHANGED_PLANS',
      }),
    },
  },
  // Spec sections 4 and 5: partial refund availability, the selection, its quote.
  states: {
    unavailable: ({ snapshot, event }) => {
      expect(event.type).toBe('xstate.init');
      expect(snapshot.can({ type: 'selection.confirm' })).toBe(false);
    },
    loadingAssistances: ({ context, event }) => {
      expect(event.type).toBe('xstate.init');
      expect(isPartialRefundAvailable(context.booking)).toBe(true);
      expect([context.assistances, context.assistancesFailed]).toEqual([[], false]);
    },
    choosing: ({ snapshot, context, event }) => {
      if (event.type === 'xstate.done.actor.fetchAssistances') {
        expect(context.assistances).toEqual((outputOf(event) as { passengerAssistances: unknown[] }).passengerAssistances);
        expect(context.assistancesFailed).toBe(false);
      }
      // A failed assistance call only hides the list.
      if (event.type === 'xstate.error.actor.fetchAssistances') expect(context.assistancesFailed).toBe(true);
      if (event.type === 'selection.toggle') {
        expect(context.hasFirstFareBeenSelected).toBe(true);
        expect(context.quoteError).toBeNull();
      }
      if (event.type === 'quote.dismiss') expect(context.quoteError).toBeNull();
      // A quote that cannot be requested stays on the choice with its message or true.
      if (event.type === 'xstate.done.actor.fetchQuote') {
        const q = outputOf(event) as { message?: string };
        expect(context.quote).toEqual(q);
        expect(context.quoteError).toBe(q.message ?? true);
      }
      if (event.type === 'xstate.error.actor.fetchQuote') {
        expect(errorOf(event)).toBeDefined();
        expect(context.quoteError).toBe(true);
      }
      expect(snapshot.can({ type: 'selection.confirm' })).toBe(selectedRefundables(context.selection).length > 0);
    },
    quoting: ({ snapshot, event }) => {
      expect(event.type).toBe('selection.confirm');
      expect(snapshot.can({ type: 'selection.confirm' })).toBe(false);
    },
    quoted: ({ snapshot, context, event, actions }) => {
      expect(event.type).toBe('xstate.done.actor.fetchQuote');
      expect(context.quote).toEqual(outputOf(event));
      expect(actions).toContain('goToRefundPage');
      expect(snapshot.status).toBe('done');
    },
  },
});

describe('partial refund availability (spec section 5)', () => {
  it('is available with more than one refundable passenger in a direction', () => {
    expect(isPartialRefundAvailable(twoPassengerReturn)).toBe(true);
    expect(isPartialRefundAvailable(sameFareReturn)).toBe(true);
  });
  it('is available with one refundable passenger each way when the fares are not the same fare', () => {
    const one = { ...singlePassengerReturn, sameFare: false, journeyFare: null };
    expect(isPartialRefundAvailable(one)).toBe(true);
  });
  it('is not available with one passenger on one return fare', () => {
    expect(isPartialRefundAvailable(singlePassengerReturn)).toBe(false);
  });
  it('counts only refundable passengers', () => {
    const oneRefundable = {
      ...twoPassengerReturn,
      outward: { fares: [{ farePassengers: [{ passengerId: 'p1', isRefundable: true, refundableId: 'o-p1' }, { passengerId: 'p2', isRefundable: false, refundableId: null }] }] },
      inward: null,
    };
    expect(isPartialRefundAvailable(oneRefundable)).toBe(false);
  });
});
