import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from '#src/redirect';
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
