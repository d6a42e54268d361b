import * as v from 'valibot';
import type { SpecRecord } from './spec-records.ts';
import { maybe } from './maybe.ts';
import { Acknowledged } from './acknowledged';
import { hasControlCharacter } from './control-characters';
import { isName } from './name-rule';
import { m } from '#src/paraglide/messages.js';

/**
 * Saved passengers (docs/product/entities.md, docs/product/validation.md, docs/product/errors.md): the validators with the spec's messages verbatim and
 * the response schemas. Pure (valibot only): the local server validates with these same rules.
 */
export const passengerMessages = {
  required: m.form_passengers_required(),
  nameTooShort: m.form_passengers_name_too_short(),
  nameTooLong: m.form_passengers_name_too_long(),
  nameInvalid: m.form_passengers_name_invalid(),
  nickNameTooLong: m.form_passengers_nick_name_too_long(),
  nickNameInvalid: m.form_passengers_nick_name_invalid(),
  emailInvalid: m.form_passengers_email_invalid(),
  emailTooLong: m.form_passengers_email_too_long(),
  dobFormat: m.form_passengers_dob_format(),
  dobBefore1900: m.form_passengers_dob_before1900(),
  dobFuture: m.form_passengers_dob_future(),
  addFailed: m.form_passengers_add_failed(),
  editFailed: m.form_passengers_edit_failed(),
} as const;

/** docs/product/constants.md: names 2-30 characters, nickname at most 30, birth year at least 1900. */
export const passengerLimits = {
  nameMin: 2,
  nameMax: 30,
  nickNameMax: 30,
  /** RFC 5321 limit on a whole address (the spec says "maximum length" without the figure). */
  emailMax: 254,
  dayMaxLength: 2,
  monthMaxLength: 2,
  yearMaxLength: 4,
  minBirthYear: 1900,
  /** Saved passengers one account may hold, the account holder included (decision 569; the spec sets none). */
  savedPassengersMax: 50,
} as const;

/** The code of the 422 that refuses a passenger past `savedPassengersMax` (decision 569). */
export const PASSENGER_LIMIT_REACHED = 'PASSENGER_LIMIT_REACHED';

