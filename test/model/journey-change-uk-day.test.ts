import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { journeyChangeMachine, journeyDay, journeyToday } from '#machines/journey-change';
import type { ChangeOptions } from '#src/schemas/journey-change';

/**
 * The change of journey's chart counts UK days (docs/decisions/880-one-uk-wall-clock.md), as the
 * server's rule does (test/unit/journey-date-range.test.ts): today is London's, and the search starts
 * on the booked train's London day. British Summer Time in 2026: from 01:00 UTC on 29 March to 01:00
 * UTC on 25 October.
 */
const leg = (departure: string) => ({
  origin: { code: 'KGX', name: 'KGX' },
  destination: { code: 'YRK', name: 'YRK' },
  departure,
  arrival: departure,
  changes: 0,
  operator: 'LNER',
});
const options = (departure: string): ChangeOptions => ({
  bookingId: 'b-york',
  orderId: 'o-york',
  reference: 'TL-ABCDEF',
  refusal: null,
  outward: leg(departure),
  inward: null,
  passengers: [{ id: 'p1', firstName: 'Alex', lastName: 'Morgan', railcard: null }],
  fareKind: 'flexible',
  directions: [{ direction: 'outward', changeable: true, reason: null, message: null }],
  fee: { amount: 10, currencyCode: 'GBP' },
  savedCards: [],
});
/** The search's first date for a train leaving at `departure`, opened at `now`. */
const firstDate = (departure: string, now: string) => {
  const actor = createActor(journeyChangeMachine, {
    input: {
      bookingId: 'b-york',
      today: journeyToday(new Date(now)),
      keySeed: 'seed',
      first: { data: options(departure) },
    },
  }).start();
  const { search, today } = actor.getSnapshot().context;
  actor.stop();
  return { today, date: search.outwardDate };
};

describe('a change of journey in UK days', () => {
  it('is London’s today at 00:30 in summer, and the booked 00:30 train’s London day', () => {
    // 00:30 on 15 July in London is 23:30 UTC on the 14th.
    expect(journeyToday(new Date('2026-07-14T23:30:00Z'))).toBe('2026-07-15');
    expect(journeyDay('2026-07-20T23:30:00.000Z')).toBe('2026-07-21');
    expect(firstDate('2026-07-20T23:30:00.000Z', '2026-07-14T23:30:00Z')).toEqual({
      today: '2026-07-15',
      date: '2026-07-21',
    });
    // A train that has left (yesterday in London): the search starts today, London's.
    expect(firstDate('2026-07-14T08:00:00.000Z', '2026-07-14T23:30:00Z').date).toBe('2026-07-15');
  });

  it('moves with the clocks going forward', () => {
    // 00:30 UTC on 29 March is still Greenwich Mean Time: the 29th in London too.
    expect(journeyToday(new Date('2026-03-29T00:30:00Z'))).toBe('2026-03-29');
    // 23:30 UTC on the 29th is the first summer night: 00:30 on the 30th.
    expect(firstDate('2026-03-29T23:30:00.000Z', '2026-03-29T23:00:00Z')).toEqual({
      today: '2026-03-30',
      date: '2026-03-30',
    });
  });

  it('moves with the clocks going back', () => {
    // 23:30 UTC on 24 October is the last summer night: 00:30 on the 25th in London.
    expect(firstDate('2026-10-24T23:30:00.000Z', '2026-10-24T23:10:00Z')).toEqual({
      today: '2026-10-25',
      date: '2026-10-25',
    });
    // 23:30 UTC on 25 October is winter again: still the 25th in London, and so is a 23:45 train.
    expect(firstDate('2026-10-25T23:45:00.000Z', '2026-10-25T23:30:00Z')).toEqual({
      today: '2026-10-25',
      date: '2026-10-25',
    });
  });
});
