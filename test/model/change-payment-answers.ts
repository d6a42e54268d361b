import { expect } from 'vitest';
import { transition, type AnyMachineSnapshot, type AnyStateMachine, type SnapshotFrom } from 'xstate';
import type { ChangePaymentContext } from '#machines/lib/change-payment';
import { httpError } from './fixtures/refund-fixtures';
import { nextFrom } from './harness';

/** The lost-answer chart's answer to a change's payment: the server answered. */
export const payAnswered = (answer: unknown) => ({
  type: 'xstate.done.actor.pay',
  output: { kind: 'answered', answer },
});
/** The lost-answer chart's answer to a change's payment: the server refused it. */
export const payRefused = (error: unknown) => ({ type: 'xstate.done.actor.pay', output: { kind: 'refused', error } });

interface PaidState {
  value: unknown;
  context: object;
}

/**
 * What a journey change and a season's start change do alike with a payment's refusals, from the
 * state that pays (`pay` sends one answer there): a moved price quotes again; each card refusal goes
 * back to the review with the card cleared and `kept` (what the customer chose) unchanged; `other`, a
 * refusal about the change itself, is its sentence and code; a failed attempt is the general error.
 */
export function expectPaymentRefusals(
  pay: (event: object) => PaidState,
  kept: Record<string, unknown>,
  other: { error: unknown; sentence: string; code: string },
): void {
  const moved = pay(payRefused(httpError(409, 'PRICE_CHANGED', 'The price has moved.')));
  expect(moved.value).toBe('quoting');
  expect(moved.context).toMatchObject({ priceMoved: true, quote: null, cardDeclined: false });
  for (const code of ['CARD_DECLINED', 'CARD_EXPIRED', 'CARD_TOKEN_INVALID', 'CARD_UNKNOWN']) {
    const declined = pay(payRefused(httpError(422, code, `Refused: ${code}.`)));
    expect(declined.value, code).toBe('reviewing');
    expect(declined.context, code).toMatchObject({
      error: `Refused: ${code}.`,
      errorCode: code,
      cardDeclined: true,
      card: null,
      ...kept,
    });
  }
  const refusal = pay(payRefused(other.error));
  expect(refusal.value).toBe('reviewing');
  expect(refusal.context).toMatchObject({
    error: other.sentence,
    errorCode: other.code,
    cardDeclined: false,
    card: null,
    quote: kept.quote,
  });
  const lost = pay({ type: 'xstate.error.actor.pay', error: new Error('attempt failed') });
  expect(lost.value).toBe('reviewing');
  expect(lost.context).toMatchObject({ error: true, errorCode: null, cardDeclined: false, card: null });
}

/** What a change's step that pays shows the model test of it: its snapshot, context and invoked calls. */
interface PaymentCheck {
  snapshot: AnyMachineSnapshot;
  context: ChangePaymentContext;
  event: { type: string };
  invoked: Record<string, unknown>;
}

const next = (check: PaymentCheck, event: object): AnyMachineSnapshot =>
  nextFrom({ snapshot: check.snapshot as SnapshotFrom<AnyStateMachine> }, event as never);

/**
 * The payment's call from paying (the model's `calls.paying.pay`), each with its own
 * Idempotency-Key from `keySeed`: nothing owed pays nothing; a saved card by its id; a new card by its token.
 */
export const payCallOf =
  (keySeed: string) =>
  (c: {
    quote: { quoteId: string; total: { amount: number } };
    attempt: number;
    card: { token: string } | null;
    cardChoice: { kind: string; cardId?: string };
  }) => ({
    request: {
      quoteId: c.quote.quoteId,
      expectedTotal: c.quote.total.amount,
      payment:
        c.quote.total.amount <= 0
          ? { method: 'none' }
          : c.cardChoice.kind === 'saved'
            ? { method: 'saved', cardId: c.cardChoice.cardId }
            : { method: 'card', token: c.card?.token },
      idempotencyKey: `${keySeed}.${c.attempt}`,
    },
  });

/**
 * What a change's review does alike with the payment: the card chosen is kept either way;
 * confirming pays at once (nothing owed, a saved card) or opens the card form (a new card), the moved
 * price said once and a new attempt clean; a moved price shows its new total (`movedTotal`); a refused
 * payment keeps its code, a card's own or `otherCode` (the model's other refusal).
 */
export function expectPaymentReview(check: PaymentCheck, movedTotal: number, otherCode: string): void {
  const { context, event } = check;
  expect(context.quote).not.toBeNull();
  const saved = { kind: 'saved', cardId: 'card-visa' } as const;
  expect(next(check, { type: 'pay.select', choice: saved }).context.cardChoice).toEqual(saved);
  expect(next(check, { type: 'pay.select', choice: { kind: 'new' } }).context.cardChoice).toEqual({ kind: 'new' });
  const confirmed = next(check, { type: 'change.confirm' });
  const owes = (context.quote?.total.amount ?? 0) > 0;
  expect(confirmed.value).toBe(owes && context.cardChoice.kind === 'new' ? 'cardForm' : 'paying');
  // Nothing owed pays at once whichever card is chosen: no card is typed to pay nothing.
  const withNewCard = next(check, { type: 'pay.select', choice: { kind: 'new' } });
  expect(
    nextFrom({ snapshot: withNewCard as SnapshotFrom<AnyStateMachine> }, { type: 'change.confirm' } as never).value,
  ).toBe(owes ? 'cardForm' : 'paying');
  expect(confirmed.context.priceMoved).toBe(false);
  if (confirmed.value === 'paying')
    expect(confirmed.context).toMatchObject({ error: null, errorCode: null, cardDeclined: false });
  if (context.priceMoved) expect(context.quote?.total.amount).toBe(movedTotal);
  if (event.type === 'xstate.done.actor.pay') {
    expect(context.error).not.toBeNull();
    expect(context.errorCode).toBe(context.cardDeclined ? 'CARD_DECLINED' : otherCode);
  }
}

/** The card form: only for a new card when something is owed, its expiry checked against `today`; Cancel goes back, a card pays. */
export function expectCardFormStep(check: PaymentCheck, today: string): void {
  const { context } = check;
  expect(context.cardChoice.kind).toBe('new');
  expect((context.quote?.total.amount ?? 0) > 0).toBe(true);
  expect(check.invoked.cardForm).toEqual({ today });
  expect(next(check, { type: 'card.cancel' }).value).toBe('reviewing');
  const typed = next(check, { type: 'xstate.done.actor.cardForm', output: { token: 'tok_9', last4: '0009' } });
  expect([typed.value, typed.context.card]).toEqual(['paying', { token: 'tok_9', last4: '0009' }]);
}

/**
 * Paying: a new attempt (its key counted, no refusal yet, no refused card); Check again asks the
 * payment's chart to check with the same key, and the state stays.
 */
export function expectPayingStep(machine: AnyStateMachine, check: PaymentCheck): void {
  const { context } = check;
  expect(context.attempt).toBeGreaterThan(0);
  expect([context.error, context.errorCode, context.cardDeclined]).toEqual([null, null, false]);
  const [again, sent] = transition(machine, check.snapshot as never, { type: 'change.check' });
  expect(again.value).toBe('paying');
  expect(sent.map((a) => [a.type, a.params])).toEqual([
    ['xstate.sendTo', expect.objectContaining({ targetId: 'pay', event: { type: 'submit.check' } })],
  ]);
}
