import { describe, expect, it } from 'vitest';
import { formatCountry, formatDepartsIn, formatList, formatMoney, formatRelativeDay } from '#src/i18n/format';

describe('locale formats (decision 210)', () => {
  it('writes a GBP fare in the locale, with the portal currency', () => {
    expect(formatMoney(12.5, 'GBP', 'fr').replace(/\s/g, ' ')).toBe('12,50 £');
    expect(formatMoney(12.5, 'GBP', 'en-GB')).toBe('£12.50');
    expect(formatMoney(12.5, 'GBP', 'de-CH').replace(/\s/g, ' ')).toMatch(/^£ ?12\.50$/);
  });
  it('says how far away a travel day is, in UK days', () => {
    const now = new Date('2026-11-23T01:30:00Z');
    expect(formatRelativeDay('2026-11-26', now, 'en-GB')).toBe('in 3 days');
    expect(formatRelativeDay('2026-11-24T09:00:00Z', now, 'de')).toBe('morgen');
    expect(formatRelativeDay('2026-11-23', now, 'en-GB')).toBe('today');
    expect(formatRelativeDay('2026-11-22', now, 'en-GB')).toBeNull();
  });
  it('counts a train’s UK day, not its UTC date, on either side of British Summer Time', () => {
    // 23:30 UTC on 29 March is 00:30 on the 30th in London; a 00:30 train the next night is tomorrow's.
    expect(formatRelativeDay('2026-03-30T23:30:00Z', new Date('2026-03-29T23:30:00Z'), 'en-GB')).toBe('tomorrow');
    // 23:30 UTC on 24 October is 00:30 on the 25th in London: a 00:45 train is today's, not gone.
    expect(formatRelativeDay('2026-10-24T23:45:00Z', new Date('2026-10-24T23:30:00Z'), 'en-GB')).toBe('today');
    // Winter again: 23:45 UTC on 25 October is the 25th in London too.
    expect(formatRelativeDay('2026-10-25T23:45:00Z', new Date('2026-10-25T23:30:00Z'), 'en-GB')).toBe('today');
  });
  it('says "in 40 min" for a departure later the same UK day, and nothing otherwise', () => {
    const now = new Date('2026-06-10T08:05:00Z'); // 09:05 in London (BST)
    expect(formatDepartsIn('2026-06-10T08:45:00Z', now, 'en-GB')).toBe('in 40 min');
    expect(formatDepartsIn('2026-06-10T08:05:00Z', now, 'en-GB')).toBe('this minute');
    expect(formatDepartsIn('2026-06-10T10:05:00Z', now, 'en-GB')).toBe('in 2 hr');
    expect(formatDepartsIn('2026-06-10T08:45:00Z', now, 'de')).toBe('in 40 Min.');
    // Gone, or tomorrow in London though the same day in UTC (23:30 UTC is 00:30 BST).
    expect(formatDepartsIn('2026-06-10T08:00:00Z', now, 'en-GB')).toBeNull();
    expect(formatDepartsIn('2026-06-10T23:30:00Z', now, 'en-GB')).toBeNull();
  });
  it('joins lists with the locale separators', () => {
    expect(formatList(['Ada Lovelace', 'Alan Turing'], 'en-GB')).toBe('Ada Lovelace, Alan Turing');
  });

  it("names a country in the page's language from its ISO code, else keeps the API's name", () => {
    expect(formatCountry('GB', 'en-GB', 'x')).toBe('United Kingdom');
    expect(formatCountry('GB', 'de-DE', 'United Kingdom')).toBe('Vereinigtes Königreich');
    expect(formatCountry('gb', 'fr-FR', 'United Kingdom')).toBe('Royaume-Uni');
    expect(formatCountry('IE', 'zh-CN', 'Ireland')).toBe('爱尔兰');
    expect(formatCountry('GBR', 'de-DE', 'United Kingdom')).toBe('United Kingdom');
    expect(formatCountry('', 'de-DE', 'Somewhere')).toBe('Somewhere');
  });
});
