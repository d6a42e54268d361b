import { describe, expect, it } from 'vitest';
import type { BookingData } from '#server/domain/booking-data.ts';
import { dateInRange, directionRefusal } from '#server/domain/journey-change.ts';

/**
 * The server's rules for an ordinary journey's change (docs/decisions/600-change-your-journey.md): a new date
 * from today up to 90 days ahead, and an Off-Peak or Anytime ticket changeable only before its date,
 * both in UK days (docs/decisions/880-one-uk-wall-clock.md), the days the chart counts
 * (test/model/journey-change.test.ts).
 */
describe("an ordinary journey's new date, counted in UK days", () => {
  // British Summer Time in 2026: from 01:00 UTC on 29 March to 01:00 UTC on 25 October.
  it('is today in London at 00:30 in summer (23:30 UTC the day before), not the UTC date', () => {
    const night = new Date('2026-07-14T23:30:00Z'); // 00:30 on 15 July in London
    expect(dateInRange('2026-07-14', night)).toBe(false); // yesterday in London
    expect(dateInRange('2026-07-15', night)).toBe(true); // today in London
    expect(dateInRange('2026-10-13', night)).toBe(true); // 90 UK days ahead
    expect(dateInRange('2026-10-14', night)).toBe(false);
  });

  it('moves to London time on the day the clocks go forward and back with them', () => {
    // 00:30 UTC on 29 March is still Greenwich Mean Time: it is the 29th in London too.
    expect(dateInRange('2026-03-28', new Date('2026-03-29T00:30:00Z'))).toBe(false);
    expect(dateInRange('2026-03-29', new Date('2026-03-29T00:30:00Z'))).toBe(true);
    // 23:30 UTC on 29 March is the first summer night: 00:30 on the 30th in London.
    expect(dateInRange('2026-03-29', new Date('2026-03-29T23:30:00Z'))).toBe(false);
    expect(dateInRange('2026-03-30', new Date('2026-03-29T23:30:00Z'))).toBe(true);
    // 23:30 UTC on 24 October is the last summer night: 00:30 on the 25th in London.
    expect(dateInRange('2026-10-24', new Date('2026-10-24T23:30:00Z'))).toBe(false);
    expect(dateInRange('2026-10-25', new Date('2026-10-24T23:30:00Z'))).toBe(true);
    // 23:30 UTC on 25 October is winter again: still the 25th in London.
    expect(dateInRange('2026-10-25', new Date('2026-10-25T23:30:00Z'))).toBe(true);
    expect(dateInRange('2026-10-26', new Date('2026-10-25T23:30:00Z'))).toBe(true);
  });

  it('takes real calendar days only', () => {
    const noon = new Date('2026-01-10T12:00:00Z');
    expect(dateInRange('2026-02-30', noon)).toBe(false);
    expect(dateInRange('2026-2-20', noon)).toBe(false);
    expect(dateInRange('2026-02-20', noon)).toBe(true);
  });
});

describe('an Off-Peak ticket’s date, reached in UK days', () => {
  const data = (departure: string): BookingData => ({
    outward: {
      origin: { name: 'London Kings Cross', code: 'KGX' },
      destination: { name: 'York', code: 'YRK' },
      date: departure,
      departureTime: departure,
      arrivalTime: new Date(Date.parse(departure) + 112 * 60_000).toISOString(),
      operator: 'LNER',
      changes: 0,
      timetableId: null,
    },
    inward: null,
    passengers: [{ id: 'p', firstName: 'A', lastName: 'B', type: 'adult', railcard: null }],
    tickets: [
      {
        id: 't',
        type: 'Off-Peak Single',
        fareClass: 'standard',
        direction: 'outward',
        passengerIds: ['p'],
        price: { amount: 40, currencyCode: 'GBP' },
        refundable: true,
      },
    ],
    delivery: { id: 'd', method: 'mobile', collectionReference: null, activated: false },
    price: { amount: 40, currencyCode: 'GBP' },
    season: null,
  });
  const refusal = (departure: string, now: string) =>
    directionRefusal(data(departure), 'outward', new Set(), new Date(now));

  it('is reached at midnight in London, on either side of the clocks changing', () => {
    // A 00:30 train on 30 March (23:30 UTC on the 29th, the first summer night): its date is the 30th.
    expect(refusal('2026-03-29T23:30:00Z', '2026-03-29T22:30:00Z')).toBeNull(); // 23:30 on the 29th in London
    expect(refusal('2026-03-29T23:30:00Z', '2026-03-29T23:05:00Z')).toBe('TICKET_DATE_REACHED'); // 00:05 on the 30th
    // A 00:30 train on 25 October (23:30 UTC on the 24th, the last summer night).
    expect(refusal('2026-10-24T23:30:00Z', '2026-10-24T22:30:00Z')).toBeNull();
    expect(refusal('2026-10-24T23:30:00Z', '2026-10-24T23:05:00Z')).toBe('TICKET_DATE_REACHED');
    // Winter: London is UTC, and the 23:30 train on 25 October is still on the 25th.
    expect(refusal('2026-10-26T08:00:00Z', '2026-10-25T23:30:00Z')).toBeNull();
  });
});
