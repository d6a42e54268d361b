import { describe, expect, it } from 'vitest';
import { safeRedirectPath, signInReturn } from '#src/redirect';
import { localeFromPath } from '#src/config/locales';

describe('safeRedirectPath: only same-origin paths under /my-account', () => {
  it.each([
    ['/bookings/past', '/bookings/past'],
    ['/bookings/abc/history?x=1', '/bookings/abc/history?x=1'],
    ['/my-account/personal-details', '/personal-details'],
    ['/de/my-account/address-book', '/address-book'],
  ])('keeps %s', (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });

  it.each([
    'https://evil.example/my-account/bookings',
    '//evil.example/bookings',
    '/\\evil.example',
    'javascript:alert(1)',
    'bookings',
    '',
    undefined,
    42,
    '/login',
    '/logout',
    '/redirect?to=//evil.example',
    '/%0d%0aSet-Cookie',
  ])('rejects %s', (input) => {
    const out = safeRedirectPath(input);
    expect(out.startsWith('/')).toBe(true);
    expect(out.startsWith('//')).toBe(false);
    if (input !== '/%0d%0aSet-Cookie') expect(out).toBe('/bookings/upcoming');
  });
});

describe('locale prefixes', () => {
  it('has no prefix for en-GB', () => {
    expect(localeFromPath('/my-account/bookings')).toEqual({ prefix: null, tag: 'en-GB', basepath: '/my-account' });
  });
  it('reads de and pt-br', () => {
    expect(localeFromPath('/de/my-account/bookings')).toEqual({ prefix: 'de', tag: 'de', basepath: '/de/my-account' });
    expect(localeFromPath('/pt-br/my-account/')).toMatchObject({ tag: 'pt-BR', basepath: '/pt-br/my-account' });
  });
  it('ignores a first segment that is not a locale', () => {
    expect(localeFromPath('/xx/my-account').prefix).toBeNull();
  });
});

describe('signInReturn: a "Sign in" link comes back to the page it was on', () => {
  it('carries the page, a guest booking included, and nothing from the sign-in pages or elsewhere', () => {
    expect(signInReturn('/order-token/b-123')).toBe('/order-token/b-123');
    expect(signInReturn('/order-token/b-123/history?from=detail')).toBe('/order-token/b-123/history?from=detail');
    expect(signInReturn('/claims/c-1')).toBe('/claims/c-1');
    for (const page of [
      '/login',
      '/register',
      '/logout',
      '//evil.example/x',
      'https://evil.example/my-account/bookings',
      '/',
    ])
      expect(signInReturn(page), page).toBeUndefined();
  });
});
