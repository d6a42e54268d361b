/**
 * Shape of `bookings.data` (jsonb). Columns hold what queries filter on (order, season flag,
 * outward/inward dates); everything a screen renders lives here so later issues can extend it
 * without a migration. Dates and times are ISO 8601 strings (UTC); money is in major units
 * (pounds, 2 decimal places) with an ISO 4217 currency code.
 */

export type Money = { amount: number; currencyCode: string };

/** A station by its public CRS code and name. */
export type Station = { code: string; name: string };

export type Leg = {
  /** Departure date-time of the leg (for a season: the first day of validity). A leg is past when this is before now. */
  date: string;
  origin: Station;
  destination: Station;
  /** Null for season tickets (no specific train). */
  departureTime: string | null;
  arrivalTime: string | null;
  operator: string | null;
  changes: number;
  /** Key for GET /realtime/timetable/{timetableId}; null for seasons. */
  timetableId: string | null;
};

export type PassengerType = 'adult' | 'child';

export type Railcard = { code: string; name: string };

export type Passenger = {
  id: string;
  firstName: string;
  lastName: string;
  type: PassengerType;
  railcard: Railcard | null;
};

export type TicketDirection = 'outward' | 'inward' | 'return';

export type Ticket = {
  id: string;
  /** e.g. 'Advance Single', 'Off-Peak Return', 'Anytime Day Return', 'Season (Annual)'. */
  type: string;
  fareClass: 'standard' | 'first';
  direction: TicketDirection;
  passengerIds: string[];
  price: Money;
  /** Whether the fare's terms allow a refund when plans change. */
  refundable: boolean;
};

export type DeliveryMethod = 'mobile' | 'print-at-home' | 'collect-at-station' | 'post' | 'smartcard';

export type Delivery = {
  id: string;
  method: DeliveryMethod;
  /** Ticket-machine collection reference for collect-at-station; null otherwise. */
  collectionReference: string | null;
  /** Mobile tickets can be activated; an activated mobile ticket cannot be refunded. */
  activated: boolean;
};

/**
 * A fee the retailer charged with the booking (not a fare): standard-rated for VAT, shown apart on
 * the VAT receipt (docs/decisions/351). Not part of `price`, which is the fares.
 */
export type Fee = { kind: 'booking-fee' | 'card-fee'; amount: Money };

export type SeasonKind = 'weekly' | 'monthly' | 'annual' | 'flexi';

export type Season = {
  kind: SeasonKind;
  /** First and last day of validity (ISO dates-times, start and end of day). */
  validFrom: string;
  validUntil: string;
  /**
   * The route's season rates and its Anytime Day Return fare, which a refund charges the days used
   * at (docs/product/domain.md "Season refunds"); absent: derived from the price (server/domain/refunds.ts).
   */
  rates?: { weekly: number; monthly: number; dayReturn: number };
};

export type BookingData = {
  outward: Leg;
  inward: Leg | null;
  passengers: Passenger[];
  tickets: Ticket[];
  delivery: Delivery;
  /** Total paid for the booking (sum of its tickets). */
  price: Money;
  season: Season | null;
  /** Fees charged with this booking; absent: none. */
  fees?: Fee[];
};
