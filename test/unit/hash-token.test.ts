import { describe, expect, it, vi } from 'vitest';
import { createTokenStore, parseHashToken, takeHashTokenFromLocation } from '#src/hash-token';

describe('URL hash token (docs/product/hosting.md guests)', () => {
  it('parses #token= and bare tokens', () => {
    expect(parseHashToken('#token=abc12345')).toBe('abc12345');
    expect(parseHashToken('#foo=1&token=xyz98765')).toBe('xyz98765');
    expect(parseHashToken('#abcdefgh12')).toBe('abcdefgh12');
    expect(parseHashToken('')).toBeNull();
    expect(parseHashToken('#')).toBeNull();
    expect(parseHashToken('#short')).toBeNull();
    expect(parseHashToken('#<script>')).toBeNull();
  });

  it('removes the token from the address bar with replaceState', () => {
    const replaceState = vi.fn();
    const token = takeHashTokenFromLocation(
      { hash: '#token=secret-token-1', pathname: '/my-account/order-token/b1', search: '?a=1' },
      { replaceState, state: { key: 'k' } },
    );
    expect(token).toBe('secret-token-1');
    expect(replaceState).toHaveBeenCalledWith({ key: 'k' }, '', '/my-account/order-token/b1?a=1');
  });

  it('leaves the address bar alone when there is no token', () => {
    const replaceState = vi.fn();
    expect(
      takeHashTokenFromLocation({ hash: '', pathname: '/my-account/', search: '' }, { replaceState, state: null }),
    ).toBeNull();
    expect(replaceState).not.toHaveBeenCalled();
  });

  it('is taken once', () => {
    const store = createTokenStore('t');
    expect(store.peek()).toBe('t');
    expect(store.take()).toBe('t');
    expect(store.take()).toBeNull();
  });
});