/** @ ? ! , | $ % < > ~ ` ; : { } + = * ^ £ */
export const forbiddenNameCharacters = /[@?!,|$%<>~`;:{}+=*^£]/;

export const validatePassengerName = (value: string): string | null => {
  const name = value.trim();
  if (name === '') return passengerMessages.required;
  if (name.length < passengerLimits.nameMin) return passengerMessages.nameTooShort;
  if (name.length > passengerLimits.nameMax) return passengerMessages.nameTooLong;
  // The spec's forbidden characters, and everything else no name holds (digits, emoji, markup,
  // controls), or no letter anyone can see: the one name rule (./name-rule.ts).
  if (forbiddenNameCharacters.test(name) || hasControlCharacter(name) || !isName(name))
    return passengerMessages.nameInvalid;
  return null;
};

export const validateNickName = (value: string): string | null => {
  if (value === '') return null;
  if (value.trim() === '' || hasControlCharacter(value)) return passengerMessages.nickNameInvalid;
  if (value.trim().length > passengerLimits.nickNameMax) return passengerMessages.nickNameTooLong;
  return null;
};

const EmailFormat = v.pipe(v.string(), v.email());
export const validatePassengerEmail = (value: string): string | null => {
  const email = value.trim();
  if (email === '') return null;
  if (email.length > passengerLimits.emailMax) return passengerMessages.emailTooLong;
  if (hasControlCharacter(email)) return passengerMessages.emailInvalid;
  return v.is(EmailFormat, email) ? null : passengerMessages.emailInvalid;
};

export interface DateParts {
  day: string;
  month: string;
  year: string;
}

/** `today` is an ISO date (YYYY-MM-DD) in the customer's calendar. */
export const validateDateOfBirth = ({ day, month, year }: DateParts, today: string): string | null => {
  const parts = [day.trim(), month.trim(), year.trim()] as const;
  if (parts.every((p) => p === '')) return passengerMessages.required;
  const [d, m, y] = parts;
  if (!/^\d{1,2}$/.test(d) || !/^\d{1,2}$/.test(m) || !/^\d{4}$/.test(y)) return passengerMessages.dobFormat;
  const dn = Number(d);
  const mn = Number(m);
  const yn = Number(y);
  if (dn < 1 || dn > 31 || mn < 1 || mn > 12) return passengerMessages.dobFormat;
  const date = new Date(Date.UTC(yn, mn - 1, dn));
  if (date.getUTCDate() !== dn || date.getUTCMonth() !== mn - 1) return passengerMessages.dobFormat;
  if (yn < passengerLimits.minBirthYear) return passengerMessages.dobBefore1900;
  if (toIsoDate(yn, mn, dn) > today) return passengerMessages.dobFuture;
  return null;
};

export const toIsoDate = (year: number, month: number, day: number): string =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** Today's date in local time as YYYY-MM-DD. */
export const isoToday = (now: Date = new Date()): string =>
  toIsoDate(now.getFullYear(), now.getMonth() + 1, now.getDate());

export type PassengerField = 'firstName' | 'lastName' | 'nickName' | 'emailAddress' | 'day' | 'month' | 'year';
export type PassengerValues = Record<PassengerField, string>;
/** The error keys: one per field, the three date parts share `dateOfBirth` (one message per group). */
export type PassengerErrorKey = 'firstName' | 'lastName' | 'nickName' | 'emailAddress' | 'dateOfBirth';

export const emptyPassengerValues: PassengerValues = {
  firstName: '',
  lastName: '',
  nickName: '',
  emailAddress: '',
  day: '',
  month: '',
  year: '',
};

/** Every failing rule of a passenger form; the account holder has no email field. */
export const passengerErrors = (
  values: PassengerValues,
  opts: { today: string; isAccountHolder: boolean },
): Partial<Record<PassengerErrorKey, string>> => {
  const found: Partial<Record<PassengerErrorKey, string | null>> = {
    firstName: validatePassengerName(values.firstName),
    lastName: validatePassengerName(values.lastName),
    nickName: validateNickName(values.nickName),
    emailAddress: opts.isAccountHolder ? null : validatePassengerEmail(values.emailAddress),
    dateOfBirth: validateDateOfBirth(values, opts.today),
  };
  const errors: Partial<Record<PassengerErrorKey, string>> = {};
  for (const [key, message] of Object.entries(found) as [PassengerErrorKey, string | null][]) {
    if (message) errors[key] = message;
  }
  return errors;
};

// ---- Responses --------------------------------------------------------------------------------

const nullableText = maybe(v.string());

/**
 * docs/product/entities.md: id, firstName, lastName, nickName, emailAddress, day, month, year, isAccountHolder
 * (shouldUpdateAccount is a request field: the edit body). No local-server extras.
 */
export const SavedPassenger = v.object({
  id: v.string(),
  firstName: v.string(),
  lastName: v.string(),
  nickName: nullableText,
  emailAddress: nullableText,
  day: nullableText,
  month: nullableText,
  year: nullableText,
  isAccountHolder: v.boolean(),
});
export type SavedPassenger = v.InferOutput<typeof SavedPassenger>;

export const RailcardStatus = v.picklist(['valid', 'expired']);
export type RailcardStatus = v.InferOutput<typeof RailcardStatus>;

/**
 * A railcard's `status` is a local-server extra (docs/product/entities.md lists expiryDate): when it is
 * absent the card is expired once its expiry day has passed, in the customer's calendar.
 */
export const withRailcardStatus = <T extends { expiryDate: string; status?: RailcardStatus | undefined }>(
  card: T,
): T & { status: RailcardStatus } => ({
  ...card,
  status: card.status ?? (card.expiryDate < isoToday() ? 'expired' : 'valid'),
});

/** A railcard a passenger holds, as the list shows it. */
export const PassengerRailcardSummary = v.pipe(
  v.object({
    id: v.string(),
    railcardId: v.string(),
    name: v.string(),
    expiryDate: v.pipe(v.string(), v.isoDate()),
    /** Local-server extra: derived from expiryDate when absent. */
    status: v.optional(RailcardStatus),
    isDigital: v.boolean(),
  }),
  v.transform(withRailcardStatus),
);
export type PassengerRailcardSummary = v.InferOutput<typeof PassengerRailcardSummary>;

export const PassengerWithRailcards = v.object({
  ...SavedPassenger.entries,
  /**
   * Local-server extra (docs/product/entities.md's saved passenger has no railcards field). Absent or null:
   * unknown, and the list says nothing of railcards (a spec host may hold some); an empty list: none saved.
   */
  railcards: maybe(v.array(PassengerRailcardSummary)),
});
export type PassengerWithRailcards = v.InferOutput<typeof PassengerWithRailcards>;

export const PassengersAndRailcardsResponse = v.object({ passengers: v.array(PassengerWithRailcards) });
export type PassengersAndRailcardsResponse = v.InferOutput<typeof PassengersAndRailcardsResponse>;

const savePassengerSpec = { accountUpdateFailed: v.optional(v.boolean(), false) };
/**
 * A save's answer: docs/product/api.md names `accountUpdateFailed` alone for the edit, and no body for the
 * add. The saved passenger is the local server's extra, which the flow does not need: it goes back to
 * the list, which loads anew.
 */
export const SavePassengerResponse = v.object({ ...savePassengerSpec, passenger: v.optional(SavedPassenger) });
export type SavePassengerResponse = v.InferOutput<typeof SavePassengerResponse>;
/** The same, where an empty answer (204) is a save with nothing failed. */
export const SavePassengerAnswer = v.pipe(
  v.nullable(SavePassengerResponse),
  v.transform((answer): SavePassengerResponse => answer ?? { accountUpdateFailed: false }),
);

/** docs/product/api.md lists no answer for delete-passenger: see Acknowledged. */
export const DeletePassengerResponse = Acknowledged;

/** Request body of add-passenger and edit-passenger (edit adds shouldUpdateAccount). */
export interface PassengerRequest {
  firstName: string;
  lastName: string;
  nickName: string | null;
  emailAddress: string | null;
  day: string;
  month: string;
  year: string;
  shouldUpdateAccount?: boolean;
}

/** Trims the form values into the request body (blank optional fields become null). */
export const toPassengerRequest = (values: PassengerValues, isAccountHolder: boolean): PassengerRequest => ({
  firstName: values.firstName.trim(),
  lastName: values.lastName.trim(),
  nickName: values.nickName.trim() === '' ? null : values.nickName.trim(),
  emailAddress: isAccountHolder || values.emailAddress.trim() === '' ? null : values.emailAddress.trim(),
  day: values.day.trim().padStart(2, '0'),
  month: values.month.trim().padStart(2, '0'),
  year: values.year.trim(),
});

/** Form values from a saved passenger. */
export const toPassengerValues = (p: SavedPassenger): PassengerValues => ({
  firstName: p.firstName,
  lastName: p.lastName,
  nickName: p.nickName ?? '',
  emailAddress: p.emailAddress ?? '',
  day: p.day ?? '',
  month: p.month ?? '',
  year: p.year ?? '',
});

/**
 * The spec's fields of a passenger with railcards (a saved passenger's) and of the edit's answer
 * (docs/product/api.md: accountUpdateFailed) (spec mode, src/schemas/spec-records.ts).
 */
export const specRecords: readonly SpecRecord[] = [
  [PassengerWithRailcards, SavedPassenger.entries],
  [SavePassengerResponse, savePassengerSpec],
];
