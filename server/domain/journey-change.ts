import { fromUkWall, plusDays, ukDay, ukWallMs } from '#src/schemas/uk-time.ts';
import type { BookingData, Leg, Ticket } from './booking-data.ts';
import { round2 } from './refunds.ts';
import { DAY_MS } from '../lib/clock.ts';
import { ApiError } from '../lib/errors.ts';

/**
 * Changing a journey (docs/decisions/600-change-your-journey.md; docs/product/domain.md "Changing a
 * journey"): the local server's timetable stand-in, its fares, and the National Rail Conditions of
 * Travel rules the change follows. Pure: server/domain/journey-change-store.ts reads and writes rows.
 */

/** Which legs the customer changes. */
export type ChangeDirection = 'outward' | 'inward' | 'both';
export type FareKind = 'advance' | 'flexible' | 'season' | 'other';
export type ChangeRefusal =
  | 'DEPARTED'
  | 'TICKET_DATE_REACHED'
  | 'NO_RETURN'
  | 'SEASON_STARTED'
  | 'FARE_NOT_CHANGEABLE'
  | 'NO_TICKETS';

/** The admin fee per ticket changed, per portal (docs/product/domain.md: up to £10 a ticket). */
export const CHANGE_FEE_BY_PORTAL: Readonly<Record<string, number>> = { Leisure: 10, BrandedBusinessTravel: 0 };
export const DEFAULT_CHANGE_FEE = 10;
export const changeFeeFor = (portal: string | undefined): number =>
  CHANGE_FEE_BY_PORTAL[portal ?? 'Leisure'] ?? DEFAULT_CHANGE_FEE;

/** How far ahead a new train may be chosen. */
export const CHANGE_HORIZON_DAYS = 90;
/** A quote holds its price this long; the payment re-prices anyway. */
export const CHANGE_QUOTE_TTL_MS = 30 * 60 * 1000;
/** Advance fares rise once the train is this close (the seats left sell dearer): the price a quote showed can move before payment. */
export const ADVANCE_LATE_MS = 2 * DAY_MS;
export const ADVANCE_LATE_FACTOR = 1.2;

/** Departures of every route each day (UTC hours and minutes): every 90 minutes, 06:00 to 21:00. */
export const DEPARTURE_TIMES: readonly (readonly [number, number])[] = [
  [6, 0],
  [7, 30],
  [9, 0],
  [10, 30],
  [12, 0],
  [13, 30],
  [15, 0],
  [16, 30],
  [18, 0],
  [19, 30],
  [21, 0],
];
/** Every route's 12:00 is full (no seats left to sell) and its 15:00 cancelled, every day: easy to find in the demo. */
export const FULL_AT = '12:00';
export const CANCELLED_AT = '15:00';

export const fareKind = (type: string): FareKind => {
  if (/^Advance\b/.test(type)) return 'advance';
  if (/^(Off-Peak|Super Off-Peak|Anytime)\b/.test(type)) return 'flexible';
  if (/^Season\b/.test(type)) return 'season';
  return 'other';
};

