import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { refundRequestMachine } from '#machines/refund-request';
import { isRequestableQuote } from '#machines/lib/refund-rules';
import { describeMachineModel, inputOf, nextFrom, outputOf, watching, fromOwnLoadOnly } from './harness';
import { refundRequestVertex } from './fixtures/vertices';
import {
  cardRequired,
  fraud,
  httpError,
  ineligible,
  processing,
  refundBooking,
  refundable,
  schemaError,
  twoPassengerReturn,
} from './fixtures/refund-fixtures';

const quoteDone = (output: unknown) => ({ type: 'xstate.done.actor.fetchQuote', output });
/**
 * Each confirm is one attempt of the lost-answer chart (its checks after a lost answer are its own
 * model test): it ends with the server's answer (first time or to a check) or its refusal.
 */
const answered = (answer: unknown) => ({
  type: 'xstate.done.actor.submitRefund',
  output: { kind: 'answered', answer },
});
const refused = (error: unknown) => ({ type: 'xstate.done.actor.submitRefund', output: { kind: 'refused', error } });
const submitDone = (waitForSuperseders: boolean) =>
  answered({ status: 'PROCESSING', creditCardForm: null, refundId: 'r1', waitForSuperseders });
/** docs/product/api.md: the request's 200 answer carries `status` and `creditCardForm`; the two special statuses may come that way too. */
const specialAnswer = (status: 'INVALID_CREDIT_CARD' | 'POTENTIAL_FRAUD_DETECTED') =>
  answered({ status, creditCardForm: status === 'INVALID_CREDIT_CARD' ? { required: true } : null });
/** What the attempt ended with: the answer, or the refusal. */
const outcomeOf = (event: { type: string }) =>
  outputOf(event) as { kind: string; answer?: { status?: string; waitForSuperseders?: boolean }; error?: unknown };
const KEY_SEED = 'seed-refund';
const keyOf = (c: { attempt: number }) => `${KEY_SEED}.${c.attempt}`;

/**
 * A new reason is quoted for the opening selection: whatever was ticked before, the panel starts
 * again from the URL quote's selection (the whole booking when it named none).
 */
function expectReasonStartsAgain(check: { snapshot: SnapshotFrom<typeof refundRequestMachine> }) {
  const { context } = check.snapshot;
  const next = nextFrom(check, { type: 'refund.setReason', reason: 'DISRUPTION_UPCOMING' });
  const opening = context.booking?.booking.selectedRefundables ?? [];
  expect([next.value, next.context.refundReason, next.context.selection]).toEqual([
    'quoting',
    'DISRUPTION_UPCOMING',
    opening.length ? opening : null,
  ]);
}

type ModelSnapshot = SnapshotFrom<typeof refundRequestMachine>;

const INPUT = { bookingId: 'b1', quoteId: 'q1', today: '2026-11-22', keySeed: KEY_SEED };
/** The route's load: the URL quote's booking with one passenger's tickets ticked, or its failure. */
const loadedBooking = refundBooking({ ...twoPassengerReturn, selectedRefundables: ['o-p2', 'i-p2'] });

