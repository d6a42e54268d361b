import { assign, fromPromise, setup } from 'xstate';
import {
  cardErrors,
  emptyCardValues,
  toCardTokenRequest,
  type CardField,
  type CardValues,
} from '#src/schemas/card-form';
import { doneOutput } from './lib/done-output';
import { fieldRefusalOf, type FieldRefusal } from './lib/field-refusal';
import { changePatch, submitAttemptPatch, touchPatch } from './lib/form-kit';
import { codeOf, problemOfEvent } from './lib/problems';
import { problemMessageOfEvent } from './lib/refund-rules';
import type { CardTokenRequest, CardTokenResponse } from '#src/schemas/refunds';
import { ukDay } from '#src/schemas/uk-time';

/**
 * The card a refund goes to when the original card was declined (INVALID_CREDIT_CARD): number with
 * a Luhn check, expiry, CVC and name; the server tokenises it (POST payment/card-token) and the
 * refund request carries only the token. The values live in this actor while the form is open and
 * are dropped with it; nothing is stored or put in a URL (docs/decisions/081-refund-flows.md).
 */
export interface RefundCardFormInput {
  /** Today as YYYY-MM-DD, the UK day (`cardFormToday`), for the expiry rule. */
  today: string;
}

/**
 * The day a card's expiry month is judged on: the UK calendar day (docs/decisions/880-one-uk-wall-clock.md),
 * as the card-token call judges it, not the device's. A card valid to the end of July has expired at
 * 00:00 in London on 1 August (23:00 UTC in summer), whatever the clock of a customer abroad says.
 * The screens give the chart `cardFormToday(new Date())`.
 */
export const cardFormToday = (now: Date | number): string => ukDay(now);

export interface RefundCardFormContext extends RefundCardFormInput {
  values: CardValues;
  touched: Partial<Record<CardField, boolean>>;
  dirty: boolean;
  submitAttempted: boolean;
  /**
   * The server refused the card for a reason about no one field, with a code the form does not word
   * (its message), or the card could not be checked (true: a refusal that says only that, or no answer).
   */
  tokeniseError: string | true | null;
  /**
   * The server refused the card about one field: a number that is not a card's (`CARD_INVALID`) or
   * a card that has expired (`CARD_EXPIRED`, the server's today); that field's error until it is
   * changed (decision 670).
   */
  refusal: FieldRefusal<'number' | 'expiry'> | null;
  card: { token: string; last4: string; brand: string } | null;
}

export type RefundCardFormEvent =
  | { type: 'form.change'; field: CardField; value: string }
  | { type: 'form.blur'; field: CardField }
  | { type: 'form.submit' };

/** Errors to show (once a field was left or submit tried) and whether submit is allowed. */
export const cardFormView = (context: RefundCardFormContext, submitting: boolean) => {
  const errors = cardErrors(context.values, context.today);
  const shown: Partial<Record<CardField, string>> = {};
  for (const field of Object.keys(errors) as CardField[]) {
    if (context.touched[field] || context.submitAttempted) shown[field] = errors[field]!;
  }
  return { errors: shown, canSubmit: context.dirty && Object.keys(errors).length === 0 && !submitting };
};

/** POST payment/card-token's refusals about one field (docs/decisions/082-refund-card-tokens.md). */
const cardRefusalFields = { CARD_INVALID: 'number', CARD_EXPIRED: 'expiry' } as const;

/**
 * Refusals that say only that the card could not be checked: a body the card-token call did not take
 * (`VALIDATION`, the rules of src/schemas/card-form.ts differing from the server's), or a caller it
 * refused. The form's own "We couldn't check this card" (true), not the server's English (decision 883).
 */
const saysOnlyFailed = new Set(['VALIDATION', 'FORBIDDEN', 'UNAUTHORISED', 'EMAIL_NOT_VERIFIED', 'INTERNAL_ERROR']);

export const refundCardFormMachine = setup({
  types: {
    context: {} as RefundCardFormContext,
    events: {} as RefundCardFormEvent,
    input: {} as RefundCardFormInput,
    output: {} as { token: string; last4: string; brand: string },
  },
  actors: {
    tokeniseCard: fromPromise<CardTokenResponse, CardTokenRequest>(async () => {
      throw new Error('tokeniseCard not provided');
    }),
  },
  guards: {
    isValid: ({ context }) => context.dirty && Object.keys(cardErrors(context.values, context.today)).length === 0,
  },
  actions: {
    setValue: assign(({ context, event }) =>
      changePatch(context, event, {
        tokeniseError: null,
        // The refused value is gone once its field changes.
        refusal: event.type === 'form.change' && context.refusal?.field === event.field ? null : context.refusal,
      }),
    ),
    touch: assign(({ context, event }) => touchPatch(context, event)),
    markSubmitAttempted: assign(submitAttemptPatch),
    /** A refusal about the number or the expiry is that field's; any other is the form's message. */
    storeTokeniseError: assign(({ event }) => {
      const refusal = fieldRefusalOf(event, ['number', 'expiry'] as const, cardRefusalFields);
      if (refusal) return { refusal, tokeniseError: null };
      const code = codeOf(problemOfEvent(event));
      return {
        refusal,
        tokeniseError: code !== null && saysOnlyFailed.has(code) ? true : problemMessageOfEvent(event),
      };
    }),
    clearRefusal: assign({ refusal: null }),
    /** Only the token, brand and last four digits are kept; the number and CVC are cleared. */
    storeCard: assign(({ event }) => {
      const out = doneOutput<CardTokenResponse>(event, 'tokeniseCard');
      return {
        card: { token: out.token, last4: out.last4, brand: out.brand },
        values: emptyCardValues,
      };
    }),
  },
}).createMachine({
  id: 'refundCardForm',
  context: ({ input }) => ({
    today: input.today,
    values: emptyCardValues,
    touched: {},
    dirty: false,
    submitAttempted: false,
    tokeniseError: null,
    refusal: null,
    card: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      description:
        'The card form: number (Luhn), expiry MM/YY, CVC, name; submit disabled while pristine or invalid; a card refused about its number or expiry marks that field.',
      on: {
        'form.change': { actions: 'setValue' },
        'form.blur': { actions: 'touch' },
        'form.submit': [
          { guard: 'isValid', target: 'tokenising', actions: 'clearRefusal' },
          { actions: 'markSubmitAttempted' },
        ],
      },
    },
    tokenising: {
      description: 'POST payment/card-token: the server checks the card and answers a token; the form is kept.',
      invoke: {
        id: 'tokeniseCard',
        src: 'tokeniseCard',
        input: ({ context }) => toCardTokenRequest(context.values),
        onDone: { target: 'tokenised', actions: 'storeCard' },
        onError: { target: 'editing', actions: 'storeTokeniseError' },
      },
    },
    tokenised: {
      description: 'The card is tokenised: the refund request goes with the token only.',
      type: 'final',
    },
  },
  // tokenised (final) is entered only through storeCard with the card service's answer: the card is set.
  output: ({ context }) => context.card!,
});
