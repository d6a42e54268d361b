import * as v from 'valibot';

/**
 * Changing a journey (docs/decisions/600-change-your-journey.md): the local server's own calls
 * (server/api/journey-change.ts), which the retailer's API does not list, so a spec-shaped API has
 * none and the booking says to contact the retailer instead. Money in major units with its code.
 */
const Money = v.object({ amount: v.number(), currencyCode: v.pipe(v.string(), v.regex(/^[A-Z]{3}$/)) });
export type ChangeMoney = v.InferOutput<typeof Money>;
const Station = v.object({ code: v.string(), name: v.string() });
const Leg = v.object({
  origin: Station,
  destination: Station,
  departure: v.string(),
  arrival: v.nullish(v.string(), null),
  changes: v.number(),
  operator: v.nullish(v.string(), null),
});
export type ChangeLeg = v.InferOutput<typeof Leg>;

export const changeDirections = ['outward', 'inward', 'both'] as const;
export type ChangeDirection = (typeof changeDirections)[number];
const FareKind = v.picklist(['advance', 'flexible']);

export const ChangeOptions = v.object({
  bookingId: v.string(),
  orderId: v.string(),
  reference: v.string(),
  refusal: v.nullish(v.object({ code: v.string(), message: v.string() }), null),
  outward: Leg,
  inward: v.nullish(Leg, null),
  passengers: v.array(
    v.object({ id: v.string(), firstName: v.string(), lastName: v.string(), railcard: v.nullish(v.string(), null) }),
  ),
  fareKind: FareKind,
  directions: v.array(
    v.object({
      direction: v.picklist(changeDirections),
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
export type ChangeOptions = v.InferOutput<typeof ChangeOptions>;

export const trainStatuses = ['AVAILABLE', 'FULL', 'CANCELLED', 'DEPARTED'] as const;
const Train = v.object({
  trainId: v.string(),
  departure: v.string(),
  arrival: v.string(),
  changes: v.number(),
  status: v.picklist(trainStatuses),
  fare: v.nullish(Money, null),
  difference: v.nullish(Money, null),
});
export const Departures = v.object({
  leg: v.picklist(['outward', 'inward']),
  date: v.string(),
  departures: v.array(Train),
});
export type Departures = v.InferOutput<typeof Departures>;

export const ChangeQuote = v.object({
  quoteId: v.string(),
  direction: v.picklist(changeDirections),
  fareKind: FareKind,
  old: v.object({ outward: Leg, inward: v.nullish(Leg, null) }),
  new: v.object({ outward: Leg, inward: v.nullish(Leg, null) }),
  lines: v.array(
    v.object({
      ticketId: v.string(),
      passengerName: v.string(),
      type: v.string(),
      direction: v.string(),
      oldFare: Money,
      newFare: Money,
      fee: Money,
    }),
  ),
  fareDifference: Money,
  fees: Money,
  total: Money,
  lowerFareKept: v.boolean(),
});
export type ChangeQuote = v.InferOutput<typeof ChangeQuote>;

export type ChangePayment =
  | { method: 'saved'; cardId: string }
  | { method: 'card'; token: string }
  | { method: 'none' };

export const ChangeResult = v.object({
  status: v.literal('CHANGED'),
  newBookingId: v.string(),
  newOrderId: v.string(),
  reference: v.string(),
  paid: v.nullish(Money, null),
  refunded: v.nullish(Money, null),
  cardLast4: v.nullish(v.string(), null),
});
export type ChangeResult = v.InferOutput<typeof ChangeResult>;

/** The search form: which legs, and for each leg searched a date (YYYY-MM-DD) and a time to search from (HH:MM). */
export interface ChangeSearch {
  direction: ChangeDirection;
  outwardDate: string;
  outwardAfter: string;
  inwardDate: string;
  inwardAfter: string;
}
export type ChangeSearchField = Exclude<keyof ChangeSearch, 'direction'>;

/** The legs searched for a direction, in order. */
export const legsOf = (direction: ChangeDirection): ('outward' | 'inward')[] =>
  direction === 'both' ? ['outward', 'inward'] : [direction];
