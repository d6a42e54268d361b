/**
 * Dates and money in the URL's locale (docs/product/hosting.md), in the portal's currency. The narrow symbol
 * keeps "12,50 £" on /fr (CLDR's French symbol for GBP is "£GB").
 */
/**
 * One Intl formatter per locale and options, kept for the page's life: building one costs far more
 * than formatting with it (a bookings list formats dozens of dates), and the set of locales and
 * option shapes is small and fixed.
 */
const formatters = new Map<string, unknown>();
const cached = <T>(kind: string, locale: string, options: object, make: () => T): T => {
  const key = `${kind}|${locale}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key) as T | undefined;
  if (formatter === undefined) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter;
};
const dateTimeFormat = (locale: string, options: Intl.DateTimeFormatOptions) =>
  cached('date', locale, options, () => new Intl.DateTimeFormat(locale, options));
const relativeTimeFormat = (locale: string, options: Intl.RelativeTimeFormatOptions) =>
  cached('relative', locale, options, () => new Intl.RelativeTimeFormat(locale, options));

export const formatMoney = (amount: number, currency: string, locale: string): string =>
  cached(
    'money',
    locale,
    { currency },
    () => new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'narrowSymbol' }),
  ).format(amount);

export const formatDate = (iso: string | Date, locale: string, options?: Intl.DateTimeFormatOptions): string =>
  dateTimeFormat(locale, options ?? { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }).format(
    typeof iso === 'string' ? new Date(iso) : iso,
  );

export const formatTime = (iso: string | Date, locale: string): string =>
  dateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(typeof iso === 'string' ? new Date(iso) : iso);

/** A list of names or addresses in the locale's own separators ("A, B, C" in en-GB). */
export const formatList = (items: readonly string[], locale: string): string =>
  cached('list', locale, {}, () => new Intl.ListFormat(locale, { style: 'short', type: 'unit' })).format(items);

/**
 * A country's name in the page's language from its ISO 3166-1 alpha-2 code ("GB": "United Kingdom",
 * de "Vereinigtes Königreich"), through Intl.DisplayNames; `fallback` (the API's own name) when the
 * code is malformed or the runtime does not know it.
 */
export const formatCountry = (isoCode: string, locale: string, fallback: string): string => {
  if (!/^[A-Za-z]{2}$/.test(isoCode)) return fallback;
  try {
    return (
      cached('region', locale, {}, () => new Intl.DisplayNames(locale, { type: 'region', fallback: 'none' })).of(
        isoCode.toUpperCase(),
      ) ?? fallback
    );
  } catch {
    return fallback;
  }
};

/** The UK calendar day of an instant, as YYYY-MM-DD (GB rail days are UK days). */
const ukDay = (at: Date) =>
  dateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

/**
 * "today", "tomorrow", "in 3 days" (de: "heute", "morgen", "in 3 Tagen") for a travel date still
 * ahead, through Intl.RelativeTimeFormat; null once the day has passed.
 */
/**
 * "in 40 minutes" / "in 2 hours" for a departure later today (UK day), else null: the journey card's
 * "Departs in 40 min". Past departures and other days have no such line.
 */
export const formatDepartsIn = (isoTime: string, now: Date, locale: string): string | null => {
  const minutes = Math.round((Date.parse(isoTime) - now.getTime()) / 60_000);
  if (minutes < 0 || ukDay(new Date(isoTime)) !== ukDay(now)) return null;
  const rtf = relativeTimeFormat(locale, { numeric: 'auto', style: 'short' });
  return minutes < 60 ? rtf.format(minutes, 'minute') : rtf.format(Math.round(minutes / 60), 'hour');
};

export const formatRelativeDay = (isoDate: string, now: Date, locale: string): string | null => {
  const days = Math.round(
    (Date.parse(`${ukDay(new Date(isoDate))}T00:00:00Z`) - Date.parse(`${ukDay(now)}T00:00:00Z`)) / 86_400_000,
  );
  return days < 0 ? null : relativeTimeFormat(locale, { numeric: 'auto' }).format(days, 'day');
};