describeMachineModel(refundRequestMachine, {
  name: 'refundRequestMachine',
  inputs: [INPUT, { ...INPUT, first: { data: loadedBooking } }, { ...INPUT, first: { error: schemaError } }],
  events: fromOwnLoadOnly<ModelSnapshot>({
    'refund.retry': [{ type: 'refund.retry' }],
    'refund.continue': [{ type: 'refund.continue' }],
    'refund.back': [{ type: 'refund.back' }],
    'refund.confirm': [{ type: 'refund.confirm' }],
    'refund.check': [{ type: 'refund.check' }],
    'card.cancel': [{ type: 'card.cancel' }],
    'quote.retry': [{ type: 'quote.retry' }],
    'quote.dismiss': [{ type: 'quote.dismiss' }],
    'xstate.done.actor.fetchRefundBooking': [{ type: 'xstate.done.actor.fetchRefundBooking', output: refundBooking() }],
    'xstate.error.actor.fetchRefundBooking': [{ type: 'xstate.error.actor.fetchRefundBooking', error: schemaError }],
    'xstate.done.actor.fetchQuote': (s) =>
      // After a declined card the server re-quotes REFUNDABLE with creditCardForm.required; after fraud, POTENTIAL_FRAUD_DETECTED.
      s.context.requestError === 'INVALID_CREDIT_CARD'
        ? [quoteDone(cardRequired)]
        : s.context.fraud
          ? [quoteDone(fraud)]
          : [quoteDone(refundable), quoteDone(cardRequired), quoteDone(ineligible), quoteDone(processing)],
    'xstate.error.actor.fetchQuote': [
      { type: 'xstate.error.actor.fetchQuote', error: httpError(409, 'ALREADY_REFUNDED', 'Already refunded.') },
    ],
    'xstate.done.actor.cardForm': [
      { type: 'xstate.done.actor.cardForm', output: { token: 'tok_1', last4: '4242', brand: 'Visa' } },
    ],
    'xstate.done.actor.submitRefund': [
      submitDone(false),
      submitDone(true),
      specialAnswer('INVALID_CREDIT_CARD'),
      specialAnswer('POTENTIAL_FRAUD_DETECTED'),
      // An earlier attempt went through: the tickets are already being refunded.
      refused(httpError(409, 'IN_PROGRESS', 'These tickets are already being refunded.')),
      refused(httpError(422, 'INVALID_CREDIT_CARD')),
      refused(httpError(422, 'POTENTIAL_FRAUD_DETECTED')),
      refused(httpError(410, 'QUOTE_EXPIRED', 'This quote has expired.')),
    ],
    // The attempt itself failing (never expected): the request failed, with no message of its own.
    'xstate.error.actor.submitRefund': [
      { type: 'xstate.error.actor.submitRefund', error: new Error('attempt failed') },
    ],
    'refund.setReason': [{ type: 'refund.setReason', reason: 'DISRUPTION_UPCOMING' }],
    // The partial refund panel's ticks: one passenger, then nobody (the selection is the refund).
    'refund.select': [
      { type: 'refund.select', refundables: ['o-p2', 'i-p2'] },
      { type: 'refund.select', refundables: [] },
    ],
  }),
  serializeContext: refundRequestVertex,
  maxPaths: 950,
  assert: (snapshot) => {
    const c = snapshot.context;
    expect(c.refundReason === 'CHANGED_PLANS' || c.refundReason === 'DISRUPTION_UPCOMING').toBe(true);
    if (snapshot.matches('reviewing') || snapshot.matches('confirming')) expect(isRequestableQuote(c.quote)).toBe(true);
    if (snapshot.matches('quoteFailed'))
      expect(c.quoteError).toEqual({ code: 'ALREADY_REFUNDED', detail: 'Already refunded.' });
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
    // A refusal is kept as its code (the screen words it) and the server's sentence; no answer, neither.
    if (snapshot.matches('requestFailed'))
      expect([
        { code: 'QUOTE_EXPIRED', detail: 'This quote has expired.' },
        { code: null, detail: null },
      ]).toContainEqual(c.requestError);
    if (snapshot.matches('ineligible'))
      expect(c.quote).toMatchObject({ status: 'NON_REFUNDABLE', reason: 'terms-and-conditions' });
    if (snapshot.matches('refunded')) {
      // The answer, or a 409 saying an earlier attempt went through (no answer of its own to keep).
      if (c.result === null) expect(snapshot.output).toEqual({ outcome: 'refunded', refundId: null });
      else {
        expect(c.result.status).toBe('PROCESSING');
        expect(snapshot.output).toEqual({ outcome: 'refunded', refundId: 'r1' });
      }
    }
    if (snapshot.matches('partiallyRefunded')) {
      expect(c.result?.waitForSuperseders).toBe(true);
      expect(snapshot.output).toEqual({ outcome: 'partiallyRefunded', refundId: 'r1' });
    }
  },
  calls: {
    loading: { fetchRefundBooking: { bookingId: 'b1', quoteId: 'q1' } },
    // The quote copies the selection: what is ticked, or the whole booking before any tick.
    quoting: {
      fetchQuote: (c: { refundReason: string; selection: string[] | null }) => ({
        orderId: 'o1',
        bookingId: 'b1',
        refundables: c.selection ?? [],
        refundReason: c.refundReason,
      }),
    },
    // The card form is a child machine: a refused card stays inside it, so it never fails (its input is checked below).
    cardForm: { cardForm: watching },
    // A card declined earlier goes as the new card's token; otherwise null (the card on file).
    // Each attempt with its own Idempotency-Key; the attempt's checks repeat it with the same one.
    requesting: {
      submitRefund: (c: {
        quote: { quoteId: string | null } | null;
        card: { token: string } | null;
        attempt: number;
      }) => ({
        request: {
          quoteId: c.quote?.quoteId,
          body: { token: c.card?.token ?? null, bookingId: 'b1' },
          idempotencyKey: keyOf(c),
        },
      }),
    },
  },
  // docs/product/states.md "Refund" (requestPending, PROCESSING, INVALID_CREDIT_CARD, POTENTIAL_FRAUD_DETECTED) and ADR 081.
  states: {
    loading: (check) => {
      const { context, event } = check;
      expect(['xstate.init', 'refund.retry']).toContain(event.type);
      // Loading on its own start only when the route loaded nothing.
      if (event.type === 'xstate.init') expect(context.first).toBeNull();
      expect([context.booking, context.quote]).toEqual([null, null]);
      // A partial selection (docs/product/validation.md: ?refundables=[...]) is what the quote is asked for.
      const partial = refundBooking({ ...twoPassengerReturn, selectedRefundables: ['o-p2', 'i-p2'] });
      const quoting = nextFrom(check, { type: 'xstate.done.actor.fetchRefundBooking', output: partial } as never);
      expect(quoting.value).toBe('quoting');
      expect(inputOf(quoting, 'fetchQuote')).toEqual({
        orderId: 'o1',
        bookingId: 'b1',
        refundables: ['o-p2', 'i-p2'],
        refundReason: context.refundReason,
      });
    },
    loadFailed: ({ snapshot, context, event }) => {
      expect(['xstate.error.actor.fetchRefundBooking', 'xstate.init']).toContain(event.type);
      // The route's failed load starts here, with the same error and retry as the chart's own.
      if (event.type === 'xstate.init') expect(context.first).toEqual({ error: schemaError });
      expect(context.booking).toBeNull();
      expect(snapshot.can({ type: 'refund.retry' })).toBe(true);
    },
    quoting: (check) => {
      const { context, event } = check;
      expect([
        'xstate.init',
        'xstate.done.actor.fetchRefundBooking',
        'refund.setReason',
        'refund.select',
        'quote.retry',
        'xstate.done.actor.submitRefund',
        'refund.retry',
      ]).toContain(event.type);
      // A tick while a quote is pending: the newest selection is asked for afresh; unticking everyone quotes nothing.
      const ticked = nextFrom(check, { type: 'refund.select', refundables: ['o-p1'] });
      expect(ticked.value).toBe('quoting');
      expect(inputOf(ticked, 'fetchQuote')).toEqual({
        orderId: 'o1',
        bookingId: 'b1',
        refundables: ['o-p1'],
        refundReason: context.refundReason,
      });
      expect(ticked.children.fetchQuote).not.toBe(check.snapshot.children.fetchQuote);
      expect(nextFrom(check, { type: 'refund.select', refundables: [] }).value).toBe('nothingSelected');
      if (event.type === 'refund.select') expect(context.selection).toEqual(event.refundables);
      // Arrowing through the reasons while a quote is pending: the newest reason is asked for
      // afresh (the older call is dropped), whatever reason the pending one was for.
      for (const reason of ['CHANGED_PLANS', 'DISRUPTION_UPCOMING'] as const) {
        const next = nextFrom(check, { type: 'refund.setReason', reason });
        expect(next.value).toBe('quoting');
        expect(next.context.refundReason).toBe(reason);
        // A new reason starts again from the opening selection (the whole booking, or the route's
        // load's one passenger).
        const opening = context.booking?.booking.selectedRefundables ?? [];
        expect(next.context.selection).toEqual(opening.length ? opening : null);
        expect(next.context.reasonChosen).toBe(true);
        expect(inputOf(next, 'fetchQuote')).toEqual({
          orderId: 'o1',
          bookingId: 'b1',
          refundables: opening,
          refundReason: reason,
        });
        expect(next.children.fetchQuote).not.toBe(check.snapshot.children.fetchQuote);
      }
      if (event.type === 'xstate.done.actor.fetchRefundBooking') {
        expect(context.booking).toEqual(outputOf(event));
        // The first quote is for the default reason, which the customer did not choose.
        expect(context.reasonChosen).toBe(false);
      }
      if (event.type === 'xstate.init') {
        // From the route's load: its booking, and the quote asked for the URL quote's selection.
        expect(context.first).toEqual({ data: loadedBooking });
        expect([context.booking, context.selection, context.reasonChosen]).toEqual([
          loadedBooking,
          ['o-p2', 'i-p2'],
          false,
        ]);
        expect(inputOf(check.snapshot, 'fetchQuote')).toEqual({
          orderId: 'o1',
          bookingId: 'b1',
          refundables: ['o-p2', 'i-p2'],
          refundReason: context.refundReason,
        });
      }
      if (event.type === 'refund.setReason') expect(context.refundReason).toBe('DISRUPTION_UPCOMING');
      // A declined card or a fraud hold spends the quote and re-quotes, as a 422 or as a 200 with that status.
      if (event.type === 'xstate.done.actor.submitRefund') {
        const outcome = outcomeOf(event);
        if (outcome.kind === 'answered') expect(outcome.answer?.status).toBe(context.requestError);
        expect(context.quote).toBeNull();
        expect(['INVALID_CREDIT_CARD', 'POTENTIAL_FRAUD_DETECTED']).toContain(context.requestError);
        expect(context.fraud).toBe(context.requestError === 'POTENTIAL_FRAUD_DETECTED');
        if (context.requestError === 'INVALID_CREDIT_CARD') expect(context.card).toBeNull();
      }
      if (event.type === 'refund.retry')
        expect([
          { code: 'QUOTE_EXPIRED', detail: 'This quote has expired.' },
          { code: null, detail: null },
        ]).toContainEqual(context.requestError);
    },
    quoteFailed: ({ snapshot, event }) => {
      expect(event.type).toBe('xstate.error.actor.fetchQuote');
      expect(snapshot.can({ type: 'quote.retry' })).toBe(true);
      expect(snapshot.can({ type: 'quote.dismiss' })).toBe(true);
    },
    reviewing: (check) => {
      const { snapshot, context, event } = check;
      expect(['xstate.done.actor.fetchQuote', 'refund.back', 'card.cancel', 'quote.dismiss']).toContain(event.type);
      if (event.type === 'xstate.done.actor.fetchQuote') expect(context.quote).toEqual(outputOf(event));
      expect(context.fraud).toBe(false);
      expect(snapshot.can({ type: 'refund.continue' })).toBe(true);
      expect(snapshot.can({ type: 'refund.confirm' })).toBe(false);
      // The selection is the refund: a tick re-quotes at once for exactly what is ticked.
      const ticked = nextFrom(check, { type: 'refund.select', refundables: ['i-p1'] });
      expect(ticked.value).toBe('quoting');
      expect(inputOf(ticked, 'fetchQuote')).toMatchObject({ refundables: ['i-p1'] });
      expect(nextFrom(check, { type: 'refund.select', refundables: [] }).value).toBe('nothingSelected');
      expectReasonStartsAgain(check);
    },
    nothingSelected: (check) => {
      const { snapshot, context, event } = check;
      expect(event.type).toBe('refund.select');
      expect(context.selection).toEqual([]);
      // Nothing to refund: no Continue until someone is ticked again.
      expect(snapshot.can({ type: 'refund.continue' })).toBe(false);
      expect(snapshot.can({ type: 'refund.select', refundables: [] })).toBe(false);
      const ticked = nextFrom(check, { type: 'refund.select', refundables: ['o-p1'] });
      expect([ticked.value, ticked.context.selection]).toEqual(['quoting', ['o-p1']]);
      const reason = nextFrom(check, { type: 'refund.setReason', reason: 'DISRUPTION_UPCOMING' });
      expect([reason.value, reason.context.selection]).toEqual(['quoting', null]);
    },
    confirming: ({ snapshot, event }) => {
      expect(event.type).toBe('refund.continue');
      expect(snapshot.can({ type: 'refund.back' })).toBe(true);
      expect(snapshot.can({ type: 'refund.continue' })).toBe(false);
    },
    cardForm: ({ snapshot, context, event, invoked }) => {
      expect(invoked.cardForm).toEqual({ today: '2026-11-22' });
      expect(['refund.confirm', 'xstate.done.actor.fetchQuote']).toContain(event.type);
      if (event.type === 'refund.confirm') expect(context.quote?.creditCardForm?.required).toBe(true);
      if (event.type === 'xstate.done.actor.fetchQuote') {
        expect(context.requestError).toBe('INVALID_CREDIT_CARD');
        expect(context.quote).toEqual(outputOf(event));
      }
      expect(snapshot.can({ type: 'card.cancel' })).toBe(true);
    },
    requesting: (check) => {
      const { snapshot, context, event } = check;
      expect(['refund.confirm', 'xstate.done.actor.cardForm', 'refund.check']).toContain(event.type);
      if (event.type === 'xstate.done.actor.cardForm') expect(context.card).toEqual(outputOf(event));
      else if (event.type === 'refund.confirm')
        expect(context.quote?.creditCardForm?.required === true && context.card === null).toBe(false);
      // A new attempt: a key not used before.
      expect(context.attempt).toBeGreaterThan(0);
      // A decline names the card it was for: the new card typed in, or (none typed) the card paid with.
      const declined = nextFrom(check, refused(httpError(422, 'INVALID_CREDIT_CARD')) as never);
      expect(declined.context.declinedCard).toEqual(
        context.card ? { last4: context.card.last4, brand: context.card.brand } : null,
      );
      // The server's first answer (to the attempt or to its check) decides what the screen says.
      expect(nextFrom(check, submitDone(false) as never).value).toBe('refunded');
      expect(nextFrom(check, refused(httpError(409, 'QUOTE_USED')) as never).value).toBe('refunded');
      // A refusal with no words of its own, or the attempt itself failing: the page's own words.
      expect(nextFrom(check, refused({ status: 500 }) as never).context.requestError).toEqual({
        code: null,
        detail: null,
      });
      // Check again goes to the attempt (the same request, the same key), never a new attempt.
      expect(snapshot.can({ type: 'refund.check' })).toBe(true);
      const again = nextFrom(check, { type: 'refund.check' });
      expect([again.value, again.context.attempt]).toEqual(['requesting', context.attempt]);
      expect(snapshot.can({ type: 'refund.retry' })).toBe(false);
    },
    requestFailed: ({ snapshot, event }) => {
      expect(['xstate.done.actor.submitRefund', 'xstate.error.actor.submitRefund']).toContain(event.type);
      if (event.type === 'xstate.done.actor.submitRefund') expect(outcomeOf(event).kind).toBe('refused');
      expect(snapshot.can({ type: 'refund.retry' })).toBe(true);
    },
    fraudHeld: ({ snapshot, context, event }) => {
      expect(event.type).toBe('xstate.done.actor.fetchQuote');
      expect(context.quote).toEqual(outputOf(event));
      expect(snapshot.can({ type: 'refund.setReason', reason: 'DISRUPTION_UPCOMING' })).toBe(false);
    },
    ineligible: (check) => {
      const { event, actions } = check;
      expect(event.type).toBe('xstate.done.actor.fetchQuote');
      expect(actions).toContain('goToIneligibleView');
      expectReasonStartsAgain(check);
    },
    unavailable: (check) => {
      const { context, event } = check;
      expect(['xstate.done.actor.fetchQuote', 'quote.dismiss']).toContain(event.type);
      expect(isRequestableQuote(context.quote)).toBe(false);
      if (event.type === 'xstate.done.actor.fetchQuote') expect(context.quote?.status).toBe('PROCESSING');
      expectReasonStartsAgain(check);
    },
    refunded: ({ snapshot, event, actions }) => {
      expect(event.type).toBe('xstate.done.actor.submitRefund');
      // The request's answer is kept (the route reads its refund id); a 409 has none of its own.
      const outcome = outcomeOf(event);
      expect(snapshot.context.result).toEqual(outcome.kind === 'answered' ? outcome.answer : null);
      if (outcome.kind === 'answered') expect(outcome.answer?.waitForSuperseders).toBe(false);
      expect(actions).toContain('reloadBooking');
      expect(snapshot.status).toBe('done');
    },
    partiallyRefunded: ({ snapshot, event, actions }) => {
      expect(event.type).toBe('xstate.done.actor.submitRefund');
      expect(actions).toContain('waitForSuperseders');
      expect(snapshot.status).toBe('done');
    },
  },
});
