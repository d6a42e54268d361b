/** Dates and money in the URL's locale (CONTRACT.md). */
export const formatMoney = (amount: number, currency: string, locale: string): string =>
  new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);

export const formatDate = (iso: string | Date, locale: string, options?: Intl.DateTimeFormatOptions): string =>
  new Intl.DateTimeFormat(locale, options ?? { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }).format(
    typeof iso === 'string' ? new Date(iso) : iso,
  );

export const formatTime = (iso: string | Date, locale: string): string =>
  new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(typeof iso === 'string' ? new Date(iso) : iso);

/** A list of names or addresses in the locale's own separators ("A, B, C" in en-GB). */
export const formatList = (items: readonly string[], locale: string): string =>
  new Intl.ListFormat(locale, { style: 'short', type: 'unit' }).format(items);
