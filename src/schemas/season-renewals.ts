import * as v from 'valibot';

/**
 * A season ticket's automatic renewal (decision 440). Not in docs/product/api.md: the whole answer is
 * a local-server extra, and a host without the call answers 404 (the control is then not shown).
 */
export const SeasonRenewal = v.object({
  bookingId: v.string(),
  orderId: v.optional(v.string()),
  /** weekly, monthly, annual, flexi (an unknown kind is not named). */
  seasonKind: v.optional(v.string()),
  /** Station names; absent: the route is not named. */
  origin: v.optional(v.string()),
  destination: v.optional(v.string()),
  /** The season ticket's last day (ISO date-time); absent: the date is not named. */
  validUntil: v.optional(v.pipe(v.string(), v.isoTimestamp())),
  isEnabled: v.boolean(),
  /** The saved card that pays (or would pay when turned on again); null: none chosen. */
  cardId: v.optional(v.nullable(v.string()), null),
});
export type SeasonRenewal = v.InferOutput<typeof SeasonRenewal>;

export const SeasonRenewalListResponse = v.object({ renewals: v.array(SeasonRenewal) });
