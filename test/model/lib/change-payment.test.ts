import { describe, expect, it } from 'vitest';
import { changePaymentGuards, firstCard, payInput, type ChangePaymentContext } from '#machines/lib/change-payment';
import { httpError } from '../fixtures/refund-fixtures';
import { payAnswered, payRefused } from '../change-payment-answers';

/** The payment part both changes take (decision 867): what it picks first, what it sends, how it reads an answer. */
const context = (over: Partial<ChangePaymentContext> = {}): ChangePaymentContext => ({
  keySeed: 'seed',
  attempt: 3,
  today: '2026-12-07',
  quote: { quoteId: 'q-1', total: { amount: 12.5 } },
  priceMoved: false,
  cardChoice: { kind: 'saved', cardId: 'card-visa' },
  card: null,
  error: null,
  errorCode: null,
  cardDeclined: false,
  result: null,
  ...over,
});
const card = (id: string, expired: boolean) => ({ id, expired });
const guard = (name: keyof typeof changePaymentGuards, over: Partial<ChangePaymentContext>, event: object) =>
  changePaymentGuards[name]({ context: context(over), event: event as { type: string } });

describe('the payment of a change', () => {
  it('offers the first saved card not expired, else a new card', () => {
    expect(firstCard({ savedCards: [card('a', true), card('b', false), card('c', false)] })).toEqual({
      kind: 'saved',
      cardId: 'b',
    });
    expect(firstCard({ savedCards: [card('a', true)] })).toEqual({ kind: 'new' });
    expect(firstCard({ savedCards: [] })).toEqual({ kind: 'new' });
  });

  it("sends the quote, the total the customer saw and the attempt's key, paid how the customer chose", () => {
    const request = (over: Partial<ChangePaymentContext>) => payInput(context(over)).request;
    expect(request({})).toEqual({
      quoteId: 'q-1',
      expectedTotal: 12.5,
      payment: { method: 'saved', cardId: 'card-visa' },
      idempotencyKey: 'seed.3',
    });
    // A new card: the token typed.
    const typed = { token: 'tok_1', last4: '4242' };
    expect(request({ cardChoice: { kind: 'new' }, card: typed }).payment).toEqual({ method: 'card', token: 'tok_1' });
    // A saved card chosen after a new card was typed (the price moved, then the customer chose a
    // saved card on the review): the card chosen pays, never the token typed before.
    expect(request({ card: typed }).payment).toEqual({ method: 'saved', cardId: 'card-visa' });
    // Nothing owed, or money back: nothing to pay with.
    for (const amount of [0, -2])
      expect(request({ quote: { quoteId: 'q-0', total: { amount } } }).payment).toEqual({ method: 'none' });
  });

  it('pays at once when nothing is owed or a saved card is chosen', () => {
    expect(guard('nothingToPay', { quote: { quoteId: 'q', total: { amount: 0 } } }, { type: 'change.confirm' })).toBe(
      true,
    );
    expect(guard('nothingToPay', {}, { type: 'change.confirm' })).toBe(false);
    expect(guard('paysWithSavedCard', {}, { type: 'change.confirm' })).toBe(true);
    expect(guard('paysWithSavedCard', { cardChoice: { kind: 'new' } }, { type: 'change.confirm' })).toBe(false);
  });

  it('reads an answer as changed, a moved price as such, and the four card refusals as the card', () => {
    expect(guard('isChanged', {}, payAnswered({ status: 'CHANGED' }))).toBe(true);
    expect(guard('isChanged', {}, payRefused(httpError(409, 'PRICE_CHANGED', 'Moved.')))).toBe(false);
    expect(guard('isPriceMoved', {}, payRefused(httpError(409, 'PRICE_CHANGED', 'Moved.')))).toBe(true);
    expect(guard('isPriceMoved', {}, payRefused(httpError(422, 'CARD_DECLINED', 'No.')))).toBe(false);
    for (const code of ['CARD_DECLINED', 'CARD_EXPIRED', 'CARD_TOKEN_INVALID', 'CARD_UNKNOWN'])
      expect(guard('isCardRefused', {}, payRefused(httpError(422, code, 'No.'))), code).toBe(true);
    for (const code of ['PRICE_CHANGED', 'ALREADY_CHANGED', 'SEASON_STARTED'])
      expect(guard('isCardRefused', {}, payRefused(httpError(409, code, 'No.'))), code).toBe(false);
    expect(guard('isCardRefused', {}, payAnswered({ status: 'CHANGED' }))).toBe(false);
  });
});
