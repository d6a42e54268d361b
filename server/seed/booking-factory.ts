import type {
  BookingData,
  DeliveryMethod,
  Leg,
  Passenger,
  PassengerType,
  Railcard,
  SeasonKind,
  Ticket,
} from '../domain/booking-data.ts';
import { fromUkWall } from '#src/schemas/uk-time.ts';
import type { Queryable } from '../db.ts';
import { DAY_MS } from '../lib/clock.ts';
import { sha256Hex } from '../lib/tokens.ts';
import { stableFriendlyOrderId, stableId } from './context.ts';
import { STATIONS, type StationCode } from './stations.ts';

export const RAILCARDS = {
  twoTogether: { code: '2TR', name: 'Two Together Railcard' },
  youth: { code: 'YNG', name: '16-25 Railcard' },
  senior: { code: 'SRN', name: 'Senior Railcard' },
} as const satisfies Record<string, Railcard>;

/** `dayOffset` days from `now` at hh:mm UTC. */
export function at(now: Date, dayOffset: number, hh: number, mm = 0): Date {
  const day = new Date(now.getTime() + dayOffset * DAY_MS);
  return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), hh, mm));
}

/**
 * `hh:mm` UK time on the day `at` names: a season's validity is UK days
 * (it ends 23:59 on its last day in the UK, 22:59 UTC in summer), as every screen shows it.
 */
export function ukAt(now: Date, dayOffset: number, hh: number, mm = 0): Date {
  return fromUkWall(at(now, dayOffset, hh, mm).getTime());
}

const money = (amount: number) => ({ amount: Math.round(amount * 100) / 100, currencyCode: 'GBP' });

export type PassengerSpec = { firstName: string; lastName: string; type?: PassengerType; railcard?: Railcard | null };

export type TripSpec = {
  key: string;
  from: StationCode;
  to: StationCode;
  outward: Date;
  /** Departure of the return leg (reverse direction), if any. */
  inward?: Date;
  durationMin: number;
  operator: string;
  changes?: number;
  passengers: PassengerSpec[];
  ticketType: string;
  fareClass?: 'standard' | 'first';
  /** Price of one ticket for one passenger. */
  fare: number;
  /** true: one return ticket per passenger; false: a single per passenger per leg. */
  returnTicket?: boolean;
  refundable: boolean;
  delivery: DeliveryMethod;
  activated?: boolean;
  /** Fees charged with the booking (a booking fee): on the VAT receipt at the standard rate. */
  fees?: BookingData['fees'];
};

function passengers(key: string, specs: PassengerSpec[]): Passenger[] {
  return specs.map((p, i) => ({
    id: stableId('passenger', `${key}:${i}`),
    firstName: p.firstName,
    lastName: p.lastName,
    type: p.type ?? 'adult',
    railcard: p.railcard ?? null,
  }));
}

function leg(from: StationCode, to: StationCode, depart: Date, spec: TripSpec): Leg {
  const arrive = new Date(depart.getTime() + spec.durationMin * 60_000);
  const stamp = depart.toISOString().slice(0, 16).replace(/[-:T]/g, '');
  return {
    date: depart.toISOString(),
    origin: STATIONS[from],
    destination: STATIONS[to],
    departureTime: depart.toISOString(),
    arrivalTime: arrive.toISOString(),
    operator: spec.operator,
    changes: spec.changes ?? 0,
    timetableId: `${from}-${to}-${stamp}`,
  };
}

function delivery(key: string, method: DeliveryMethod, activated: boolean): BookingData['delivery'] {
  const reference = stableFriendlyOrderId(`collect:${key}`).slice(3) + '9K';
  return {
    id: stableId('delivery', key),
    method,
    collectionReference: method === 'collect-at-station' ? reference : null,
    activated: method === 'mobile' && activated,
  };
}

/** A point-to-point booking: outward leg, optional return leg, tickets per passenger. */
export function tripBooking(spec: TripSpec): BookingData {
  const people = passengers(spec.key, spec.passengers);
  const outward = leg(spec.from, spec.to, spec.outward, spec);
  const inward = spec.inward ? leg(spec.to, spec.from, spec.inward, spec) : null;
  const directions: Ticket['direction'][] =
    inward === null ? ['outward'] : spec.returnTicket ? ['return'] : ['outward', 'inward'];
  const tickets: Ticket[] = people.flatMap((p, i) =>
    directions.map((direction) => ({
      id: stableId('ticket', `${spec.key}:${i}:${direction}`),
      type: spec.ticketType,
      fareClass: spec.fareClass ?? 'standard',
      direction,
      passengerIds: [p.id],
      price: money(spec.fare),
      refundable: spec.refundable,
    })),
  );
  return {
    outward,
    inward,
    passengers: people,
    tickets,
    delivery: delivery(spec.key, spec.delivery, spec.activated ?? false),
    price: money(tickets.reduce((sum, t) => sum + t.price.amount, 0)),
    season: null,
    ...(spec.fees ? { fees: spec.fees } : {}),
  };
}

