import * as v from 'valibot';
import { maybe } from './maybe.ts';
import type { SpecRecord } from './spec-records.ts';

/**
 * Customer profile calls (docs/product/entities.md, docs/product/api.md): personal details, change email, order count, and the
 * account summary behind /account-overview (a local addition, see docs/decisions/042-account-summary.md).
 */

/** GET /customer/personal-details. */
export const PersonalDetailsResponse = v.object({
  firstName: v.string(),
  lastName: v.string(),
  email: v.string(),
  shouldUpdatePassenger: v.optional(v.boolean(), false),
});
export type PersonalDetails = v.InferOutput<typeof PersonalDetailsResponse>;

/** POST /customer/personal-details: the saved details, plus updatePassengerFailed when the passenger sync failed. */
export const SavePersonalDetailsResponse = v.object({
  firstName: v.string(),
  lastName: v.string(),
  email: v.string(),
  // Left out or null (an API that sends a named field that does not apply as null) reads as false.
  shouldUpdatePassenger: v.pipe(
    maybe(v.boolean()),
    v.transform((update) => update === true),
  ),
  updatePassengerFailed: v.pipe(
    maybe(v.boolean()),
    v.transform((failed) => failed === true),
  ),
});
export type SavePersonalDetailsResult = v.InferOutput<typeof SavePersonalDetailsResponse>;

/**
 * POST /customer/change-email: newTokens is null (or absent) when the email changed but no new
 * session was issued (tokenFailure: the customer must sign in again).
 */
export const ChangeEmailResponse = v.object({
  newTokens: maybe(v.object({ sessionRotated: v.boolean() })),
  updatedEmailAddress: v.string(),
});
export type ChangeEmailResult = v.InferOutput<typeof ChangeEmailResponse>;

/**
 * Local-server answer to POST /customer/change-email (202, not in docs/product/api.md; decision 150): the
 * change waits until the customer follows the link sent to the new address. The spec's answer
 * (ChangeEmailResponse) is accepted too, so the screen works against a server that changes at once.
 */
export const ChangeEmailPendingResponse = v.object({
  confirmationSent: v.literal(true),
  pendingEmailAddress: v.string(),
});
export const ChangeEmailAnswer = v.union([ChangeEmailPendingResponse, ChangeEmailResponse]);
export type ChangeEmailOutcome = v.InferOutput<typeof ChangeEmailAnswer>;

/** GET /customer/order-count. */
export const OrderCountResponse = v.object({
  lifeTimeBookingCount: v.pipe(v.number(), v.integer(), v.minValue(0)),
});

const count = maybe(v.pipe(v.number(), v.integer(), v.minValue(0)));

/** GET /customer/account-summary: a count is null when this server keeps no such data. */
export const AccountSummaryResponse = v.object({
  firstName: v.string(),
  lastName: v.string(),
  email: v.string(),
  counts: v.object({
    upcomingBookings: count,
    savedPassengers: count,
    addresses: count,
    cards: count,
  }),
});
export type AccountSummary = v.InferOutput<typeof AccountSummaryResponse>;

/** Change email's `newTokens` is kept whole in spec mode: docs/product/api.md names it, not its fields (src/schemas/spec-records.ts). */
export const specRecords: readonly SpecRecord[] = [[ChangeEmailResponse, ChangeEmailResponse.entries, ['newTokens']]];
