import { describe, expect, it } from 'vitest';
import { cardFormToday } from '#machines/refund-card-form';
import {
  cardErrors,
  cardMessages,
  passesLuhn,
  toCardTokenRequest,
  validateCardName,
  validateCardNumber,
  validateCvc,
  validateExpiry,
} from '#src/schemas/card-form';

describe('refund card form validation', () => {
  it('checks card numbers with Luhn', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4000000000000002')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(validateCardNumber('')).toBe(cardMessages.numberRequired);
    expect(validateCardNumber('4242 4242 4242 4241')).toBe(cardMessages.numberInvalid);
    expect(validateCardNumber('4242 4242 4242 4242')).toBeNull();
    expect(validateCardNumber('4242-4242-4242-4242')).toBeNull();
    expect(validateCardNumber('42424')).toBe(cardMessages.numberInvalid);
    // 13 to 19 digits, as the card-token call checks: 12 digits that pass Luhn are the field's error.
    expect(passesLuhn('424242424242')).toBe(true);
    expect(validateCardNumber('4242 4242 4242')).toBe(cardMessages.numberInvalid);
    expect(validateCardNumber('4222 2222 2222 2')).toBeNull();
    expect(validateCardNumber('4242 4242 4242 4242 428')).toBeNull();
    expect(validateCardNumber('4242 4242 4242 4242 4242')).toBe(cardMessages.numberInvalid);
    expect(validateCardNumber('4242 4242 4242 424a')).toBe(cardMessages.numberInvalid);
  });
  it('accepts a card until the end of its expiry month', () => {
    expect(validateExpiry('', '2026-11-22')).toBe(cardMessages.expiryRequired);
    expect(validateExpiry('13/27', '2026-11-22')).toBe(cardMessages.expiryInvalid);
    expect(validateExpiry('1127', '2026-11-22')).toBe(cardMessages.expiryInvalid);
    expect(validateExpiry('10/26', '2026-11-22')).toBe(cardMessages.expiryPast);
    expect(validateExpiry('11/26', '2026-11-22')).toBeNull();
    expect(validateExpiry('01/2030', '2026-11-22')).toBeNull();
  });
  it('judges the expiry month on the UK day, on both sides of midnight in London (decision 880)', () => {
    const expiryOn = (card: string, at: string) => validateExpiry(card, cardFormToday(new Date(at)));
    // Summer: London is an hour ahead of UTC. July's card is good to 23:59:59 on 31 July in London…
    expect(cardFormToday(new Date('2026-07-31T22:59:59Z'))).toBe('2026-07-31');
    expect(expiryOn('07/26', '2026-07-31T22:59:59Z')).toBeNull();
    // …and has expired at 00:00 on 1 August there, while UTC (and New York) still read 31 July.
    expect(cardFormToday(new Date('2026-07-31T23:00:00Z'))).toBe('2026-08-01');
    expect(expiryOn('07/26', '2026-07-31T23:00:00Z')).toBe(cardMessages.expiryPast);
    expect(expiryOn('08/26', '2026-07-31T23:00:00Z')).toBeNull();
    // Winter: London reads UTC. At 09:00 on 1 February in Sydney (22:00 on 31 January in London) the
    // January card is still good; it expires at 00:00 in London.
    expect(expiryOn('01/27', '2027-01-31T22:00:00Z')).toBeNull();
    expect(expiryOn('01/27', '2027-01-31T23:59:59Z')).toBeNull();
    expect(expiryOn('01/27', '2027-02-01T00:00:00Z')).toBe(cardMessages.expiryPast);
    // The year turns on London's midnight too.
    expect(expiryOn('12/26', '2026-12-31T23:59:59Z')).toBeNull();
    expect(expiryOn('12/26', '2027-01-01T00:00:00Z')).toBe(cardMessages.expiryPast);
  });

  it('gives the same day whatever zone the device is set to', () => {
    const zone = process.env.TZ;
    const days = ['Australia/Sydney', 'America/New_York', 'Europe/London', 'UTC'].map((tz) => {
      process.env.TZ = tz;
      try {
        return [cardFormToday(new Date('2026-07-31T23:30:00Z')), cardFormToday(new Date('2027-01-31T22:00:00Z'))];
      } finally {
        if (zone === undefined) delete process.env.TZ;
        else process.env.TZ = zone;
      }
    });
    for (const day of days) expect(day).toEqual(['2026-08-01', '2027-01-31']);
  });

  it('checks the CVC and name', () => {
    expect(validateCvc('')).toBe(cardMessages.cvcRequired);
    expect(validateCvc('12')).toBe(cardMessages.cvcInvalid);
    expect(validateCvc('1234')).toBeNull();
    expect(validateCardName('  ')).toBe(cardMessages.nameRequired);
    expect(validateCardName('x'.repeat(61))).toBe(cardMessages.nameTooLong);
    expect(validateCardName('Robin Hughes')).toBeNull();
  });
  it('builds the tokenisation body from valid values only', () => {
    const values = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', name: ' Robin Hughes ' };
    expect(cardErrors(values, '2026-11-22')).toEqual({});
    expect(toCardTokenRequest(values)).toEqual({
      number: '4242424242424242',
      expiryMonth: 12,
      expiryYear: 2030,
      cvc: '123',
      name: 'Robin Hughes',
    });
    expect(Object.keys(cardErrors({ number: '', expiry: '', cvc: '', name: '' }, '2026-11-22'))).toEqual([
      'number',
      'expiry',
      'cvc',
      'name',
    ]);
  });
});
