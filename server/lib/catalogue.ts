import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../paths.ts';

/**
 * The message catalogue as the local server reads it (messages/<locale>.json, the app's own copy):
 * the shell's noscript text and the emails. The same fallback as the app's: a region variant falls
 * back to its language (de-ch → de), then to the source, en-GB. `null` is en-GB (no URL prefix).
 */
export const SOURCE_LOCALE = 'en-GB';

export type CatalogueText = (locale: string | null, key: string) => string | undefined;

export function createCatalogueText(messagesDir = join(projectRoot, 'messages')): CatalogueText {
  const catalogues = new Map<string, Record<string, unknown>>();
  const catalogue = (locale: string): Record<string, unknown> => {
    let found = catalogues.get(locale);
    if (!found) {
      try {
        found = JSON.parse(readFileSync(join(messagesDir, `${locale}.json`), 'utf8')) as Record<string, unknown>;
      } catch {
        found = {};
      }
      catalogues.set(locale, found);
    }
    return found;
  };
  return (locale, key) => {
    const chain = locale
      ? [locale, ...(locale.includes('-') ? [locale.split('-')[0]!] : []), SOURCE_LOCALE]
      : [SOURCE_LOCALE];
    return chain.map((l) => catalogue(l)[key]).find((t): t is string => typeof t === 'string');
  };
}
