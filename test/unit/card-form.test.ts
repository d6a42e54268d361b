import { describe, expect, it } from 'vitest';
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
