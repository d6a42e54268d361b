/** The server's notion of the current time; tests move it instead of waiting. */
export interface Clock {
  now(): Date;
  /** Shift the clock by `ms` from real time (test switch only). */
  setOffset(ms: number): void;
}

export function createClock(offsetMs = 0): Clock {
  let offset = offsetMs;
  return {
    now: () => new Date(Date.now() + offset),
    setOffset: (ms) => {
      offset = ms;
    },
  };
}

export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;

export function addMs(date: Date, ms: number): Date {
  return new Date(date.getTime() + ms);
}
