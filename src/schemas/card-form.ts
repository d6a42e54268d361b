import type { CardTokenRequest } from './refunds';
import { m } from '#src/paraglide/messages.js';

/**
 * The refund card form (a declined card is replaced by a new one). The spec gives no copy
 * for it, so the messages are ours (docs/decisions/081-refund-flows.md). The values live only in
 * the card form machine's context while the form is open; the number goes once to POST
 * payment/card-token and is never stored, logged or put in a URL.
 */
export const cardFields = ['number', 'expiry', 'cvc', 'name'] as const;
export type CardField = (typeof cardFields)[number];
export type CardValues = Record<CardField, string>;
export const emptyCardValues: CardValues = { number: '', expiry: '', cvc: '', name: '' };

export const cardMessages = {
  numberRequired: m.form_card_form_number_required(),
  numberInvalid: m.form_card_form_number_invalid(),
  expiryRequired: m.form_card_form_expiry_required(),
  expiryInvalid: m.form_card_form_expiry_invalid(),
  expiryPast: m.form_card_form_expiry_past(),
  cvcRequired: m.form_card_form_cvc_required(),
  cvcInvalid: m.form_card_form_cvc_invalid(),
  nameRequired: m.form_card_form_name_required(),
  nameTooLong: m.form_card_form_name_too_long(),
} as const;

/** Luhn (mod 10) check of a digit string. */
export const passesLuhn = (digits: string): boolean => {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
};

const digitsOf = (value: string) => value.replace(/[\s-]/g, '');

/**
 * A card number has 13 to 19 digits (the card-token call's rule, docs/decisions/082): a shorter one
 * that passes Luhn (424242424242) is refused on the number field here, before anything is sent.
 */
export const validateCardNumber = (value: string): string | null => {
  const digits = digitsOf(value);
  if (digits.length === 0) return cardMessages.numberRequired;
  if (!/^\d{13,19}$/.test(digits) || !passesLuhn(digits)) return cardMessages.numberInvalid;
  return null;
};

/** MM/YY (or MM/YYYY): the month and the full year, or null. */
export const parseExpiry = (value: string): { month: number; year: number } | null => {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!m) return null;
  const month = Number(m[1]);
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  if (month < 1 || month > 12) return null;
  return { month, year };
};

/**
 * A card is valid to the end of its expiry month. `today` as YYYY-MM-DD, the UK day
 * (machines/refund-card-form.ts `cardFormToday`, the card-token call's day too).
 */
export const validateExpiry = (value: string, today: string): string | null => {
  if (value.trim() === '') return cardMessages.expiryRequired;
  const parsed = parseExpiry(value);
  if (!parsed) return cardMessages.expiryInvalid;
  const [y, mo] = today.split('-').map(Number) as [number, number];
  if (parsed.year < y || (parsed.year === y && parsed.month < mo)) return cardMessages.expiryPast;
  return null;
};

export const validateCvc = (value: string): string | null => {
  if (value.trim() === '') return cardMessages.cvcRequired;
  return /^\d{3,4}$/.test(value.trim()) ? null : cardMessages.cvcInvalid;
};

export const validateCardName = (value: string): string | null => {
  const name = value.trim();
  if (name === '') return cardMessages.nameRequired;
  return name.length > 60 ? cardMessages.nameTooLong : null;
};

export const cardErrors = (values: CardValues, today: string): Partial<Record<CardField, string>> => {
  const found: Partial<Record<CardField, string>> = {};
  const checks: Record<CardField, string | null> = {
    number: validateCardNumber(values.number),
    expiry: validateExpiry(values.expiry, today),
    cvc: validateCvc(values.cvc),
    name: validateCardName(values.name),
  };
  for (const field of cardFields) if (checks[field]) found[field] = checks[field]!;
  return found;
};

/** The body of POST payment/card-token from valid values (call only when cardErrors is empty). */
export const toCardTokenRequest = (values: CardValues): CardTokenRequest => {
  const expiry = parseExpiry(values.expiry) ?? { month: 1, year: 2000 };
  return {
    number: digitsOf(values.number),
    expiryMonth: expiry.month,
    expiryYear: expiry.year,
    cvc: values.cvc.trim(),
    name: values.name.trim(),
  };
};
