import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../paths.ts';
import { stripLocale } from './known-routes.ts';

/**
 * The shell in the page's language before any script runs: `<html lang>` from the URL's locale
 * prefix (spec section 1; none means en-GB) and the `<noscript>` text from the message catalogue
 * (messages/<locale>.json, key app_noscript), which is all a visitor without JavaScript reads.
 * The client keeps `lang` in step afterwards (src/i18n/url-locale.ts).
 */
const DEFAULT_LOCALE = 'en-GB';

const bcp47 = (prefix: string): string => {
  const [lang = prefix, region] = prefix.split('-');
  return region ? `${lang}-${region.toUpperCase()}` : lang;
};

export type ShellLocalizer = (html: string, pathname: string) => string;

export function createShellLocalizer(messagesDir = join(projectRoot, 'messages')): ShellLocalizer {
  const noscript = new Map<string, string>();
  const textFor = (locale: string): string | null => {
    if (!noscript.has(locale)) {
      try {
        const catalogue = JSON.parse(readFileSync(join(messagesDir, `${locale}.json`), 'utf8')) as Record<string, unknown>;
        const text = catalogue['app_noscript'];
        noscript.set(locale, typeof text === 'string' ? text : '');
      } catch {
        noscript.set(locale, '');
      }
    }
    return noscript.get(locale) || null;
  };
  return (html, pathname) => {
    const { locale } = stripLocale(pathname);
    const file = locale ?? DEFAULT_LOCALE;
    const tag = locale ? bcp47(locale) : DEFAULT_LOCALE;
    const text = textFor(file);
    let out = html.replace(/<html lang="[^"]*"/, `<html lang="${tag}"`);
    if (text) out = out.replace(/<noscript>[^<]*<\/noscript>/, `<noscript>${escapeHtml(text)}</noscript>`);
    return out;
  };
}

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
