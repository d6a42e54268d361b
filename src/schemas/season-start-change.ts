import * as v from 'valibot';

/**
 * A season ticket's change of start date (docs/decisions/690-season-start-date-change.md): the change
 * of journey's calls (server/api/journey-change.ts) answered for a season. The options carry the
 * season's validity instead of trains; the quote the season's new validity and the fee. Money in
 * major units with its code. Fields the screen does not need are left out (valibot drops them).
 */
const Money = v.object({ amount: v.number(), currencyCode: v.pipe(v.string(), v.regex(/^[A-Z]{3}$/)) });
export type SeasonMoney = v.InferOutput<typeof Money>;
const Validity = v.object({ validFrom: v.string(), validUntil: v.string() });
export type SeasonValidity = v.InferOutput<typeof Validity>;
const Station = v.object({ code: v.string(), name: v.string() });

export const SeasonChangeOptions = v.object({
  bookingId: v.string(),
  reference: v.string(),
  refusal: v.nullish(v.object({ code: v.string(), message: v.string() }), null),
  outward: v.object({ origin: Station, destination: Station }),
  fareKind: v.literal('season'),
  season: Validity,
  /** A season's one choice is its start (`outward`), changeable while it has not started. */
  directions: v.array(
    v.object({
      direction: v.string(),
      changeable: v.boolean(),
      reason: v.nullish(v.string(), null),
      message: v.nullish(v.string(), null),
    }),
  ),
  fee: Money,
  savedCards: v.optional(
    v.array(v.object({ id: v.string(), brand: v.string(), last4: v.string(), expired: v.boolean() })),
    [],
  ),
});
export type SeasonChangeOptions = v.InferOutput<typeof SeasonChangeOptions>;

export const SeasonChangeQuote = v.object({
  quoteId: v.string(),
  fareKind: v.literal('season'),
  /** The season's validity once its start has moved. */
  season: Validity,
  lines: v.array(v.object({ ticketId: v.string(), passengerName: v.string(), type: v.string(), fee: Money })),
  fees: Money,
  total: Money,
});
export type SeasonChangeQuote = v.InferOutput<typeof SeasonChangeQuote>;
