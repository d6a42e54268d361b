/**
 * The first Intl formatter a page builds loads its locale's data: 40-170 ms on Lighthouse's
 * 4x-slower phone, once per page (measured in Chromium; the formatters after it cost a few ms).
 * The bookings screens format dates and prices in their first render, which is a long task
 * already, so the boot pays this in a task of its own while the page waits for its data
 * (total blocking time on a slow phone).
 */
export const loadLocaleData = (locale: string): void => {
  new Intl.DateTimeFormat(locale).format(0);
  new Intl.NumberFormat(locale, { style: 'currency', currency: 'GBP' }).format(0);
};

/** Router paths (inside the basepath) whose first screen formats dates: the lists and a booking's pages. */
export const formatsOnFirstRender = (pathname: string): boolean => /^\/bookings(\/|$)/.test(pathname);