export type SeasonSpec = {
  key: string;
  from: StationCode;
  to: StationCode;
  kind: SeasonKind;
  validFrom: Date;
  validUntil: Date;
  passenger: PassengerSpec;
  price: number;
  delivery: DeliveryMethod;
  /** The route's weekly and monthly season rates and Anytime Day Return fare (refund calculation). */
  rates?: { weekly: number; monthly: number; dayReturn: number };
};

const SEASON_NAMES: Record<SeasonKind, string> = {
  weekly: 'Season (Weekly)',
  monthly: 'Season (Monthly)',
  annual: 'Season (Annual)',
  flexi: 'Flexi Season',
};

/** A season ticket: one leg dated at the start of validity, valid between the two stations. */
export function seasonBooking(spec: SeasonSpec): BookingData {
  const people = passengers(spec.key, [spec.passenger]);
  const person = people[0] as Passenger;
  return {
    outward: {
      date: spec.validFrom.toISOString(),
      origin: STATIONS[spec.from],
      destination: STATIONS[spec.to],
      departureTime: null,
      arrivalTime: null,
      operator: null,
      changes: 0,
      timetableId: null,
    },
    inward: null,
    passengers: people,
    tickets: [
      {
        id: stableId('ticket', `${spec.key}:season`),
        type: SEASON_NAMES[spec.kind],
        fareClass: 'standard',
        direction: 'return',
        passengerIds: [person.id],
        price: money(spec.price),
        refundable: true,
      },
    ],
    delivery: delivery(spec.key, spec.delivery, false),
    price: money(spec.price),
    season: {
      kind: spec.kind,
      validFrom: spec.validFrom.toISOString(),
      validUntil: spec.validUntil.toISOString(),
      ...(spec.rates ? { rates: spec.rates } : {}),
    },
  };
}

export type OrderSpec = {
  key: string;
  customerId: string | null;
  email: string;
  createdAt: Date;
  /** Plain guest token; only its sha256 is stored. */
  guestToken?: string | null;
  replacementOrderId?: string | null;
};

export async function insertOrder(db: Queryable, spec: OrderSpec): Promise<string> {
  const id = stableId('order', spec.key);
  await db.query(
    `insert into orders (id, friendly_order_id, customer_id, email, guest_token_hash, currency, created_at, replacement_order_id)
     values ($1, $2, $3, $4, $5, 'GBP', $6, $7)`,
    [
      id,
      stableFriendlyOrderId(spec.key),
      spec.customerId,
      spec.email.toLowerCase(),
      spec.guestToken ? sha256Hex(spec.guestToken) : null,
      spec.createdAt,
      spec.replacementOrderId ?? null,
    ],
  );
  return id;
}

export async function insertBooking(
  db: Queryable,
  spec: { key: string; orderId: string; data: BookingData; createdAt: Date },
): Promise<string> {
  const id = stableId('booking', spec.key);
  await db.query(
    `insert into bookings (id, order_id, is_season, outward_date, inward_date, data, created_at)
     values ($1, $2, $3, $4, $5, $6::jsonb, $7)`,
    [
      id,
      spec.orderId,
      spec.data.season !== null,
      new Date(spec.data.outward.date),
      spec.data.inward ? new Date(spec.data.inward.date) : null,
      JSON.stringify(spec.data),
      spec.createdAt,
    ],
  );
  return id;
}

/** An order holding the given bookings, created `daysBefore` days before the first one's outward date. */
export async function insertOrderWithBookings(
  db: Queryable,
  order: Omit<OrderSpec, 'createdAt'> & { createdAt?: Date },
  bookings: BookingData[],
  now: Date,
): Promise<{ orderId: string; bookingIds: string[] }> {
  const first = bookings[0];
  const firstDate = first ? new Date(first.outward.date) : now;
  const createdAt = order.createdAt ?? new Date(Math.min(now.getTime(), firstDate.getTime()) - 14 * DAY_MS);
  const orderId = await insertOrder(db, { ...order, createdAt });
  const bookingIds: string[] = [];
  for (const [i, data] of bookings.entries()) {
    bookingIds.push(await insertBooking(db, { key: `${order.key}:${i}`, orderId, data, createdAt }));
  }
  return { orderId, bookingIds };
}
