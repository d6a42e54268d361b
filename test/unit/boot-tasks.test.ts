import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextTask, settledOrAfter } from '#src/next-task';
import { formatsOnFirstRender, loadLocaleData } from '#src/i18n/locale-data';

/** The boot's steps run as separate tasks, and the locale's data loads before the first render. */
describe('settledOrAfter', () => {
  afterEach(() => vi.useRealTimers());

  const watch = (p: Promise<void>) => {
    const state = { done: false };
    void p.then(() => (state.done = true));
    return state;
  };

  it('ends when the work resolves, before the time is up', async () => {
    vi.useFakeTimers();
    let finish = () => {};
    const w = watch(settledOrAfter(new Promise<void>((r) => (finish = r)), 1000));
    await vi.advanceTimersByTimeAsync(400);
    expect(w.done).toBe(false);
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(w.done).toBe(true);
  });

  it('ends when the work fails, without passing the failure on', async () => {
    vi.useFakeTimers();
    let fail = (_e: Error) => {};
    const w = watch(settledOrAfter(new Promise<void>((_r, j) => (fail = j)), 1000));
    fail(new Error('guard failed'));
    await vi.advanceTimersByTimeAsync(0);
    expect(w.done).toBe(true);
  });

  it('ends when the time is up, if the work is still running', async () => {
    vi.useFakeTimers();
    const w = watch(settledOrAfter(new Promise<void>(() => {}), 1000));
    await vi.advanceTimersByTimeAsync(999);
    expect(w.done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(w.done).toBe(true);
  });
});

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

  it("is loaded for the bookings lists and a booking's pages, which format dates and prices at once", () => {
    for (const path of [
      '/bookings',
      '/bookings/',
      '/bookings/upcoming',
      '/bookings/past',
      '/bookings/season',
      '/bookings/guest',
      '/bookings/B1',
      '/bookings/B1/history',
    ]) {
      expect(formatsOnFirstRender(path), path).toBe(true);
    }
  });

  it('is not loaded for screens that show no dates at first (sign-in, the account pages)', () => {
    for (const path of [
      '/',
      '/login',
      '/register',
      '/personal-details',
      '/bookingsx',
      '/find-booking',
      '/order-token/bookings',
    ]) {
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
    vi.stubGlobal('Intl', {
      DateTimeFormat: class DateTimeFormat extends Formatter {},
      NumberFormat: class NumberFormat extends Formatter {},
    });
    loadLocaleData('de');
    expect(built).toEqual([
      ['DateTimeFormat', 'de'],
      ['format', 0],
      ['NumberFormat', 'de', { style: 'currency', currency: 'GBP' }],
      ['format', 0],
    ]);
  });
});
