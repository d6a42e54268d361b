import { describe, expect, it } from 'vitest';
import {
  passengerErrors,
  passengerMessages,
  validateDateOfBirth,
  validateNickName,
  validatePassengerEmail,
  validatePassengerName,
} from '#src/schemas/passengers';
import { railcardMessages, validateCardNumber, validateExpiryDate } from '#src/schemas/railcards';
import { validateFirstName, validateLastName } from '#src/schemas/forms';
import { cleanText } from '#server/lib/text-rules.ts';

const today = '2026-06-15';
const dob = (day: string, month: string, year: string) => validateDateOfBirth({ day, month, year }, today);

describe('passenger names (docs/product/validation.md)', () => {
  it("says 'Required' when empty or blank", () => {
    expect(validatePassengerName('')).toBe('Required');
    expect(validatePassengerName('   ')).toBe('Required');
  });
  it('needs 2 to 30 characters', () => {
    expect(validatePassengerName('A')).toBe('Names cannot be shorter than 2 characters');
    expect(validatePassengerName('Al')).toBeNull();
    expect(validatePassengerName('x'.repeat(30))).toBeNull();
    expect(validatePassengerName('x'.repeat(31))).toBe('Names cannot be longer than 30 characters');
  });
  it.each('@ ? ! , | $ % < > ~ ` ; : { } + = * ^ £'.split(' '))("rejects '%s'", (ch) => {
    expect(validatePassengerName(`Ro${ch}bin`)).toBe('Name contains invalid characters');
  });
  it('accepts hyphens, apostrophes, accents, dots and any script', () => {
    for (const name of ["O'Neill-Smith", 'Zoë', 'St. John', 'José María', 'Nguyễn', '李小龍'])
      expect(validatePassengerName(name)).toBeNull();
  });
  it('holds one name rule with personal details, registration and the server: no digits, emoji or markup', () => {
    for (const name of ["O'Brien-😀", '😀', '<b>Zoë</b>', 'Alex 2', 'R2D2']) {
      expect(validatePassengerName(name), name).toBe('Name contains invalid characters');
      expect(validateFirstName(name), name).toBe('Must be a valid first name');
      expect(validateLastName(name), name).toBe('Must be a valid last name');
      expect(cleanText(name, 'name'), name).toBeNull();
    }
    for (const name of ["O'Brien-Smith", 'Zoë', 'Łukasz', '李小龍']) {
      expect(validatePassengerName(name), name).toBeNull();
      expect(validateFirstName(name), name).toBeNull();
      expect(cleanText(name, 'name'), name).toBe(name);
    }
  });
  it.each([
    ['Hangul choseong fillers', '\u115F\u115F'],
    ['Hangul fillers of every kind', '\u1160\u3164\uFFA0'],
    ['combining marks alone', '\u0301\u0308'],
    ['zero-width joiners', '\u200C\u200D'],
    ['fillers between spaces', ' \u115F \u115F '],
    ['punctuation only', ".-'"],
  ])('needs a letter someone can see: %s is an invalid name', (_label, name) => {
    expect(validatePassengerName(name)).toBe('Name contains invalid characters');
  });
  it('takes a name with a visible letter among marks or joiners', () => {
    for (const name of ['Zoe\u0308', '李明', 'می\u200Cخواهم', 'O\u115Fx'])
      expect(validatePassengerName(name)).toBeNull();
  });
});

describe('nickname', () => {
  it('is optional', () => expect(validateNickName('')).toBeNull());
  it("gives 'Invalid' when blank-only", () => expect(validateNickName('   ')).toBe('Invalid'));
  it('allows at most 30 characters', () => {
    expect(validateNickName('n'.repeat(30))).toBeNull();
    expect(validateNickName('n'.repeat(31))).toBe('Nickname cannot be longer than 30 characters');
  });
});

