import type { BookingData, Ticket } from './booking-data.ts';

/**
 * Delay Repay rules (docs/product/domain.md), docs/decisions/090-delay-repay-and-insurance.md.
 * Single (or each single of an out-and-back pair): 15-29 min 25%, 30-59 min 50%, 60-119 min 100%,
 * 120+ min 100%. A return ticket delayed on one leg: half of those (12.5%, 25%, 50%) of the return
 * fare, and 100% of the return fare at 120 minutes or more. Operators that pay only from 30
 * minutes (their own threshold) pay nothing below it. Season tickets: a per-journey value.
 */
export const CLAIM_WINDOW_DAYS = 28;
export const DEFAULT_THRESHOLD_MIN = 15;

/** Operators whose Delay Repay starts later than 15 minutes (the operator's own threshold). */
export const OPERATOR_THRESHOLDS: Readonly<Record<string, number>> = {
  ScotRail: 30,
  Merseyrail: 30,
};

export const thresholdFor = (operator: string | null): number =>
  (operator && OPERATOR_THRESHOLDS[operator]) || DEFAULT_THRESHOLD_MIN;

export type FareBasis = 'single' | 'return' | 'season';
export type Band = { fromMinutes: number; toMinutes: number | null; percent: number };

const SINGLE_BANDS: Band[] = [
  { fromMinutes: 15, toMinutes: 29, percent: 25 },
  { fromMinutes: 30, toMinutes: 59, percent: 50 },
  { fromMinutes: 60, toMinutes: 119, percent: 100 },
  { fromMinutes: 120, toMinutes: null, percent: 100 },
];
const RETURN_BANDS: Band[] = [
  { fromMinutes: 15, toMinutes: 29, percent: 12.5 },
  { fromMinutes: 30, toMinutes: 59, percent: 25 },
  { fromMinutes: 60, toMinutes: 119, percent: 50 },
  { fromMinutes: 120, toMinutes: null, percent: 100 },
];

/** The band a delay falls in, or null below 15 minutes or below the operator's threshold. */
export function bandFor(delayMinutes: number, basis: FareBasis, thresholdMinutes: number): Band | null {
  if (delayMinutes < thresholdMinutes) return null;
  const bands = basis === 'return' ? RETURN_BANDS : SINGLE_BANDS;
  return (
    bands.find((b) => delayMinutes >= b.fromMinutes && (b.toMinutes === null || delayMinutes <= b.toMinutes)) ?? null
  );
}

/** Journeys a season covers, for its per-journey value (two a working day). */
export const SEASON_JOURNEYS: Readonly<Record<string, number>> = { weekly: 10, monthly: 40, annual: 464, flexi: 16 };

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The tickets that cover `direction` and whether they are returns. */
function ticketsFor(data: BookingData, direction: 'outward' | 'inward'): { tickets: Ticket[]; basis: FareBasis } {
  if (data.season) return { tickets: data.tickets, basis: 'season' };
  const returns = data.tickets.filter((t) => t.direction === 'return');
  if (returns.length > 0) return { tickets: returns, basis: 'return' };
  return { tickets: data.tickets.filter((t) => t.direction === direction), basis: 'single' };
}

export type Estimate = {
  delayMinutes: number;
  thresholdMinutes: number;
  fareBasis: FareBasis;
  /** What the percentage applies to: the fare(s) of the delayed journey, or a season's per-journey value. */
  ticketPrice: number;
  /** Set for seasons: the journeys the season's price is divided by. */
  seasonJourneys: number | null;
  band: Band | null;
  compensation: number;
  serviceFee: number;
  toCustomer: number;
};

export function estimateCompensation(
  data: BookingData,
  direction: 'outward' | 'inward',
  delayMinutes: number,
  serviceFee: number,
): Estimate {
  const leg = direction === 'inward' && data.inward ? data.inward : data.outward;
  const thresholdMinutes = thresholdFor(leg.operator);
  const { tickets, basis } = ticketsFor(data, direction);
  const paid = tickets.reduce((sum, t) => sum + t.price.amount, 0);
  const seasonJourneys = data.season ? (SEASON_JOURNEYS[data.season.kind] ?? 464) : null;
  const ticketPrice = round2(seasonJourneys ? paid / seasonJourneys : paid);
  const band = bandFor(delayMinutes, basis, thresholdMinutes);
  const compensation = band ? round2((ticketPrice * band.percent) / 100) : 0;
  const fee = Math.min(serviceFee, compensation);
  return {
    delayMinutes,
    thresholdMinutes,
    fareBasis: basis,
    ticketPrice,
    seasonJourneys,
    band,
    compensation,
    serviceFee: round2(fee),
    toCustomer: round2(compensation - fee),
  };
}

/** The last day to claim: 28 days after the delayed leg's departure. */
export function claimDeadline(data: BookingData, direction: 'outward' | 'inward'): Date {
  const leg = direction === 'inward' && data.inward ? data.inward : data.outward;
  return new Date(new Date(leg.date).getTime() + CLAIM_WINDOW_DAYS * 24 * 60 * 60 * 1000);
}
