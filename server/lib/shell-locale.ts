import { createCatalogueText, SOURCE_LOCALE } from './catalogue.ts';
import { stripLocale } from './known-routes.ts';

/**
 * The shell in the page's language before any script runs: `<html lang>` from the URL's locale
 * prefix (docs/product/overview.md; none means en-GB) and the `<noscript>` text from the message catalogue
 * (key app_noscript, read by ./catalogue.ts), which is all a visitor without JavaScript reads.
 * The client keeps `lang` in step afterwards (src/i18n/url-locale.ts).
 */
const bcp47 = (prefix: string): string => {
  const [lang = prefix, region] = prefix.split('-');
  return region ? `${lang}-${region.toUpperCase()}` : lang;
};

export type ShellLocalizer = (html: string, pathname: string) => string;

export function createShellLocalizer(messagesDir?: string): ShellLocalizer {
  const text = createCatalogueText(messagesDir);
  return (html, pathname) => {
    const { locale } = stripLocale(pathname);
    const tag = locale ? bcp47(locale) : SOURCE_LOCALE;
    const noscript = text(locale, 'app_noscript');
    let out = html.replace(/<html lang="[^"]*"/, `<html lang="${tag}"`);
    if (noscript) out = out.replace(/<noscript>[^<]*<\/noscript>/, `<noscript>${escapeHtml(noscript)}</noscript>`);
    return out;
  };
}

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
