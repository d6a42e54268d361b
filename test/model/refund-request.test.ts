import { expect } from 'vitest';
import { refundRequestMachine } from '#machines/refund-request';
import { isRequestableQuote } from '#machines/lib/refund-rules';
import { describeMachineModel } from './harness';
import { cardRequired, fraud, httpError, ineligible, processing, refundBooking, refundable, schemaError } from './fixtures/refund-fixtures';

const quoteDone = (output: unknown) => ({ type: 'xstate.done.actor.fetchQuote', output });
const submitDone = (waitForSuperseders: boolean) => ({
  type: 'xstate.done.actor.submitRefund',
  output: { status: 'PROCESSING', creditCardForm: null, refundId: 'r1', waitForSuperseders },
});

describeMachineModel(refundRequestMachine, {
  name: 'refundRequestMachine',
  input: { bookingId: 'b1', quoteId: 'q1', today: '2026-11-22' },
  events: {
    'xstate.done.actor.fetchRefundBooking': [{ type: 'xstate.done.actor.fetchRefundBooking', output: refundBooking() }],
    'xstate.error.actor.fetchRefundBooking': [{ type: 'xstate.error.actor.fetchRefundBooking', error: schemaError }],
    'xstate.done.actor.fetchQuote': (s) =>
      // After a declined card the server re-quotes REFUNDABLE with creditCardForm.required; after fraud, POTENTIAL_FRAUD_DETECTED.
      s.context.requestError === 'INVALID_CREDIT_CARD'
        ? [quoteDone(cardRequired)]
        : s.context.fraud
          ? [quoteDone(fraud)]
          : [quoteDone(refundable), quoteDone(cardRequired), quoteDone(ineligible), quoteDone(processing)],
    'xstate.error.actor.fetchQuote': [{ type: 'xstate.error.actor.fetchQuote', error: httpError(409, 'ALREADY_REFUNDED', 'Already refunded.') }],
    'xstate.done.actor.cardForm': [{ type: 'xstate.done.actor.cardForm', output: { token: 'tok_1', last4: '4242', brand: 'Visa' } }],
    'xstate.done.actor.submitRefund': [submitDone(false), submitDone(true)],
    'xstate.error.actor.submitRefund': [
      { type: 'xstate.error.actor.submitRefund', error: httpError(422, 'INVALID_CREDIT_CARD') },
      { type: 'xstate.error.actor.submitRefund', error: httpError(422, 'POTENTIAL_FRAUD_DETECTED') },
      { type: 'xstate.error.actor.submitRefund', error: httpError(410, 'QUOTE_EXPIRED', 'This quote has expired.') },
    ],
    'refund.setReason': [{ type: 'refund.setReason', reason: 'DISRUPTION_UPCOMING' }],
  },
  serializeContext: (c) => ({
    quote: c.quote?.quoteId ?? c.quote?.status ?? null,
    quoteError: c.quoteError !== null,
    requestError: c.requestError,
    fraud: c.fraud,
    card: c.card !== null,
    reason: c.refundReason,
  }),
  maxPaths: 400,
  assert: (snapshot) => {
    const c = snapshot.context;
    expect(c.refundReason === 'CHANGED_PLANS' || c.refundReason === 'DISRUPTION_UPCOMING').toBe(true);
    if (snapshot.matches('reviewing') || snapshot.matches('confirming')) expect(isRequestableQuote(c.quote)).toBe(true);
    if (snapshot.matches('quoteFailed')) expect(c.quoteError).toBe('Already refunded.');
    else expect(c.quoteError).toBeNull();
    if (snapshot.matches('cardForm')) {
      // Shown again after INVALID_CREDIT_CARD, or when the quote asks for a card.
      expect(c.requestError === 'INVALID_CREDIT_CARD' || c.quote?.creditCardForm?.required).toBeTruthy();
      expect(c.card).toBeNull();
      expect(snapshot.children.cardForm).toBeDefined();
    }
    if (snapshot.matches('requesting')) {
      // requestPending: the previous request error is cleared; a required card goes as its token.
      expect(c.requestError).toBeNull();
      if (c.quote?.creditCardForm?.required) expect(c.card?.token).toBe('tok_1');
    }
    if (snapshot.matches('fraudHeld')) {
      expect(c.fraud).toBe(true);
      expect(c.requestError).toBe('POTENTIAL_FRAUD_DETECTED');
    }
    if (snapshot.matches('requestFailed')) expect(c.requestError).toBe('This quote has expired.');
    if (snapshot.matches('ineligible')) expect(c.quote).toMatchObject({ status: 'NON_REFUNDABLE', reason: 'terms-and-conditions' });
    if (snapshot.matches('refunded')) {
      expect(c.result?.status).toBe('PROCESSING');
      expect(snapshot.output).toEqual({ outcome: 'refunded', refundId: 'r1' });
    }
    if (snapshot.matches('partiallyRefunded')) {
      expect(c.result?.waitForSuperseders).toBe(true);
      expect(snapshot.output).toEqual({ outcome: 'partiallyRefunded', refundId: 'r1' });
    }
  },
});
