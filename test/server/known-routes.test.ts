import { describe, expect, it } from 'vitest';
import {
  appPath,
  createKnownRoutes,
  parseFullPaths,
  routePattern,
  stripLocale,
} from '../../server/lib/known-routes.ts';

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
  const isKnown = createKnownRoutes(fakeTree);

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

  it('treats all of /my-account as known without a tree', () => {
    const fallback = createKnownRoutes(null);
    expect(fallback('/my-account/anything/at/all')).toBe(true);
    expect(fallback('/de/my-account/x')).toBe(true);
    expect(fallback('/elsewhere')).toBe(false);
  });
});
