import { describe, expect, it } from 'vitest';
import { ukAt } from '#server/seed/booking-factory.ts';
import { fromUkWall, plusDays, ukDay, ukWall, ukWallMs } from '#src/schemas/uk-time';

// British Summer Time in 2026: from 01:00 UTC on Sunday 29 March to 01:00 UTC on Sunday 25 October.
const utc = (iso: string) => new Date(`${iso}Z`);

describe('the one UK wall clock', () => {
  it('reads Greenwich Mean Time in winter and an hour ahead in summer, across both edges', () => {
    expect(ukWall(utc('2026-03-29T00:59:59'))).toEqual({
      year: 2026,
      month: 3,
      day: 29,
      hour: 0,
      minute: 59,
      second: 59,
    });
    // The clocks go forward: 01:00 UTC is 02:00 in London, 01:xx never shows.
    expect(ukWall(utc('2026-03-29T01:00:00')).hour).toBe(2);
    // The clocks go back: 00:30 UTC and 01:30 UTC both read 01:30 in London.
    expect(ukWallMs(utc('2026-10-25T00:30:00'))).toBe(Date.UTC(2026, 9, 25, 1, 30));
    expect(ukWallMs(utc('2026-10-25T01:30:00'))).toBe(Date.UTC(2026, 9, 25, 1, 30));
    expect(ukWall(utc('2026-12-31T23:59:59'))).toMatchObject({ year: 2026, month: 12, day: 31, hour: 23 });
  });

  it('names the UK day: past 23:00 UTC in summer it is already tomorrow in London, never in winter', () => {
    expect(ukDay(utc('2026-03-28T23:30:00'))).toBe('2026-03-28'); // GMT, the night before the change
    expect(ukDay(utc('2026-03-29T23:30:00'))).toBe('2026-03-30'); // BST's first evening
    expect(ukDay(utc('2026-07-14T23:30:00'))).toBe('2026-07-15');
    expect(ukDay(utc('2026-10-24T23:30:00'))).toBe('2026-10-25'); // BST's last evening
    expect(ukDay(utc('2026-10-25T23:30:00'))).toBe('2026-10-25'); // GMT again
    expect(ukDay(utc('2027-01-01T00:00:00'))).toBe('2027-01-01');
  });

  it('finds the instant a London clock reads a time, on both sides of each edge', () => {
    expect(fromUkWall(Date.UTC(2026, 2, 28, 12)).toISOString()).toBe('2026-03-28T12:00:00.000Z');
    expect(fromUkWall(Date.UTC(2026, 2, 29, 12)).toISOString()).toBe('2026-03-29T11:00:00.000Z');
    expect(fromUkWall(Date.UTC(2026, 9, 24, 23, 59)).toISOString()).toBe('2026-10-24T22:59:00.000Z');
    expect(fromUkWall(Date.UTC(2026, 9, 25, 12)).toISOString()).toBe('2026-10-25T12:00:00.000Z');
    // Midnight in London in summer is 23:00 UTC the day before.
    expect(fromUkWall(Date.UTC(2026, 5, 1)).toISOString()).toBe('2026-05-31T23:00:00.000Z');
  });

  it("is the seed's clock too: a season's last minute is 23:59 UK time, 22:59 UTC in summer", () => {
    expect(ukAt(utc('2026-07-14T10:00:00'), 0, 23, 59).toISOString()).toBe('2026-07-14T22:59:00.000Z');
    expect(ukAt(utc('2026-12-14T10:00:00'), 0, 23, 59).toISOString()).toBe('2026-12-14T23:59:00.000Z');
  });

  it('counts calendar days across month and year ends and the clock changes', () => {
    expect(plusDays('2026-03-28', 1)).toBe('2026-03-29');
    expect(plusDays('2026-10-24', 2)).toBe('2026-10-26');
    expect(plusDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(plusDays('2026-07-15', 90)).toBe('2026-10-13');
  });
});
