import { describe, expect, it } from 'vitest';
import { addressErrors, addressMessages, emptyAddressValues } from '#src/schemas/addresses';
import { hasControlCharacter } from '#src/schemas/control-characters';
import { assistanceFormErrors, assistanceFormMessages } from '#src/schemas/passenger-assistance';
import {
  passengerMessages,
  validateNickName,
  validatePassengerEmail,
  validatePassengerName,
} from '#src/schemas/passengers';

/**
 * The API answers any NUL with a 400 that no retry gets past: each free-text field that holds an
 * invisible control character says so itself, so the customer knows which field to fix.
 */
const NUL = '\u0000';

describe('invisible control characters in forms', () => {
  it('finds NUL and the other control characters, not tabs, line breaks or accented letters', () => {
    expect(hasControlCharacter(`Flat 2${NUL}`)).toBe(true);
    expect(hasControlCharacter('a\u0007b')).toBe(true);
    expect(hasControlCharacter('a\u007fb')).toBe(true);
    expect(hasControlCharacter('Zoë\tO\u2019Brien\nline two\r\n')).toBe(false);
  });

  it('names the address field that holds one', () => {
    const values = {
      ...emptyAddressValues,
      line1: '1 High Street',
      line2: `Flat${NUL} 2`,
      line4: 'York',
      postCode: 'YO1 7HH',
    };
    expect(addressErrors(values)).toEqual({ line2: addressMessages.controlCharacter });
    expect(addressMessages.controlCharacter).toBe(
      'This field contains an invisible control character. Please delete it and type the text again.',
    );
    expect(addressErrors({ ...values, line2: 'Flat 2', postCode: `YO1${NUL}7HH` })).toEqual({
      postCode: addressMessages.controlCharacter,
    });
    expect(addressErrors({ ...values, line2: 'Flat 2' })).toEqual({});
  });

  it('names the assistance details', () => {
    const booking = { passengers: [{ id: 'p1' }], legs: [{ direction: 'outward' }] } as Parameters<
      typeof assistanceFormErrors
    >[1];
    const values = {
      passengerId: 'p1',
      direction: 'outward' as const,
      kinds: ['ramp' as const],
      details: `Step-free${NUL} please`,
    };
    expect(assistanceFormErrors(values, booking)).toEqual({ details: assistanceFormMessages.detailsControlCharacter });
    expect(assistanceFormErrors({ ...values, details: 'Step-free\nplease' }, booking)).toEqual({});
  });

  it("gives the passenger fields the spec's own messages", () => {
    expect(validatePassengerName(`Ja${NUL}mie`)).toBe(passengerMessages.nameInvalid);
    expect(validateNickName(`Jay${NUL}`)).toBe(passengerMessages.nickNameInvalid);
    expect(validatePassengerEmail(`jamie${NUL}@example.com`)).toBe(passengerMessages.emailInvalid);
  });
});
