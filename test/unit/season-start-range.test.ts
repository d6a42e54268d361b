import { describe, expect, it } from 'vitest';
import { seasonStartInRange } from '#server/domain/journey-change.ts';

/**
 * The server's rule for a season's new start date (docs/decisions/690-season-start-date-change.md):
 * from tomorrow up to 90 days ahead, in UK days, the same days the season's chart counts
 * (test/model/season-start-change.test.ts).
 */
describe("a season's new start date, counted in UK days", () => {
  // British Summer Time in 2026: from 01:00 UTC on 29 March to 01:00 UTC on 25 October.
  it('is tomorrow in London at 00:30 in summer (23:30 UTC the day before), not the UTC date', () => {
    const night = new Date('2026-07-14T23:30:00Z'); // 00:30 on 15 July in London
    expect(seasonStartInRange('2026-07-15', night)).toBe(false); // today in London
    expect(seasonStartInRange('2026-07-16', night)).toBe(true); // tomorrow in London
    expect(seasonStartInRange('2026-10-13', night)).toBe(true); // 90 UK days ahead
    expect(seasonStartInRange('2026-10-14', night)).toBe(false);
  });

  it('moves to London time on the day the clocks go forward and back with them', () => {
    // 00:30 UTC on 29 March is still Greenwich Mean Time: it is the 29th in London too.
    expect(seasonStartInRange('2026-03-29', new Date('2026-03-29T00:30:00Z'))).toBe(false);
    expect(seasonStartInRange('2026-03-30', new Date('2026-03-29T00:30:00Z'))).toBe(true);
    // 23:30 UTC on 29 March is the first summer night: 00:30 on the 30th in London.
    expect(seasonStartInRange('2026-03-30', new Date('2026-03-29T23:30:00Z'))).toBe(false);
    expect(seasonStartInRange('2026-03-31', new Date('2026-03-29T23:30:00Z'))).toBe(true);
    // 23:30 UTC on 24 October is the last summer night: 00:30 on the 25th in London.
    expect(seasonStartInRange('2026-10-25', new Date('2026-10-24T23:30:00Z'))).toBe(false);
    expect(seasonStartInRange('2026-10-26', new Date('2026-10-24T23:30:00Z'))).toBe(true);
    // 23:30 UTC on 25 October is winter again: still the 25th in London.
    expect(seasonStartInRange('2026-10-26', new Date('2026-10-25T23:30:00Z'))).toBe(true);
    expect(seasonStartInRange('2026-10-25', new Date('2026-10-25T23:30:00Z'))).toBe(false);
  });

  it('takes real calendar days only', () => {
    const noon = new Date('2026-01-10T12:00:00Z');
    expect(seasonStartInRange('2026-02-30', noon)).toBe(false);
    expect(seasonStartInRange('2026-2-20', noon)).toBe(false);
    expect(seasonStartInRange('2026-02-20', noon)).toBe(true);
  });
});
