import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { knownPaths } from '#server/known-paths.gen.ts';
import { appPath, createKnownRoutes, routePattern, stripLocale } from '#server/lib/known-routes.ts';
import { KNOWN_PATHS_FILE, knownPathsSource, parseFullPaths, renderKnownPaths } from '#scripts/known-paths.ts';
import { projectRoot } from '#server/paths.ts';

const fakeTree = `
export interface FileRouteTypes {
  fileRoutesByFullPath: FileRoutesByFullPath
  fullPaths:
    | '/'
    | '/login'
    | '/bookings/'
    | '/bookings/upcoming'
    | '/bookings/$bookingId/history'
    | '/order-token/$bookingId/refund/ineligible'
    | '/files/$'
    | '/$'
  fileRoutesByTo: FileRoutesByTo
  to: '/' | '/somewhere-else'
  id: '__root__' | '/_account'
}
`;

describe('parseFullPaths', () => {
  it('reads the multi-line fullPaths union and nothing after it', () => {
    expect(parseFullPaths(fakeTree)).toEqual([
      '/',
      '/login',
      '/bookings/',
      '/bookings/upcoming',
      '/bookings/$bookingId/history',
      '/order-token/$bookingId/refund/ineligible',
      '/files/$',
      '/$',
    ]);
  });

  it('reads the one-line form with double quotes', () => {
    expect(parseFullPaths(`fullPaths: "/" | "/a/$id"\nfileRoutesByTo: X`)).toEqual(['/', '/a/$id']);
  });

  it('is null without a union', () => {
    expect(parseFullPaths('export const x = 1')).toBeNull();
    expect(parseFullPaths('fullPaths: never')).toBeNull();
  });
});

describe('the generated server/known-paths.gen.ts', () => {
  it('is the fullPaths of the committed route tree (stale: run `npm run build` and commit it)', async () => {
    const committed = await readFile(`${projectRoot}/${KNOWN_PATHS_FILE}`, 'utf8');
    expect(committed).toBe(await knownPathsSource(projectRoot));
  });

  it('lists each path once, sorted, as the server imports it', () => {
    expect(renderKnownPaths(['/b', '/a/$id', '/b'])).toContain("[\n  '/a/$id',\n  '/b',\n];");
    expect(knownPaths).toContain('/bookings/$bookingId/history');
    expect(knownPaths).toContain('/passengers-and-railcards/');
    expect(knownPaths.some((p) => p.includes('/_'))).toBe(false); // pathless layout ids never leak in
  });
});

describe('routePattern', () => {
  it('matches one non-empty segment per param, trailing slash optional', () => {
    const re = routePattern('/bookings/$bookingId/history');
    expect(re.test('/bookings/abc-123/history')).toBe(true);
    expect(re.test('/bookings/abc-123/history/')).toBe(true);
    expect(re.test('/bookings//history')).toBe(false);
    expect(re.test('/bookings/a/b/history')).toBe(false);
    expect(routePattern('/').test('/')).toBe(true);
    expect(routePattern('/bookings/').test('/bookings')).toBe(true);
  });

  it('handles splats and optional params', () => {
    expect(routePattern('/files/$').test('/files/a/b/c')).toBe(true);
    expect(routePattern('/files/$').test('/files')).toBe(true);
    const optional = routePattern('/posts/{-$category}');
    expect(optional.test('/posts')).toBe(true);
    expect(optional.test('/posts/news')).toBe(true);
  });

  it('escapes literal characters', () => {
    expect(routePattern('/a.b').test('/aXb')).toBe(false);
    expect(routePattern('/a.b').test('/a.b')).toBe(true);
  });
});

describe('locales', () => {
  it('strips a known locale prefix only', () => {
    expect(stripLocale('/de/my-account/login')).toEqual({ locale: 'de', path: '/my-account/login' });
    expect(stripLocale('/pt-br/my-account/')).toEqual({ locale: 'pt-br', path: '/my-account/' });
    expect(stripLocale('/xx/my-account/login')).toEqual({ locale: null, path: '/xx/my-account/login' });
    expect(appPath('/de-ch/my-account')).toBe('/');
    expect(appPath('/my-accountant')).toBeNull();
    expect(appPath('/en-gb/my-account/login')).toBeNull();
  });
});

describe('createKnownRoutes', () => {
  const isKnown = createKnownRoutes(parseFullPaths(fakeTree));

  it('knows the tree paths under /my-account, with or without a locale', () => {
    for (const path of [
      '/my-account',
      '/my-account/',
      '/my-account/login',
      '/my-account/bookings',
      '/my-account/bookings/upcoming/',
      '/my-account/bookings/b1/history',
      '/my-account/order-token/b1/refund/ineligible/',
      '/fr/my-account/login',
      '/en-us/my-account/bookings/b1/history',
      '/my-account/files/x/y',
    ]) {
      expect(isKnown(path), path).toBe(true);
    }
  });

  it('rejects other paths; the root catch-all splat does not count', () => {
    for (const path of [
      '/',
      '/login',
      '/my-account/nope',
      '/my-account/bookings/b1',
      '/my-account/bookings/b1/history/extra',
      '/xx/my-account/login',
      '/de/login',
    ]) {
      expect(isKnown(path), path).toBe(false);
    }
  });

  it('treats all of /my-account as known without a route list', () => {
    const fallback = createKnownRoutes(null);
    expect(fallback('/my-account/anything/at/all')).toBe(true);
    expect(fallback('/de/my-account/x')).toBe(true);
    expect(fallback('/elsewhere')).toBe(false);
  });
});
