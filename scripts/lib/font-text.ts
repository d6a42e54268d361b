/**
 * What a PDF font subset must hold besides its kept ranges: the text of a message catalogue and
 * what Intl writes in a locale's dates (scripts/pdf-cjk-font.ts, scripts/pdf-latin-font.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Every character from `from` to `to`, as one string. */
export const range = (from: number, to: number): string =>
  Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)).join('');

/** The characters of the kept ranges. */
export const rangesText = (ranges: readonly (readonly [number, number])[]): string =>
  ranges.map(([a, b]) => range(a, b)).join('');

const valueText = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : Array.isArray(value)
      ? value.map(valueText).join('')
      : value && typeof value === 'object'
        ? Object.values(value).map(valueText).join('')
        : '';

/** Every string of messages/<locale>.json, run together. */
export const catalogueText = (locale: string): string =>
  valueText(JSON.parse(readFileSync(join(process.cwd(), 'messages', `${locale}.json`), 'utf8')));

/** What Intl writes in a locale's dates and times (weekdays, months, day periods), which the PDFs show. */
export const intlDateText = (locale: string): string => {
  const styles: Intl.DateTimeFormatOptions[] = [
    { dateStyle: 'full', timeStyle: 'short' },
    { dateStyle: 'medium', timeStyle: 'short', hour12: true },
    { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' },
    { weekday: 'long', month: 'long', day: 'numeric' },
  ];
  const days = Array.from({ length: 12 * 7 }, (_, i) => new Date(Date.UTC(2026, i % 12, 1 + (i % 7), (i * 5) % 24)));
  return styles
    .flatMap((o) => days.map((d) => new Intl.DateTimeFormat(locale, { ...o, timeZone: 'UTC' }).format(d)))
    .join('');
};
