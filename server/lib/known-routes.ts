/** Which paths the app knows: matchers over the route list generated at build time (server/known-paths.gen.ts). */

export const LOCALES = [
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

export const APP_BASE = '/my-account';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function segmentPattern(segment: string): string {
  if (segment === '$') return '(?:/.*)?'; // splat: the rest of the path
  const optional = /^\{-\$[A-Za-z_][\w]*\}$/.exec(segment);
  if (optional) return '(?:/[^/]+)?';
  if (/^\$[A-Za-z_][\w]*$/.test(segment)) return '/[^/]+';
  // prefix/suffix params such as `file{$id}.json`
  const parts = segment.split(/(\{\$[A-Za-z_][\w]*\})/);
  return '/' + parts.map((p) => (/^\{\$/.test(p) ? '[^/]+' : escapeRegExp(p))).join('');
}

/** A matcher for one route path: `$param` is one non-empty segment; a trailing slash is optional. */
export function routePattern(fullPath: string): RegExp {
  const segments = fullPath.split('/').filter((s) => s !== '');
  return new RegExp(`^${segments.map(segmentPattern).join('')}/?$`);
}

/** Splits an optional locale prefix off a pathname: `/de/my-account/x` -> { locale: 'de', path: '/my-account/x' }. */
export function stripLocale(pathname: string): { locale: string | null; path: string } {
  const match = /^\/([a-z]{2}(?:-[a-z]{2})?)(\/.*)?$/.exec(pathname);
  const locale = match?.[1];
  if (locale && (LOCALES as readonly string[]).includes(locale)) return { locale, path: match[2] ?? '/' };
  return { locale: null, path: pathname };
}

/** The part of a pathname after /my-account (`/` for the base itself), or null outside the app. */
export function appPath(pathname: string): string | null {
  const { path } = stripLocale(pathname);
  if (path === APP_BASE) return '/';
  if (!path.startsWith(`${APP_BASE}/`)) return null;
  return path.slice(APP_BASE.length);
}

/**
 * Builds `isKnown(pathname)` for full request pathnames from the app's route paths
 * (`knownPaths` of server/known-paths.gen.ts). With no list (null) every path under /my-account
 * counts as known. A bare root splat (`/$`, the app's catch-all not-found route) is ignored so
 * unknown paths still get status 404.
 */
export function createKnownRoutes(paths: readonly string[] | null): (pathname: string) => boolean {
  const patterns = paths?.filter((p) => p !== '/$' && p !== '$').map(routePattern) ?? null;
  return (pathname) => {
    const rest = appPath(pathname);
    if (rest === null) return false;
    if (patterns === null) return true;
    return patterns.some((re) => re.test(rest));
  };
}
