import { localeFromPath } from '#src/config/locales';
import { baseLocale, overwriteGetLocale, type Locale } from '#src/paraglide/runtime.js';

/**
 * The catalogue locale for a URL prefix: the prefixes of src/config/locales.ts are the catalogue's
 * locale ids (messages/<prefix>.json); no prefix is the source locale en-GB (decision 210).
 */
export const catalogueLocale = (prefix: string | null): Locale => (prefix ?? baseLocale) as Locale;

/**
 * The URL is the only source of the locale: Paraglide's getLocale reads the prefix of the current
 * path, so a message function called anywhere (render, a machine's action, a module's constant)
 * answers in the page's locale. Switching locale is a full navigation to the other prefix, so the
 * locale never changes under a running page. Outside a browser (server, model tests) it is en-GB.
 *
 * Only where messages pick their locale at call time (dev server, Vitest). A build writes one
 * bundle per locale with each message fixed to its locale (decision 240), so nothing in it asks
 * getLocale, and leaving the call out drops Paraglide's runtime from every route (decision 242).
 */
if (!import.meta.env.PROD) {
  overwriteGetLocale(() =>
    typeof window === 'undefined' ? baseLocale : catalogueLocale(localeFromPath(window.location.pathname).prefix),
  );
}
