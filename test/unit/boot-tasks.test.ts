import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextTask } from '#src/next-task';
import { formatsOnFirstRender, loadLocaleData } from '#src/i18n/locale-data';

/** Issue 11: the boot's steps run as separate tasks, and the locale's data loads before the first render. */
describe('nextTask', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('continues in a later task: every microtask queued before it runs first', async () => {
    const order: string[] = [];
    const next = nextTask().then(() => order.push('next task'));
    void Promise.resolve()
      .then(() => order.push('microtask 1'))
      .then(() => order.push('microtask 2'))
      .then(() => order.push('microtask 3'));
    await next;
    expect(order).toEqual(['microtask 1', 'microtask 2', 'microtask 3', 'next task']);
  });

  it('is a zero-delay timeout where the browser has no scheduler.yield', async () => {
    vi.useFakeTimers();
    try {
      let done = false;
      void nextTask().then(() => (done = true));
      await Promise.resolve();
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(0);
      expect(done).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('is scheduler.yield where the browser has it', async () => {
    const yieldTask = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: yieldTask });
    await nextTask();
    expect(yieldTask).toHaveBeenCalledOnce();
  });
});

describe('the locale data a first render needs', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is loaded for the bookings lists and a booking\'s pages, which format dates and prices at once', () => {
    for (const path of ['/bookings', '/bookings/', '/bookings/upcoming', '/bookings/past', '/bookings/season', '/bookings/guest', '/bookings/B1', '/bookings/B1/history']) {
      expect(formatsOnFirstRender(path), path).toBe(true);
    }
  });

  it('is not loaded for screens that show no dates at first (sign-in, the account pages)', () => {
    for (const path of ['/', '/login', '/register', '/personal-details', '/bookingsx', '/find-booking', '/order-token/bookings']) {
      expect(formatsOnFirstRender(path), path).toBe(false);
    }
  });

  it('builds and uses a date and a money formatter in the locale asked for', () => {
    const built: unknown[][] = [];
    class Formatter {
      constructor(...args: unknown[]) {
        built.push([new.target.name, ...args]);
      }
      format(value: number) {
        built.push(['format', value]);
        return '';
      }
    }
    vi.stubGlobal('Intl', { DateTimeFormat: class DateTimeFormat extends Formatter {}, NumberFormat: class NumberFormat extends Formatter {} });
    loadLocaleData('de');
    expect(built).toEqual([
      ['DateTimeFormat', 'de'],
      ['format', 0],
      ['NumberFormat', 'de', { style: 'currency', currency: 'GBP' }],
      ['format', 0],
    ]);
  });
});
