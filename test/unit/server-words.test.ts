import { describe, expect, it } from 'vitest';
import { reasonWords, serverWords } from '#routes/-components/server-words';
import { ticketTypeName } from '#routes/-components/booking-format';

/** A sentence the server sent as a code and its data is worded from the catalogue (decision 641). */
describe('server words', () => {
  it('words a known code with its data, and leaves an unknown one to the server sentence', () => {
    expect(
      serverWords({
        code: 'DELAY_BELOW_THRESHOLD',
        params: { operator: 'Greater Anglia', delayMinutes: 9, thresholdMinutes: 15 },
      }),
    ).toBe("Greater Anglia's records show this train arrived 9 min late, under the 15 min Delay Repay starts at.");
    expect(serverWords({ code: 'PAYOUT_CARD_EXPIRED' })).toBe(
      'The card you paid with has expired, so the payment to it was declined.',
    );
    expect(serverWords({ code: 'SOMETHING_NEW' })).toBeNull();
    expect(serverWords(null)).toBeNull();
  });

  it("words a refund reason: its code's words, else the reason's explanation, else the server's sentence", () => {
    const explanation = 'We can only refund tickets once they have been issued.';
    expect(reasonWords({ words: { code: 'REFUND_MOBILE_ACTIVATED' }, message: 'English' }, explanation)).toMatch(
      /^This mobile ticket has been activated/,
    );
    expect(reasonWords({ words: { code: 'REFUND_NOT_ISSUED' }, message: 'English' }, explanation)).toBe(explanation);
    expect(reasonWords({ words: { code: 'LIFECYCLE_REFUNDED' }, message: 'English' }, explanation)).toBe(explanation);
    // The retailer's own API: a sentence and no code (or one this app does not know).
    expect(reasonWords({ message: 'Sent by the API' }, explanation)).toBe('Sent by the API');
    expect(reasonWords({ words: { code: 'NEW' }, message: 'Sent by the API' }, explanation)).toBe('Sent by the API');
    expect(reasonWords({}, explanation)).toBe(explanation);
    expect(
      reasonWords(
        { words: { code: 'REFUND_FARE_NOT_REFUNDABLE', params: { ticketType: 'Advance Single' } } },
        explanation,
      ),
    ).toBe('Advance Single tickets cannot be refunded if your plans change.');
  });

  it("words a season ticket's kind and keeps fare names", () => {
    expect(ticketTypeName('Season (Annual)')).toBe('Annual season ticket');
    expect(ticketTypeName('Season (Weekly)')).toBe('Weekly season ticket');
    expect(ticketTypeName('Advance Single')).toBe('Advance Single');
  });
});
