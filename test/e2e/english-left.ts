import { existsSync, readFileSync } from 'node:fs';

/**
 * English source copy left on a screen of another locale: the en-GB catalogue's texts
 * (messages/en-GB.json) that the locale translates, looked for in what the screen shows. A source
 * text the locale keeps unchanged on purpose (a proper noun such as "Delay Repay") is not English
 * left behind, so only texts the locale's catalogue translates are looked for, and only the pieces
 * of them its translation does not keep.
 */
type Stored = string | { match?: Record<string, string> }[];
const read = (locale: string): Record<string, Stored> => {
  const file = `messages/${locale}.json`;
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, Stored>) : {};
};
export const texts = (message: Stored | undefined): string[] =>
  message === undefined
    ? []
    : typeof message === 'string'
      ? [message]
      : message.flatMap((v) => Object.values(v.match ?? {}));
/** The literal runs of a message between its placeholders, long enough to be unmistakable copy. */
const fragments = (text: string) =>
  text
    .split(/\{[^}]*\}/)
    .map((s) => s.trim())
    .filter((s) => s.split(/\s+/).length >= 2 || s.length >= 8);

const source = read('en-GB');
/** The locale's catalogue with Paraglide's fallback (fr-ch → fr); en-GB is the last resort. */
export const catalogueFor = (locale: string): Record<string, Stored> => {
  const parent = locale.includes('-') ? read(locale.split('-')[0]!) : {};
  return { ...parent, ...read(locale) };
};

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** `piece` in `text` as whole words (not inside a longer word). */
export const containsWords = (text: string, piece: string): boolean =>
  new RegExp(`(^|[^\\p{L}])${escape(piece)}($|[^\\p{L}])`, 'u').test(text);

/** en-GB texts this locale translates found in `onScreen`, as `key: fragment`. */
export const englishLeftIn = (locale: string, onScreen: string): string[] => {
  const target = catalogueFor(locale);
  const found = new Set<string>();
  for (const [key, message] of Object.entries(source)) {
    if (key === '$schema') continue;
    const translated = texts(target[key]);
    for (const text of texts(message)) {
      if (translated.includes(text)) continue;
      // A piece the translation keeps too ("minutes." in French) is that language's word as well.
      for (const piece of fragments(text))
        if (!translated.some((t) => t.includes(piece)) && containsWords(onScreen, piece)) found.add(`${key}: ${piece}`);
    }
  }
  return [...found];
};
