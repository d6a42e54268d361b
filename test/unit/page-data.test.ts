import { describe, expect, it, vi } from 'vitest';
import { defaultPageData, parsePageData, readPageData } from '#src/config/page-data';

const silent = () => ({ warn: vi.fn() });

describe('page data (docs/product/hosting.md)', () => {
  it('applies defaults when the element is absent', () => {
    expect(parsePageData(null)).toEqual(defaultPageData);
    expect(defaultPageData.portal).toBe('Leisure');
    expect(defaultPageData.currency).toBe('GBP');
    expect(Object.values(defaultPageData.features).every(Boolean)).toBe(true);
  });

  it('reads portal, currency, csrf and feature overrides', () => {
    const data = parsePageData(
      JSON.stringify({
        portal: 'ScotRail',
        currency: 'EUR',
        csrfToken: 'abc',
        features: { 'change-email': false, other: true },
      }),
    );
    expect(data.portal).toBe('ScotRail');
    expect(data.currency).toBe('EUR');
    expect(data.csrfToken).toBe('abc');
    expect(data.features['change-email']).toBe(false);
    expect(data.features['passengers-and-railcards']).toBe(true);
  });

  it('offers only the sign-in providers the host names, none by default, and keeps the rest when that field is odd (decision 360)', () => {
    expect(defaultPageData.signInProviders).toEqual([]);
    expect(parsePageData(JSON.stringify({ csrfToken: 'abc' })).signInProviders).toEqual([]);
    expect(
      parsePageData(JSON.stringify({ signInProviders: ['google', 'github', 'google', 7, 'apple'] })).signInProviders,
    ).toEqual(['google', 'apple']);
    const odd = parsePageData(JSON.stringify({ csrfToken: 'abc', signInProviders: 'google' }));
    expect(odd.signInProviders).toEqual([]);
    expect(odd.csrfToken).toBe('abc');
  });

  it('falls back to Leisure with a warning for an unknown portal', () => {
    const log = silent();
    expect(parsePageData(JSON.stringify({ portal: 'Nowhere' }), log).portal).toBe('Leisure');
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn.mock.calls[0]![0]).toMatch(/unknown portal/);
  });

  it('treats malformed JSON as defaults and logs once', () => {
    const log = silent();
    expect(parsePageData('{not json', log)).toEqual(defaultPageData);
    expect(log.warn).toHaveBeenCalledTimes(1);
  });

  it('reads the element up to 4 times with growing 50 ms waits, then uses defaults', async () => {
    const waits: number[] = [];
    const doc = { getElementById: vi.fn(() => null) };
    const data = await readPageData(doc, async (ms) => void waits.push(ms), silent());
    expect(doc.getElementById).toHaveBeenCalledTimes(4);
    expect(waits).toEqual([50, 100, 150]);
    expect(data).toEqual(defaultPageData);
  });

  it('picks the element up when it appears late', async () => {
    let calls = 0;
    const el = { textContent: JSON.stringify({ portal: 'TrainHugger' }) };
    const doc = { getElementById: () => (++calls >= 3 ? (el as unknown as HTMLElement) : null) };
    const data = await readPageData(doc, async () => {}, silent());
    expect(data.portal).toBe('TrainHugger');
    expect(calls).toBe(3);
  });
});
