/** URL locale prefixes (docs/product/overview.md, docs/product/hosting.md). No prefix means en-GB. */
export const localePrefixes = [
  'it',
  'es',
  'fr',
  'de',
  'da',
  'nl',
  'en-us',
  'pt-br',
  'sv',
  'nb',
  'zh',
  'it-ch',
  'fr-ch',
  'de-at',
  'de-ch',
  'pt',
] as const;
export type LocalePrefix = (typeof localePrefixes)[number];

export const defaultLocale = 'en-GB';

/** BCP 47 tag for Intl formatting. */
export const localeTag = (prefix: LocalePrefix | null): string => {
  if (!prefix) return defaultLocale;
  const [lang, region] = prefix.split('-');
  return region ? `${lang}-${region.toUpperCase()}` : lang!;
};

/**
 * Each language named in itself, for the language picker, so a reader finds theirs whatever the
 * page's locale. Written out rather than asked of Intl.DisplayNames at run time: building one
 * costs a slow phone tens of milliseconds at every page load, and a fixed table reads
 * the same in every browser. Taken from CLDR (Intl.DisplayNames in Node 20), first letter in
 * capitals.
 */
export const autonyms: Readonly<Record<string, string>> = {
  'en-GB': 'British English',
  it: 'Italiano',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  da: 'Dansk',
  nl: 'Nederlands',
  'en-US': 'American English',
  'pt-BR': 'Português (Brasil)',
  sv: 'Svenska',
  nb: 'Norsk bokmål',
  zh: '中文',
  'it-CH': 'Italiano (Svizzera)',
  'fr-CH': 'Français suisse',
  'de-AT': 'Österreichisches Deutsch',
  'de-CH': 'Schweizer Hochdeutsch',
  pt: 'Português',
};

export const isLocalePrefix = (value: string): value is LocalePrefix =>
  (localePrefixes as readonly string[]).includes(value);

export interface LocaleInfo {
  prefix: LocalePrefix | null;
  tag: string;
  /** Router basepath: `/my-account` or `/{prefix}/my-account`. */
  basepath: string;
}

/** Reads the locale from a pathname such as `/de/my-account/bookings`. */
export const localeFromPath = (pathname: string): LocaleInfo => {
  const first = pathname.split('/')[1] ?? '';
  const prefix = isLocalePrefix(first.toLowerCase()) ? (first.toLowerCase() as LocalePrefix) : null;
  return { prefix, tag: localeTag(prefix), basepath: prefix ? `/${prefix}/my-account` : '/my-account' };
};

/**
 * The same address in another locale: the prefix changes and everything the URL holds (path,
 * search, hash) stays, so the language picker keeps the screen and its URL state.
 * `/de/my-account/bookings/past?page=2` → `/fr/my-account/bookings/past?page=2`.
 */
export const pathInLocale = (
  href: { pathname: string; search?: string; hash?: string },
  prefix: LocalePrefix | null,
): string => {
  const current = localeFromPath(href.pathname);
  const rest = current.prefix ? href.pathname.slice(current.prefix.length + 1) : href.pathname;
  return `${prefix ? `/${prefix}` : ''}${rest}${href.search ?? ''}${href.hash ?? ''}`;
};
