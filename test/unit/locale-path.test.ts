import { describe, expect, it } from 'vitest';
import { autonyms, localePrefixes, localeTag, pathInLocale } from '#src/config/locales';

describe('pathInLocale (language picker)', () => {
  it('swaps the prefix and keeps path, search and hash', () => {
    expect(pathInLocale({ pathname: '/de/my-account/bookings/past', search: '?page=2', hash: '#b1' }, 'fr')).toBe(
      '/fr/my-account/bookings/past?page=2#b1',
    );
  });
  it('adds a prefix to an en-GB address and removes it for en-GB', () => {
    expect(pathInLocale({ pathname: '/my-account/personal-details' }, 'zh')).toBe('/zh/my-account/personal-details');
    expect(pathInLocale({ pathname: '/pt-br/my-account/bookings/upcoming', search: '' }, null)).toBe(
      '/my-account/bookings/upcoming',
    );
  });
  it('reads a prefix in any case', () => {
    expect(pathInLocale({ pathname: '/DE-CH/my-account' }, 'it-ch')).toBe('/it-ch/my-account');
  });
});

describe('autonyms (language picker)', () => {
  it('names every locale in itself, each differently', () => {
    const tags = [null, ...localePrefixes].map(localeTag);
    const names = tags.map((tag) => autonyms[tag]);
    expect(names.every((name) => typeof name === 'string' && name.length > 1)).toBe(true);
    expect(new Set(names).size).toBe(tags.length);
    expect(autonyms['de-CH']).toBe('Schweizer Hochdeutsch');
  });
});