const hhmm = (d: Date) => `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;

/**
 * The fare of a train relative to another of the same ticket type: Anytime fares are the same on
 * every train; Off-Peak and Advance fares follow the time of day (early 0.85, day 1, evening peak
 * 1.25, late 0.8), and an Advance fare rises by a fifth in the last 2 days before its train.
 */
export function trainFactor(type: string, departure: Date, now: Date): number {
  if (/^Anytime\b/.test(type)) return 1;
  const h = departure.getUTCHours() + departure.getUTCMinutes() / 60;
  const band = h < 7 ? 0.85 : h < 16 ? 1 : h < 19 ? 1.25 : 0.8;
  const late =
    fareKind(type) === 'advance' && departure.getTime() - now.getTime() < ADVANCE_LATE_MS ? ADVANCE_LATE_FACTOR : 1;
  return band * late;
}

export type Departure = {
  trainId: string;
  departure: string;
  arrival: string;
  changes: number;
  status: 'AVAILABLE' | 'FULL' | 'CANCELLED' | 'DEPARTED';
};

const legMinutes = (leg: Leg) =>
  leg.arrivalTime && leg.departureTime
    ? Math.max(1, Math.round((Date.parse(leg.arrivalTime) - Date.parse(leg.departureTime)) / 60_000))
    : 120;

export const trainIdOf = (leg: Leg, departure: Date) =>
  `${leg.origin.code}-${leg.destination.code}-${departure.toISOString().slice(0, 16).replace(/[-T:]/g, '')}`;

/** The trains of `leg`'s route on `date` (YYYY-MM-DD) from `after` (HH:MM), each with its status now. */
export function departuresOn(leg: Leg, date: string, after: string, now: Date): Departure[] {
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const minutes = legMinutes(leg);
  return DEPARTURE_TIMES.flatMap(([h, m]) => {
    const departure = new Date(Date.UTC(y, mo - 1, d, h, m));
    const time = hhmm(departure);
    if (time < after) return [];
    const status: Departure['status'] =
      departure <= now ? 'DEPARTED' : time === CANCELLED_AT ? 'CANCELLED' : time === FULL_AT ? 'FULL' : 'AVAILABLE';
    return [
      {
        trainId: trainIdOf(leg, departure),
        departure: departure.toISOString(),
        arrival: new Date(departure.getTime() + minutes * 60_000).toISOString(),
        changes: leg.changes,
        status,
      },
    ];
  });
}

/** A train id of this leg's route, as departuresOn makes them; null when it is not one. */
export function departureOfTrain(leg: Leg, trainId: string, now: Date): Departure | null {
  const m = /^([A-Z]{3})-([A-Z]{3})-(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(trainId);
  if (!m || m[1] !== leg.origin.code || m[2] !== leg.destination.code) return null;
  return (
    departuresOn(leg, `${m[3]}-${m[4]}-${m[5]}`, `${m[6]}:${m[7]}`, now).find((d) => d.trainId === trainId) ?? null
  );
}

/** The tickets a change of `direction` replaces: a return ticket covers both legs. */
export function ticketsFor(data: BookingData, direction: ChangeDirection, gone: ReadonlySet<string>): Ticket[] {
  return data.tickets.filter((t) => {
    if (gone.has(t.id)) return false;
    if (direction === 'both' || t.direction === 'return') return true;
    return t.direction === direction;
  });
}

/**
 * Whether `direction` may be changed now, per the Conditions of Travel: Advance only before the
 * booked train leaves; Off-Peak, Super Off-Peak and Anytime only before the date on the ticket
 * (the outward's date for a return); a season only its start date (its one "leg", outward), before
 * it starts; other fares not here.
 */
export function directionRefusal(
  data: BookingData,
  direction: ChangeDirection,
  gone: ReadonlySet<string>,
  now: Date,
): ChangeRefusal | null {
  if (direction !== 'outward' && !data.inward) return 'NO_RETURN';
  if (data.season) {
    if (ticketsFor(data, direction, gone).length === 0) return 'NO_TICKETS';
    return now >= new Date(data.season.validFrom) ? 'SEASON_STARTED' : null;
  }
  const tickets = ticketsFor(data, direction, gone);
  if (tickets.length === 0) return 'NO_TICKETS';
  const kinds = new Set(tickets.map((t) => fareKind(t.type)));
  if (kinds.has('season') || kinds.has('other')) return 'FARE_NOT_CHANGEABLE';
  const legs =
    direction === 'both' ? [data.outward, data.inward] : [direction === 'outward' ? data.outward : data.inward];
  for (const leg of legs) {
    if (!leg) continue;
    if (kinds.has('advance') && new Date(leg.date) <= now) return 'DEPARTED';
  }
  if (kinds.has('flexible')) {
    // The date on the ticket: the outward's for a return ticket, the leg's own for a single.
    const dated = tickets.some((t) => t.direction === 'return') ? [data.outward] : legs;
    // UK days (docs/decisions/880-one-uk-wall-clock.md): a 00:30 train in summer leaves at 23:30 UTC the day before.
    if (dated.some((leg) => leg && ukDay(now) >= ukDay(new Date(leg.date)))) return 'TICKET_DATE_REACHED';
  }
  return null;
}

export const REFUSAL_DETAIL: Record<ChangeRefusal, string> = {
  DEPARTED: 'Advance tickets can be changed only before the booked train leaves, and this train has left.',
  TICKET_DATE_REACHED: 'Off-Peak and Anytime tickets can be changed only before the date on the ticket.',
  NO_RETURN: 'This booking has no return journey.',
  SEASON_STARTED: 'A season ticket changes only its start date, before it starts, and this season has started.',
  FARE_NOT_CHANGEABLE: 'These tickets cannot be changed.',
  NO_TICKETS: 'No tickets are left on this booking to change.',
};

export type Selection = { outward: Departure | null; inward: Departure | null };

export type TicketLine = {
  ticketId: string;
  passengerId: string;
  type: string;
  direction: Ticket['direction'];
  oldFare: number;
  newFare: number;
  fee: number;
};

export type ChangePrice = {
  lines: TicketLine[];
  fareDifference: number;
  fees: number;
  /** Positive: the customer pays it; negative: it comes back; 0: nothing either way. */
  total: number;
  /** Advance: a lower new fare gives nothing back (the customer is told why). */
  lowerFareKept: boolean;
  advance: boolean;
};

/**
 * The price of replacing the tickets with the same ticket type on the chosen trains: each ticket's
 * new fare is its fare scaled by the trains' factors (a return ticket by its two legs together),
 * plus the fee per ticket. Advance: fee plus any higher fare, nothing back for a lower one.
 * Flexible: the difference either way, with the fee taken from what comes back.
 */
export function priceChange(
  data: BookingData,
  direction: ChangeDirection,
  chosen: Selection,
  gone: ReadonlySet<string>,
  fee: number,
  now: Date,
): ChangePrice {
  const tickets = ticketsFor(data, direction, gone);
  const outOld = new Date(data.outward.date);
  const inOld = data.inward ? new Date(data.inward.date) : null;
  const outNew = chosen.outward ? new Date(chosen.outward.departure) : outOld;
  const inNew = chosen.inward ? new Date(chosen.inward.departure) : inOld;
  const lines = tickets.map((t): TicketLine => {
    const f = (d: Date | null) => (d ? trainFactor(t.type, d, now) : 0);
    let ratio: number;
    if (t.direction === 'return') ratio = (f(outNew) + f(inNew)) / (f(outOld) + f(inOld));
    else if (t.direction === 'inward') ratio = f(inNew) / f(inOld);
    else ratio = f(outNew) / f(outOld);
    // The old fare was bought at the old factors; the new fare is today's price of the new trains.
    const newFare = Math.round(t.price.amount * ratio * 10) / 10;
    return {
      ticketId: t.id,
      passengerId: t.passengerIds[0] ?? '',
      type: t.type,
      direction: t.direction,
      oldFare: t.price.amount,
      newFare,
      fee,
    };
  });
  const fareDifference = round2(lines.reduce((s, l) => s + l.newFare - l.oldFare, 0));
  const fees = round2(lines.reduce((s, l) => s + l.fee, 0));
  const advance = tickets.some((t) => fareKind(t.type) === 'advance');
  const total = advance ? round2(fees + Math.max(0, fareDifference)) : round2(fareDifference + fees);
  return { lines, fareDifference, fees, total, lowerFareKept: advance && fareDifference < 0, advance };
}

/** The booking after the change: the chosen trains, the new fares, the same passengers (railcards kept) and delivery. */
export function changedBooking(
  data: BookingData,
  chosen: Selection,
  price: ChangePrice,
  gone: ReadonlySet<string>,
  deliveryId: string,
): BookingData {
  const moved = (leg: Leg, d: Departure | null): Leg =>
    d
      ? {
          ...leg,
          date: d.departure,
          departureTime: d.departure,
          arrivalTime: d.arrival,
          changes: d.changes,
          timetableId: d.trainId,
        }
      : leg;
  const fares = new Map(price.lines.map((l) => [l.ticketId, l.newFare]));
  // Only the tickets left: those already refunded or being refunded stay with the old booking.
  const tickets = data.tickets
    .filter((t) => !gone.has(t.id))
    .map((t) => (fares.has(t.id) ? { ...t, price: { ...t.price, amount: fares.get(t.id) ?? t.price.amount } } : t));
  return {
    ...data,
    outward: moved(data.outward, chosen.outward),
    inward: data.inward ? moved(data.inward, chosen.inward) : null,
    passengers: data.passengers.filter((p) => tickets.some((t) => t.passengerIds.includes(p.id))),
    tickets,
    delivery: { ...data.delivery, id: deliveryId, activated: false },
    price: { ...data.price, amount: round2(tickets.reduce((s, t) => s + t.price.amount, 0)) },
  };
}

/**
 * A new date may be from today to CHANGE_HORIZON_DAYS ahead, counted in UK days
 * (docs/decisions/880-one-uk-wall-clock.md): at 00:30 in London in summer it is 23:30 UTC the day
 * before, and today is already London's new day.
 */
export function dateInRange(date: string, now: Date): boolean {
  const t = /^\d{4}-\d{2}-\d{2}$/.test(date) ? Date.parse(`${date}T00:00:00Z`) : Number.NaN;
  // A real calendar day only: Date.parse reads 2026-02-30 as 2 March.
  if (Number.isNaN(t) || new Date(t).toISOString().slice(0, 10) !== date) return false;
  const today = ukDay(now);
  return date >= today && date <= plusDays(today, CHANGE_HORIZON_DAYS);
}

/** The instant `days` UK days after `at`, at the same time of day in London (British Summer Time or not). */
function shiftUkDays(at: Date, days: number): Date {
  return new Date(fromUkWall(ukWallMs(at) + days * DAY_MS).getTime() + at.getUTCMilliseconds());
}

/**
 * The day a season starts as the customer sees it (a UK day, YYYY-MM-DD) from its stored start: in
 * British Summer Time midnight in London is 23:00 UTC the day before (decision 790).
 */
export const seasonStartDay = (validFrom: string): string => ukDay(new Date(validFrom));

/**
 * A season's start date may move to any day from tomorrow up to CHANGE_HORIZON_DAYS ahead (it must
 * not have started), counted in UK days: at 00:30 in London in summer it is 23:30 UTC the day before, and
 * tomorrow is London's tomorrow.
 */
export function seasonStartInRange(date: string, now: Date): boolean {
  const t = /^\d{4}-\d{2}-\d{2}$/.test(date) ? Date.parse(`${date}T00:00:00Z`) : Number.NaN;
  // A real calendar day only: Date.parse reads 2026-02-30 as 2 March.
  if (Number.isNaN(t) || new Date(t).toISOString().slice(0, 10) !== date) return false;
  const today = ukDay(now);
  return date > today && date <= plusDays(today, CHANGE_HORIZON_DAYS);
}

/**
 * A season's change of start date: the same ticket over the same length of time from the new date,
 * so the same fare; the fee per ticket is all there is to pay.
 */
export function priceSeasonStart(data: BookingData, gone: ReadonlySet<string>, fee: number): ChangePrice {
  const lines = ticketsFor(data, 'outward', gone).map(
    (t): TicketLine => ({
      ticketId: t.id,
      passengerId: t.passengerIds[0] ?? '',
      type: t.type,
      direction: t.direction,
      oldFare: t.price.amount,
      newFare: t.price.amount,
      fee,
    }),
  );
  const fees = round2(lines.reduce((s, l) => s + l.fee, 0));
  return { lines, fareDifference: 0, fees, total: fees, lowerFareKept: false, advance: false };
}

/** The season after its start date moved to `startDate` (YYYY-MM-DD): valid as long as before, from that day at the same time. */
export function changedSeason(data: BookingData, startDate: string, deliveryId: string): BookingData {
  if (!data.season) return data;
  // Whole UK days later (or earlier), at the same time of day in London, for the start and the end alike.
  const days = Math.round(
    (Date.parse(`${startDate}T00:00:00Z`) - Date.parse(`${seasonStartDay(data.season.validFrom)}T00:00:00Z`)) / DAY_MS,
  );
  const start = shiftUkDays(new Date(data.season.validFrom), days);
  return {
    ...data,
    outward: { ...data.outward, date: start.toISOString() },
    season: {
      ...data.season,
      validFrom: start.toISOString(),
      validUntil: shiftUkDays(new Date(data.season.validUntil), days).toISOString(),
    },
    delivery: { ...data.delivery, id: deliveryId, activated: false },
  };
}

const trainRefusal = (d: Departure | null): ApiError | null => {
  if (!d) return new ApiError(422, 'TRAIN_UNKNOWN', 'This train is not in the timetable: search again.');
  if (d.status === 'FULL') return new ApiError(409, 'TRAIN_FULL', 'This train is full: choose another.');
  if (d.status === 'CANCELLED') return new ApiError(409, 'TRAIN_CANCELLED', 'This train is cancelled: choose another.');
  if (d.status === 'DEPARTED') return new ApiError(409, 'TRAIN_DEPARTED', 'This train has left: choose another.');
  return null;
};

/** The chosen trains, checked against the timetable now. */
function selectionOf(
  data: BookingData,
  direction: ChangeDirection,
  outwardTrain: string | null | undefined,
  inwardTrain: string | null | undefined,
  now: Date,
): Selection {
  const wantsOut = direction !== 'inward';
  const wantsIn = direction !== 'outward';
  const outward = wantsOut ? departureOfTrain(data.outward, outwardTrain ?? '', now) : null;
  const inward = wantsIn && data.inward ? departureOfTrain(data.inward, inwardTrain ?? '', now) : null;
  if (wantsOut) {
    const refused = trainRefusal(outward);
    if (refused) throw refused;
  }
  if (wantsIn) {
    const refused = trainRefusal(inward);
    if (refused) throw refused;
  }
  if (outward && inward && inward.departure <= outward.arrival) {
    throw new ApiError(422, 'RETURN_BEFORE_OUTWARD', 'The return train must leave after the outward train arrives.');
  }
  if (!outward && inward && data.outward.arrivalTime && inward.departure <= data.outward.arrivalTime) {
    throw new ApiError(422, 'RETURN_BEFORE_OUTWARD', 'The return train must leave after the outward train arrives.');
  }
  if (outward && !inward && direction === 'outward' && data.inward && outward.arrival >= data.inward.date) {
    throw new ApiError(422, 'OUTWARD_AFTER_RETURN', 'The outward train must arrive before the return train leaves.');
  }
  return { outward, inward };
}

/** A season's new start date: from tomorrow up to 90 days ahead, and not the date it already starts on. */
function requireSeasonStart(data: BookingData, startDate: string | null | undefined, now: Date): string {
  if (!startDate) throw new ApiError(400, 'VALIDATION', 'A season ticket needs its new start date (startDate).');
  if (!seasonStartInRange(startDate, now))
    throw new ApiError(422, 'DATE_OUT_OF_RANGE', 'Choose a start date from tomorrow up to 90 days ahead.');
  if (data.season && seasonStartDay(data.season.validFrom) === startDate)
    throw new ApiError(422, 'SAME_START_DATE', 'The season already starts on this date: choose another.');
  return startDate;
}

/** What a change asks for: the direction, the trains chosen (a journey) or the new start date (a season). */
export type ChangeRequest = {
  direction: ChangeDirection;
  outwardTrain?: string | null | undefined;
  inwardTrain?: string | null | undefined;
  startDate?: string | null | undefined;
};

/**
 * What the change gives, or the 4xx that says why the request cannot be priced: a season's new start
 * date at the fee, or the chosen trains (checked against the timetable now) at their fares.
 */
export function priced(
  data: BookingData,
  request: ChangeRequest,
  gone: ReadonlySet<string>,
  fee: number,
  now: Date,
  deliveryId: string,
): { chosen: Selection; startDate: string | null; price: ChangePrice; changed: BookingData } {
  if (data.season) {
    const start = requireSeasonStart(data, request.startDate, now);
    const price = priceSeasonStart(data, gone, fee);
    return {
      chosen: { outward: null, inward: null },
      startDate: start,
      price,
      changed: changedSeason(data, start, deliveryId),
    };
  }
  const chosen = selectionOf(data, request.direction, request.outwardTrain, request.inwardTrain, now);
  const price = priceChange(data, request.direction, chosen, gone, fee, now);
  return { chosen, startDate: null, price, changed: changedBooking(data, chosen, price, gone, deliveryId) };
}
