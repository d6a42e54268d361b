import { expect } from 'vitest';
import { isRequestableQuote } from '#machines/lib/refund-rules';
import { refundQuoteMachine } from '#machines/refund-quote';
import { describeMachineModel, outputOf } from './harness';
import { refundQuoteVertex } from './fixtures/vertices';
import {
  blocked,
  expired,
  fraud,
  httpError,
  ineligible,
  nonRefundableNoReason,
  partlyRefundable,
  processing,
  refundable,
  schemaError,
  transformError,
  transformErrorNoMessage,
} from './fixtures/refund-fixtures';

const base = { orderId: 'o1', bookingId: 'b1', from: 'detail' as const };
const done = (output: unknown) => ({ type: 'xstate.done.actor.fetchQuote', output });

describeMachineModel(refundQuoteMachine, {
  name: 'refundQuoteMachine',
  inputs: [
    { ...base, changeOfJourneySource: false, enhancedIneligibleView: true },
    { ...base, changeOfJourneySource: false, enhancedIneligibleView: false },
    { ...base, changeOfJourneySource: true, enhancedIneligibleView: true },
  ],
  events: {
    'xstate.done.actor.fetchQuote': [
      done(refundable),
      done(partlyRefundable),
      done(blocked),
      done(ineligible),
      done(expired),
      done(nonRefundableNoReason),
      done(processing),
      done(fraud),
      done(transformError),
      done(transformErrorNoMessage),
    ],
    'xstate.error.actor.fetchQuote': [
      {
        type: 'xstate.error.actor.fetchQuote',
        error: httpError(409, 'ALREADY_REFUNDED', 'This booking has already been refunded.'),
      },
      { type: 'xstate.error.actor.fetchQuote', error: httpError(409, 'CHANGE_OF_JOURNEY_SOURCE') },
      { type: 'xstate.error.actor.fetchQuote', error: schemaError },
    ],
    'xstate.done.actor.fetchChangeOfJourneyStatus': [
      {
        type: 'xstate.done.actor.fetchChangeOfJourneyStatus',
        output: {
          status: 'COMPLETED',
          sourceBookingId: 'b1',
          newOrderId: 'o2',
          newBookingId: 'b2',
          requestedAt: '2026-11-01T10:00:00.000Z',
          completedAt: '2026-11-01T10:05:00.000Z',
          priceDifference: null,
          message: 'Changed to the 10:00.',
        },
      },
    ],
    'xstate.error.actor.fetchChangeOfJourneyStatus': [
      { type: 'xstate.error.actor.fetchChangeOfJourneyStatus', error: httpError(500, 'INTERNAL') },
    ],
  },
  serializeContext: refundQuoteVertex,
  maxPaths: 300,
  assert: (snapshot) => {
    const c = snapshot.context;
    // A quote error is kept as its code and the server's sentence (decision 641), only in the failed state.
    if (snapshot.matches('failed')) expect(Object.keys(c.quoteError ?? {}).sort()).toEqual(['code', 'detail']);
    else expect(c.quoteError).toBeNull();
    if (snapshot.matches('idle')) expect(c.quote).toBeNull();
    if (snapshot.matches('quoting') || snapshot.matches('checkingChangeOfJourney'))
      expect(snapshot.children).not.toEqual({});
    if (snapshot.matches('toRefundPage')) {
      expect(isRequestableQuote(c.quote)).toBe(true);
      expect(['REFUNDABLE', 'PARTIALLY_REFUNDABLE']).toContain(c.quote?.status);
      expect(snapshot.output).toEqual({ destination: 'refundPage', quoteId: c.quote?.quoteId });
    }
    if (snapshot.matches('toIneligibleView')) {
      expect(c.enhancedIneligibleView).toBe(true);
      expect(c.quote).toMatchObject({ status: 'NON_REFUNDABLE', reason: 'terms-and-conditions' });
      expect(snapshot.output).toEqual({ destination: 'ineligibleView', quoteId: null });
    }
    if (snapshot.matches('notRefundable')) {
      expect(c.quote?.status === 'NON_REFUNDABLE' || c.quote?.unprocessableReasons.some((r) => r.blocking)).toBe(true);
      // Terms-and-conditions stays here only when the enhanced view is off.
      if (c.quote?.status === 'NON_REFUNDABLE' && c.quote.reason === 'terms-and-conditions')
        expect(c.enhancedIneligibleView).toBe(false);
    }
    if (snapshot.matches('inProgress')) expect(c.quote?.status).toBe('PROCESSING');
    if (snapshot.matches('fraudSuspected')) expect(c.quote?.status).toBe('POTENTIAL_FRAUD_DETECTED');
    if (snapshot.matches('failed') && c.quote) expect(c.quote.status).toBe('TRANSFORM_ERROR');
    if (snapshot.matches('failed') && c.quote)
      expect(c.quoteError).toEqual({ code: c.quote.status, detail: c.quote.message ?? null });
    if (snapshot.matches('changeOfJourney')) expect(c.changeOfJourney?.status).toBe('COMPLETED');
    // A blocking unprocessable reason never goes to the refund page.
    if (c.quote?.quoteId === 'q3') expect(snapshot.matches('toRefundPage')).toBe(false);
  },
  calls: {
    quoting: { fetchQuote: { orderId: 'o1', bookingId: 'b1' } },
    checkingChangeOfJourney: { fetchChangeOfJourneyStatus: { orderId: 'o1', bookingId: 'b1' } },
  },
  // docs/product/states.md "Refund" and ADR 081: what each outcome of a quote attempt means.
  states: {
    idle: ({ snapshot, context, event }) => {
      expect(['xstate.init', 'quote.dismiss']).toContain(event.type);
      expect([context.quote, context.quoteError, context.changeOfJourney]).toEqual([null, null, null]);
      expect(snapshot.can({ type: 'refund.requestQuote' })).toBe(true);
    },
    // "A quote attempt sets pending."
    quoting: ({ snapshot, context, event }) => {
      expect(['refund.requestQuote', 'quote.retry']).toContain(event.type);
      expect(context.changeOfJourneySource && event.type === 'refund.requestQuote').toBe(false);
      expect(context.quoteError).toBeNull();
      expect(snapshot.can({ type: 'refund.requestQuote' })).toBe(false);
    },
    failed: ({ snapshot, context, event }) => {
      expect(['xstate.done.actor.fetchQuote', 'xstate.error.actor.fetchQuote']).toContain(event.type);
      if (event.type === 'xstate.done.actor.fetchQuote') {
        const q = outputOf(event) as { status: string; message?: string };
        expect(q.status).toBe('TRANSFORM_ERROR');
        // The answer is kept beside its message, as every other quote outcome keeps it.
        expect(context.quote).toEqual(q);
        expect(context.quoteError).toEqual({ code: 'TRANSFORM_ERROR', detail: q.message ?? null });
      } else {
        expect(context.quote).toBeNull();
        // The refusal's code names the outcome, for the screen to word; the schema failure has none.
        const error = (event as { error?: { problem?: { codes?: string[] } } }).error;
        expect(context.quoteError?.code).toBe(error?.problem?.codes?.[0] ?? null);
      }
      expect(snapshot.can({ type: 'quote.retry' })).toBe(true);
      expect(snapshot.can({ type: 'quote.dismiss' })).toBe(true);
    },
    notRefundable: ({ snapshot, context, event }) => {
      expect(event.type).toBe('xstate.done.actor.fetchQuote');
      expect(context.quote).toEqual(outputOf(event));
      expect(isRequestableQuote(context.quote)).toBe(false);
      expect(snapshot.can({ type: 'quote.retry' })).toBe(false);
      expect(snapshot.can({ type: 'quote.dismiss' })).toBe(true);
    },
    inProgress: ({ snapshot, context, event }) => {
      expect(event.type).toBe('xstate.done.actor.fetchQuote');
      expect(context.quote).toEqual(outputOf(event));
      expect(snapshot.can({ type: 'quote.dismiss' })).toBe(true);
    },
    fraudSuspected: ({ snapshot, context, event }) => {
      expect(event.type).toBe('xstate.done.actor.fetchQuote');
      expect(context.quote).toEqual(outputOf(event));
      expect(snapshot.can({ type: 'quote.retry' })).toBe(false);
      expect(snapshot.can({ type: 'quote.dismiss' })).toBe(true);
    },
    checkingChangeOfJourney: ({ context, event }) => {
      expect(['refund.requestQuote', 'quote.retry', 'xstate.error.actor.fetchQuote']).toContain(event.type);
      // The change-of-journey source asks for the status instead of a quote, or the server says it is one.
      if (event.type === 'refund.requestQuote') expect(context.changeOfJourneySource).toBe(true);
      if (event.type === 'xstate.error.actor.fetchQuote')
        expect((event as unknown as { error: { problem: { codes: string[] } } }).error.problem.codes[0]).toBe(
          'CHANGE_OF_JOURNEY_SOURCE',
        );
      expect(context.changeOfJourney).toBeNull();
    },
    changeOfJourney: ({ snapshot, context, event }) => {
      expect(event.type).toBe('xstate.done.actor.fetchChangeOfJourneyStatus');
      expect(context.changeOfJourney).toEqual(outputOf(event));
      expect(snapshot.can({ type: 'quote.dismiss' })).toBe(true);
    },
    changeOfJourneyFailed: ({ snapshot, context, event }) => {
      expect(event.type).toBe('xstate.error.actor.fetchChangeOfJourneyStatus');
      expect(context.changeOfJourney).toBeNull();
      expect(snapshot.can({ type: 'quote.retry' })).toBe(true);
      expect(snapshot.can({ type: 'quote.dismiss' })).toBe(true);
    },
    toRefundPage: ({ snapshot, context, event, actions }) => {
      expect(event.type).toBe('xstate.done.actor.fetchQuote');
      expect(context.quote).toEqual(outputOf(event));
      expect(actions).toContain('goToRefundPage');
      expect(snapshot.status).toBe('done');
    },
    toIneligibleView: ({ snapshot, context, event, actions }) => {
      expect(event.type).toBe('xstate.done.actor.fetchQuote');
      expect(context.quote).toEqual(outputOf(event));
      expect(actions).toContain('goToIneligibleView');
      expect(snapshot.status).toBe('done');
    },
  },
});
