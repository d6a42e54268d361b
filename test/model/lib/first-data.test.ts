import { describe, expect, it } from 'vitest';
import { firstFailed, firstLoaded, type FirstData } from '#machines/lib/first-data';

/**
 * machines/lib/first-data.ts (docs/decisions/730): a chart starts from its route's first answer
 * only when it was given one; its own unit test pins both readers, since every chart that takes
 * a first answer imports them (scripts/mutate.ts measures this file by this test alone).
 */
describe('first data', () => {
  const loaded: FirstData<{ id: string }> = { data: { id: 'B1' } };
  const failed: FirstData<{ id: string }> = { error: new Error('offline') };

  it('a loaded first answer starts the chart loaded, not failed', () => {
    expect(firstLoaded(loaded)).toBe(true);
    expect(firstFailed(loaded)).toBe(false);
  });

  it('a failed first fetch starts the chart in its error state, not loaded', () => {
    expect(firstFailed(failed)).toBe(true);
    expect(firstLoaded(failed)).toBe(false);
  });

  it('an answer that loaded nothing (data undefined) is still loaded; an error that is undefined still failed', () => {
    expect(firstLoaded({ data: undefined })).toBe(true);
    expect(firstFailed({ data: undefined })).toBe(false);
    expect(firstFailed({ error: undefined })).toBe(true);
    expect(firstLoaded({ error: undefined })).toBe(false);
  });

  it('without a first answer (a test, a screen outside its route) the chart fetches itself: neither', () => {
    for (const none of [null, undefined]) {
      expect(firstLoaded(none)).toBe(false);
      expect(firstFailed(none)).toBe(false);
    }
  });
});