describe('passenger email', () => {
  it('is optional', () => expect(validatePassengerEmail('')).toBeNull());
  it('must be valid', () => {
    expect(validatePassengerEmail('not-an-email')).toBe('Must be a valid email address');
    expect(validatePassengerEmail('jamie.morgan@example.com')).toBeNull();
  });
  it('has a maximum length', () => {
    expect(validatePassengerEmail(`${'a'.repeat(250)}@example.com`)).toBe('Maximum email length exceeded');
  });
});

describe('date of birth', () => {
  it("all three parts missing gives 'Required'", () => expect(dob('', '', '')).toBe('Required'));
  it.each([
    ['a missing day', '', '03', '1990'],
    ['a missing month', '07', '', '1990'],
    ['a missing year', '07', '03', ''],
    ['day 0', '0', '03', '1990'],
    ['day 32', '32', '03', '1990'],
    ['month 13', '07', '13', '1990'],
    ['31 February', '31', '02', '1990'],
    ['29 February in a common year', '29', '02', '2023'],
    ['letters', 'ab', '03', '1990'],
    ['a two-digit year', '07', '03', '90'],
  ])('%s is not in the format DD MM YYYY', (_label, d, m, y) => {
    expect(dob(d, m, y)).toBe('Date of birth must be in the format DD MM YYYY');
  });
  it('accepts a real date, with or without leading zeros, including a leap day', () => {
    expect(dob('07', '03', '1990')).toBeNull();
    expect(dob('7', '3', '1990')).toBeNull();
    expect(dob('29', '02', '2024')).toBeNull();
    expect(dob('15', '06', '2026')).toBeNull();
  });
  it('cannot be before 1900', () => {
    expect(dob('31', '12', '1899')).toBe('Date of birth cannot be before 1900');
    expect(dob('01', '01', '1900')).toBeNull();
  });
  it('cannot be in the future', () => {
    expect(dob('16', '06', '2026')).toBe('Date of birth cannot be in the future');
  });
});

describe('the whole passenger form', () => {
  const values = {
    firstName: 'Robin',
    lastName: 'Smith',
    nickName: '',
    emailAddress: 'bad',
    day: '07',
    month: '03',
    year: '1990',
  };
  it('collects one message per field and one for the date-of-birth group', () => {
    expect(passengerErrors({ ...values, firstName: '', day: '' }, { today, isAccountHolder: false })).toEqual({
      firstName: passengerMessages.required,
      emailAddress: passengerMessages.emailInvalid,
      dateOfBirth: passengerMessages.dobFormat,
    });
  });
  it('ignores the email of the account holder (the form has no email field for them)', () => {
    expect(passengerErrors(values, { today, isAccountHolder: true })).toEqual({});
  });
  it('has docs/product/errors.md failure messages verbatim', () => {
    expect(passengerMessages.addFailed).toBe(
      'Oops! Unfortunately this passenger could not be added. Please try again later.',
    );
    expect(passengerMessages.editFailed).toBe(
      'Oops! Unfortunately this passenger could not be updated. Please try again later.',
    );
  });
});

describe('railcard form rules', () => {
  it('needs a 6-12 character card number', () => {
    expect(validateCardNumber('')).toBe(railcardMessages.cardNumberRequired);
    expect(validateCardNumber('12345')).toBe(railcardMessages.cardNumberInvalid);
    expect(validateCardNumber('TST 482 1907')).toBeNull();
  });
  it('needs a real expiry date no later than the validity from today', () => {
    expect(validateExpiryDate('', today, 12)).toBe(railcardMessages.expiryRequired);
    expect(validateExpiryDate('2026-02-30', today, 12)).toBe(railcardMessages.expiryInvalid);
    expect(validateExpiryDate('2027-06-15', today, 12)).toBeNull();
    expect(validateExpiryDate('2027-06-16', today, 12)).toBe(railcardMessages.expiryTooFar);
    expect(validateExpiryDate('2025-01-01', today, 12)).toBeNull(); // past: the status check reports it expired
  });
});
