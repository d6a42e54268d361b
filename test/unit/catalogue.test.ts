import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkCatalogues, messageInputs, readSettings } from '#scripts/i18n/catalogue-check';

// Vitest runs from the project root (vitest.config.ts).
const root = process.cwd();

describe('message catalogue (decision 210)', () => {
  it('has en-GB as its source and the 16 URL prefixes as its other locales', () => {
    const settings = readSettings(root);
    expect(settings.baseLocale).toBe('en-GB');
    expect(settings.locales).toHaveLength(17);
  });

  // Fails while any locale lacks a message en-GB has, has one en-GB lacks, or changes a message's
  // placeholders: run `npm run i18n:check` for the list.
  for (const report of checkCatalogues(root)) {
    it(`${report.locale} has exactly en-GB's messages with the same placeholders`, () => {
      expect({
        fileMissing: report.fileMissing,
        missing: report.missing,
        extra: report.extra,
        placeholders: report.placeholderMismatches,
      }).toEqual({
        fileMissing: false,
        missing: [],
        extra: [],
        placeholders: [],
      });
    });
  }
});

describe('catalogue check', () => {
  const fixture = (catalogues: Record<string, object>) => {
    const dir = mkdtempSync(join(tmpdir(), 'catalogue-'));
    mkdirSync(join(dir, 'project.inlang'));
    mkdirSync(join(dir, 'messages'));
    writeFileSync(
      join(dir, 'project.inlang/settings.json'),
      JSON.stringify({ baseLocale: 'en-GB', locales: Object.keys(catalogues) }),
    );
    for (const [locale, messages] of Object.entries(catalogues))
      writeFileSync(join(dir, 'messages', `${locale}.json`), JSON.stringify(messages));
    return dir;
  };
  const plural = (one: string, other: string) => [
    {
      declarations: ['input count', 'local countPlural = count: plural'],
      selectors: ['countPlural'],
      match: { 'countPlural=one': one, 'countPlural=other': other },
    },
  ];

  it('reports missing and extra keys and placeholder mismatches', () => {
    const dir = fixture({
      'en-GB': { $schema: 'x', a: 'Hello {name}', b: 'Bye', c: plural('{count} booking', '{count} bookings') },
      de: { $schema: 'x', a: 'Hallo {nam}', c: plural('{count} Buchung', '{count} Buchungen'), d: 'Extra' },
    });
    expect(checkCatalogues(dir)).toEqual([
      {
        locale: 'de',
        file: join('messages', 'de.json'),
        fileMissing: false,
        missing: ['b'],
        extra: ['d'],
        placeholderMismatches: [{ key: 'a', expected: ['name'], actual: ['nam'] }],
      },
    ]);
  });

  it('reads the inputs of plain, plural and plain-vs-plural messages alike', () => {
    expect(messageInputs('{a} and {b} and {a}')).toEqual(['a', 'b']);
    expect(messageInputs(plural('{count} booking', '{count} bookings'))).toEqual(['count']);
    expect(messageInputs(plural('one', 'many'))).toEqual(['count']);
    expect(messageInputs('Kein Platzhalter')).toEqual([]);
  });
});
