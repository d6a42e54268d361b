import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Compares every locale's catalogue (messages/<locale>.json) with the source locale's (en-GB):
 * keys it lacks, keys en-GB does not have, and messages whose placeholders differ. Used by
 * `npm run i18n:check` and by test/unit/catalogue.test.ts (decision 210).
 */

/** A message as the inlang message format stores it: a string, or variants (plurals). */
type StoredMessage = string | { declarations?: string[]; selectors?: string[]; match?: Record<string, string> }[];

export interface LocaleReport {
  locale: string;
  file: string;
  fileMissing: boolean;
  missing: string[];
  extra: string[];
  /** key: what en-GB has vs what the locale has. */
  placeholderMismatches: { key: string; expected: string[]; actual: string[] }[];
}

const placeholdersIn = (text: string): string[] =>
  [...text.matchAll(/(?<!\\)\{\s*([A-Za-z_][\w]*)\s*\}/g)].map((m) => m[1]!);

/**
 * The inputs a message needs, as a sorted list: `{name}` in a plain string; for variants, the
 * declared `input` names plus any `{name}` a variant uses that is not a declared `local`.
 */
export const messageInputs = (message: StoredMessage): string[] => {
  const names = new Set<string>();
  if (typeof message === 'string') {
    for (const p of placeholdersIn(message)) names.add(p);
  } else {
    for (const variant of message) {
      const locals = new Set<string>();
      for (const d of variant.declarations ?? []) {
        const input = /^input\s+(\w+)/.exec(d);
        if (input) names.add(input[1]!);
        const local = /^local\s+(\w+)\s*=\s*(\w+)/.exec(d);
        if (local) {
          locals.add(local[1]!);
          names.add(local[2]!);
        }
      }
      for (const text of Object.values(variant.match ?? {})) {
        for (const p of placeholdersIn(text)) if (!locals.has(p)) names.add(p);
      }
    }
  }
  return [...names].sort();
};

const readCatalogue = (file: string): Record<string, StoredMessage> => {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as Record<string, StoredMessage>;
  delete parsed.$schema;
  return parsed;
};

export interface ProjectSettings {
  baseLocale: string;
  locales: string[];
}

export const readSettings = (root: string): ProjectSettings =>
  JSON.parse(readFileSync(join(root, 'project.inlang/settings.json'), 'utf8')) as ProjectSettings;

export const checkCatalogues = (root: string): LocaleReport[] => {
  const settings = readSettings(root);
  const source = readCatalogue(join(root, 'messages', `${settings.baseLocale}.json`));
  const sourceKeys = Object.keys(source);
  return settings.locales
    .filter((locale) => locale !== settings.baseLocale)
    .map((locale) => {
      const file = join('messages', `${locale}.json`);
      const fileMissing = !existsSync(join(root, file));
      const target = fileMissing ? {} : readCatalogue(join(root, file));
      const report: LocaleReport = { locale, file, fileMissing, missing: [], extra: [], placeholderMismatches: [] };
      for (const key of sourceKeys) {
        if (!(key in target)) {
          report.missing.push(key);
          continue;
        }
        const expected = messageInputs(source[key]!);
        const actual = messageInputs(target[key]!);
        if (expected.join() !== actual.join()) report.placeholderMismatches.push({ key, expected, actual });
      }
      for (const key of Object.keys(target)) if (!(key in source)) report.extra.push(key);
      return report;
    });
};

export const reportIsClean = (r: LocaleReport) =>
  !r.fileMissing && !r.missing.length && !r.extra.length && !r.placeholderMismatches.length;
