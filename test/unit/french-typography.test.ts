import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * French typography in the French catalogues: a narrow no-break space (U+202F) before a colon,
 * semicolon, exclamation or question mark that ends a phrase ("Motif : …", "Enregistré !"), so
 * the mark never starts a line and is not glued to its word ("traitement: Nous").
 */
const texts = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : Array.isArray(value)
      ? value.flatMap(texts)
      : value && typeof value === 'object'
        ? Object.entries(value).flatMap(([key, v]) => (key === 'declarations' || key === 'selectors' ? [] : texts(v)))
        : [];

describe.each(['fr', 'fr-ch'])('French typography in messages/%s.json', (locale) => {
  const catalogue = JSON.parse(readFileSync(join(process.cwd(), 'messages', `${locale}.json`), 'utf8')) as Record<
    string,
    unknown
  >;

  it('puts a narrow no-break space before : ; ! ? that end a phrase', () => {
    const wrong = Object.entries(catalogue)
      .filter(([key]) => key !== '$schema')
      .flatMap(([key, value]) =>
        texts(value)
          .filter((t) => /(^|[^\u202f!?])[:;!?](?=[\s»)"\u201d{]|$)/.test(t))
          .map((t) => `${key}: ${t}`),
      );
    expect(wrong).toEqual([]);
  });

  it('leaves times, addresses and links alone', () => {
    const all = Object.values(catalogue).flatMap(texts).join('\n');
    expect(all).not.toMatch(/\d\u202f:\d/);
    expect(all).not.toMatch(/https?\u202f:/);
  });
});
