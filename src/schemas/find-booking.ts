import * as v from 'valibot';
import type { SpecRecord } from './spec-records.ts';
import { validateEmail } from './forms';
import { m } from '#src/paraglide/messages.js';

/** Find a booking (docs/product/entities.md, docs/product/validation.md): the form, its validators and the answer. */
export type FindBookingField = 'bookingReference' | 'departureDate' | 'passengerSurname' | 'emailAddress';

/** Copy not given by the spec (docs/decisions/012); the email messages are the shared ones. */
export const findBookingMessages = {
  referenceRequired: m.form_find_booking_reference_required(),
  referenceInvalid: m.form_find_booking_reference_invalid(),
  dateRequired: m.form_find_booking_date_required(),
  dateInvalid: m.form_find_booking_date_invalid(),
  surnameRequired: m.form_find_booking_surname_required(),
  surnameTooLong: m.form_find_booking_surname_too_long(),
} as const;

export const referencePattern = /^[A-Za-z0-9-]{4,20}$/;
export const surnameMax = 60;

export const validateReference = (value: string): string | null => {
  const t = value.trim();
  if (!t) return findBookingMessages.referenceRequired;
  return referencePattern.test(t) ? null : findBookingMessages.referenceInvalid;
};

/** YYYY-MM-DD (what a date input gives) for a real calendar day. */
export const validateDepartureDate = (value: string): string | null => {
  if (!value.trim()) return findBookingMessages.dateRequired;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (!m) return findBookingMessages.dateInvalid;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  const real = date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d && y >= 1900;
  return real ? null : findBookingMessages.dateInvalid;
};

export const validateSurname = (value: string): string | null => {
  const t = value.trim();
  if (!t) return findBookingMessages.surnameRequired;
  return t.length > surnameMax ? findBookingMessages.surnameTooLong : null;
};

export const findBookingValidators: Record<FindBookingField, (value: string) => string | null> = {
  bookingReference: validateReference,
  departureDate: validateDepartureDate,
  passengerSurname: validateSurname,
  emailAddress: validateEmail,
};

const findBookingSpec = { orderExchangeToken: v.pipe(v.string(), v.minLength(8)) };
/**
 * docs/product/api.md: the response has orderExchangeToken, and that is all the retailer's API promises.
 * Local-server extra: `bookingId` (lets the client open the one booking directly). Without it the
 * token opens /order-token, the list of bookings the token may fetch.
 */
export const FindBookingResponse = v.object({
  ...findBookingSpec,
  bookingId: v.optional(v.pipe(v.string(), v.minLength(1))),
});
export type FindBookingResponse = v.InferOutput<typeof FindBookingResponse>;

/** docs/product/api.md's field of the find-booking answer (spec mode, src/schemas/spec-records.ts). */
export const specRecords: readonly SpecRecord[] = [[FindBookingResponse, findBookingSpec]];
