/**
 * UK wall-clock time: GB rail days and times are London's (Greenwich Mean Time in winter, British
 * Summer Time, an hour ahead, from the last Sunday of March to the last Sunday of October). One
 * formatter for the server's rules, the seed, the charts and the calendar file, so they agree on
 * which day an instant falls on (docs/decisions/880-one-uk-wall-clock.md).
 */

const london = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** An instant's date and time on a London clock (month 1–12, hour 0–23). */
type UkWall = { year: number; month: number; day: number; hour: number; minute: number; second: number };

export function ukWall(at: Date | number): UkWall {
  const p: Record<string, number> = {};
  for (const part of london.formatToParts(at)) if (part.type !== 'literal') p[part.type] = Number(part.value);
  return {
    year: p.year ?? 0,
    month: p.month ?? 1,
    day: p.day ?? 1,
    hour: p.hour ?? 0,
    minute: p.minute ?? 0,
    second: p.second ?? 0,
  };
}

/** The London wall-clock time of an instant, written as if it were UTC (ms; milliseconds dropped). */
export function ukWallMs(at: Date | number): number {
  const w = ukWall(at);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The UK day an instant falls on, as YYYY-MM-DD: at 00:30 in London in summer (23:30 UTC) it is already the next day. */
export function ukDay(at: Date | number): string {
  const w = ukWall(at);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

/** A YYYY-MM-DD day `days` calendar days later (or earlier). */
export function plusDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The instant a London clock reads `wall` (a wall-clock time written as if it were UTC, ms): an hour
 * earlier in British Summer Time. London's offset is read at `wall` itself, so a time the clocks skip
 * or repeat lands on one of its neighbours.
 */
export function fromUkWall(wall: number): Date {
  return new Date(wall - (ukWallMs(wall) - Math.floor(wall / 1000) * 1000));
}
