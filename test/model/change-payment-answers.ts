import { expect } from 'vitest';
import { httpError } from './fixtures/refund-fixtures';

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
