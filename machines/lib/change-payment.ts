import { assertEvent, assign, sendTo, type AnyActorRef, type EventObject } from 'xstate';
import type { ChangePayment, ChangeResult } from '#src/schemas/journey-change';
import { attemptKey, nextAttempt, type AttemptKeyContext } from './attempt-key';
import { doneOutput } from './done-output';
import { answerOf, failureOf, isAnswered } from './lost-answer';
import { codeOf, problemOfEvent } from './problems';
import { problemMessageOfEvent } from './refund-rules';

/**
 * The payment of a change, one part for the change of journey (machines/journey-change.ts) and the
 * change of a season's start date (machines/season-start-change.ts), which pay alike
 * (docs/decisions/867-one-payment-part-for-the-changes.md): the card chosen on the review, a new
 * card's form, one attempt with its own Idempotency-Key invoked as the lost-answer chart
 * (machines/submit-with-lost-answer.ts, decision 575), and what its answer leads to: a moved price
 * quoted again, a refused card said on the review with every choice kept.
 *
 * Each chart keeps its states in its own literal config (docs/decisions/470, the static-config
 * test) under the same names (`reviewing`, `cardForm`, `paying`): only the guards, the actions and
 * the payment's request are written here once, and each chart's setup() takes them by name.
 */

/** Where the customer's money comes from: a saved card's id, or a new card. */
export type CardChoice = { kind: 'saved'; cardId: string } | { kind: 'new' };

/** A new card, once the card form was filled: its token (never the number). */
export interface NewCard {
  token: string;
  last4: string;
}

/** The one payment call: the quote it pays, the total the customer saw, how, and the attempt's key. */
export interface PayRequest {
  quoteId: string;
  expectedTotal: number;
  payment: ChangePayment;
  idempotencyKey: string;
}

/** The customer's choice of card on the review: the events that carry it and that pay. */
export type ChangePaymentEvent =
  | { type: 'pay.select'; choice: CardChoice }
  | { type: 'change.confirm' }
  | { type: 'card.cancel' }
  | { type: 'change.check' };

/** What the payment reads and writes in a change's context. */
export interface ChangePaymentContext extends AttemptKeyContext {
  /** Today in the UK as YYYY-MM-DD: the card form's expiry rule. */
  today: string;
  /** The quote reviewed: what is paid (a total of 0 or less pays nothing). */
  quote: { quoteId: string; total: { amount: number } } | null;
  /** The last quote's price moved before payment: the review says so. */
  priceMoved: boolean;
  cardChoice: CardChoice;
  /** A new card's token, once the card form was filled (never the number). */
  card: NewCard | null;
  /** What went wrong last (the server's sentence, or true: no answer), shown where it happened. */
  error: string | true | null;
  /** The refusal's code (`PRICE_CHANGED`, `CARD_DECLINED`…): the screen words it (decision 641). */
  errorCode: string | null;
  /** The last payment was refused because of the card. */
  cardDeclined: boolean;
  result: ChangeResult | null;
}

/** The saved cards a change's options list (an expired one cannot pay). */
interface SavedCards {
  savedCards: readonly { id: string; expired: boolean }[];
}

/** The card chosen first: the first saved card not expired, else a new card. */
export const firstCard = (options: SavedCards): CardChoice => {
  const card = options.savedCards.find((c) => !c.expired);
  return card ? { kind: 'saved', cardId: card.id } : { kind: 'new' };
};

/**
 * The payment's input (the lost-answer chart's request). Paying follows reviewing a quote
 * (storeQuote), and pays by card only after the card form stored its card (storeCard): the quote,
 * and for a card payment the card, are set. The card chosen on the review pays: a saved card
 * chosen after a moved price is charged, never a new card typed before it.
 */
export const payInput = (context: ChangePaymentContext): { request: PayRequest } => {
  const quote = context.quote!;
  const total = quote.total.amount;
  const payment: ChangePayment =
    total <= 0
      ? { method: 'none' }
      : context.cardChoice.kind === 'saved'
        ? { method: 'saved', cardId: context.cardChoice.cardId }
        : { method: 'card', token: context.card!.token };
  return { request: { quoteId: quote.quoteId, expectedTotal: total, payment, idempotencyKey: attemptKey(context) } };
};

