import { createCatalogueText, SOURCE_LOCALE } from './catalogue.ts';
import { LOCALES } from './known-routes.ts';

/**
 * The emails the local server "sends" (log lines, the outbox) in the customer's language.
 * The app tells the server which language the customer reads: its API client sends the page's
 * locale as Accept-Language (src/api/client.ts). The link keeps that locale's URL prefix, and the
 * subject and body come from the message catalogue (keys email_*, read by ./catalogue.ts).
 */

/** The URL prefix for an Accept-Language header: the first tag the app has a locale for; null is en-GB. */
export function emailLocale(acceptLanguage: string | undefined): string | null {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase() ?? '';
    if (!tag || tag === '*') continue;
    if (tag === 'en-gb' || tag === 'en') return null;
    if ((LOCALES as readonly string[]).includes(tag)) return tag;
    const language = tag.split('-')[0] ?? '';
    if (language === 'en') return tag === 'en-us' ? 'en-us' : null;
    if ((LOCALES as readonly string[]).includes(language)) return language;
  }
  return null;
}

export type EmailCopy = (locale: string | null, key: string, params: Record<string, string>) => string;

export function createEmailCopy(messagesDir?: string): EmailCopy {
  const text = createCatalogueText(messagesDir);
  return (locale, key, params) => {
    const found = text(locale, key);
    if (found === undefined) throw new Error(`email copy ${key} is missing from messages/${SOURCE_LOCALE}.json`);
    return found.replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);
  };
}

/** An address in the app, in the customer's locale: /{prefix}/my-account/... or /my-account/... */
export const appLink = (origin: string, locale: string | null, path: string): string =>
  `${origin}${locale ? `/${locale}` : ''}/my-account${path}`;