const payOf = (event: EventObject) => answerOf<ChangeResult>(event, 'pay');
const payCode = (event: EventObject) => codeOf(problemOfEvent(failureOf(event, 'pay')));
const payError = (event: EventObject) => problemMessageOfEvent(failureOf(event, 'pay'));
const CARD_REFUSALS: readonly (string | null)[] = [
  'CARD_DECLINED',
  'CARD_EXPIRED',
  'CARD_TOKEN_INVALID',
  'CARD_UNKNOWN',
];

type GuardArgs = { context: ChangePaymentContext; event: EventObject };

/** The payment's guards, by the names both charts give them. */
export const changePaymentGuards = {
  /** Asked only in reviewing, which a stored quote opens (storeQuote). */
  nothingToPay: ({ context }: GuardArgs) => context.quote!.total.amount <= 0,
  paysWithSavedCard: ({ context }: GuardArgs) => context.cardChoice.kind === 'saved',
  isChanged: ({ event }: GuardArgs) => isAnswered(event, 'pay'),
  isPriceMoved: ({ event }: GuardArgs) => payCode(event) === 'PRICE_CHANGED',
  isCardRefused: ({ event }: GuardArgs) => CARD_REFUSALS.includes(payCode(event)),
};

const paySelected = (event: EventObject) => {
  assertEvent(event, 'pay.select');
  return event as Extract<ChangePaymentEvent, { type: 'pay.select' }>;
};

/**
 * What the payment writes: only its own fields, a quote only ever dropped (a chart's quote is its
 * own, richer type).
 */
type PaymentPatch = Partial<Omit<ChangePaymentContext, 'quote'>> & { quote?: null };

/**
 * A patch of a chart's context. The one cast: `TContext` extends ChangePaymentContext and narrows
 * only `quote` (which a patch only clears), so the payment's fields take the patch's values. A named
 * action must be typed with its chart's own context (setup() checks `self`, which holds it), which
 * TypeScript cannot relate to a patch of the part (decision 143).
 */
const patch = <TContext extends ChangePaymentContext>(p: PaymentPatch) => p as Partial<TContext>;

/**
 * The payment's actions, by the names both charts give them, for a chart whose context is
 * `TContext` and whose events are `TEvent` (its own, `pay.select` among them). Each writes only the
 * payment's part of the context.
 */
export const changePaymentActions = <TContext extends ChangePaymentContext, TEvent extends EventObject>() => ({
  clearPriceMoved: assign<TContext, TEvent, undefined, TEvent, never>(() => patch({ priceMoved: false })),
  /** A moved price: the quote is dropped and asked again, and the review will say so. */
  markPriceMoved: assign<TContext, TEvent, undefined, TEvent, never>(() => patch({ priceMoved: true, quote: null })),
  /** Runs only on `pay.select` (the review's choice of card). */
  selectCard: assign<TContext, TEvent, undefined, TEvent, never>(({ event }) =>
    patch({ cardChoice: paySelected(event).choice }),
  ),
  storeCard: assign<TContext, TEvent, undefined, TEvent, never>(({ event }) =>
    patch({ card: doneOutput<NewCard>(event, 'cardForm') }),
  ),
  /** A new attempt: the next Idempotency-Key, and nothing said yet of the last one. */
  beginAttempt: assign<TContext, TEvent, undefined, TEvent, never>(({ context }) =>
    patch({ ...nextAttempt(context), error: null, errorCode: null, cardDeclined: false }),
  ),
  /** Runs only on an answered payment (isChanged): the answer is the new booking. */
  storeResult: assign<TContext, TEvent, undefined, TEvent, never>(({ event }) => patch({ result: payOf(event)! })),
  /** A refused card: its sentence, the card's token dropped; what the customer chose and the card choice stay. */
  markCardRefused: assign<TContext, TEvent, undefined, TEvent, never>(({ event }) =>
    patch({ error: payError(event), errorCode: payCode(event), cardDeclined: true, card: null }),
  ),
  /** Any other refusal or a failed attempt: its sentence (or true: no answer), the card's token dropped. */
  storePayError: assign<TContext, TEvent, undefined, TEvent, never>(({ event }) =>
    patch({ error: payError(event), errorCode: payCode(event), card: null }),
  ),
  /** Check again, when the payment's outcome could not be confirmed: the same request, the same key. */
  checkAgain: sendTo<TContext, TEvent, undefined, AnyActorRef, TEvent>('pay', { type: 'submit.check' }),
});
