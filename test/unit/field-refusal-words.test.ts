import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldRefusalOf } from '#machines/lib/field-refusal';
import { addressFormMessages } from '#src/copy/address-form';
import { passengerFormMessages } from '#src/copy/passenger-form';
import { personalDetailsMessages } from '#src/copy/personal-details';
import { cardFormMessages } from '#src/copy/refund-card-form';
import { ApiError, readErrorBody } from '#src/api/errors';
import { m } from '#src/paraglide/messages.js';
import { localePrefixes } from '#src/config/locales';
import { catalogueLocale } from '#src/i18n/url-locale';

type Locale = ReturnType<typeof catalogueLocale>;
/** The catalogue's 17 locales: en-GB, the source, has no URL prefix (decision 210). */
const locales: Locale[] = [null, ...localePrefixes].map(catalogueLocale);
const baseLocale = catalogueLocale(null);

/**
 * A server refusal about one field is worded by its code from the catalogue in the page's language
 * (docs/decisions/883-field-refusals-by-code.md, docs/quality/server-sentences.md): every code the
 * local server refuses a form's field with, on every screen that ties one to its field; the server's
 * sentence only for a code this app does not know.
 */
const source = (path: string) => readFileSync(join(process.cwd(), path), 'utf8');
/** The 422 codes a piece of server source refuses with (`ApiError(422, 'CODE'`). */
const codesIn = (text: string) => [...text.matchAll(/ApiError\(\s*422,\s*'([A-Z_]+)'/g)].map((found) => found[1]);

/** The server's answer as the app's client reads it (src/api/client.ts), as the chart's failed call. */
const refusedWith = (code: string, message: string) => {
  const body = { errors: [{ code, message }] };
  const { codes, detail } = readErrorBody(body);
  return { type: 'xstate.error.actor.save', error: new ApiError({ kind: 'http', status: 422, codes, detail, body }) };
};

/** Each screen that ties a refusal to its field: its chart's fields, and its copy. */
const forms = {
  address: {
    fields: ['nickName', 'line1', 'line2', 'line3', 'line4', 'line5', 'postCode'] as const,
    byCode: {},
    words: (r: never) => addressFormMessages.refusal(r),
  },
  passenger: {
    fields: ['firstName', 'lastName', 'nickName'] as const,
    byCode: {},
    words: (r: never) => passengerFormMessages.refusal(r),
  },
  personalDetails: {
    fields: ['firstName', 'lastName'] as const,
    byCode: {},
    words: (r: never) => personalDetailsMessages.refusal(r),
  },
  card: {
    fields: ['number', 'expiry'] as const,
    byCode: { CARD_INVALID: 'number', CARD_EXPIRED: 'expiry' } as const,
    words: (r: never) => cardFormMessages.refusal(r),
  },
};

/** What each form's calls refuse a field with, and the catalogue's words for it. */
const cases: { form: keyof typeof forms; code: string; field: string; words: (locale: Locale) => string }[] = [
  ...(
    [
      ['address', 'line1'],
      ['passenger', 'lastName'],
      ['personalDetails', 'firstName'],
    ] as const
  ).map(([form, field]) => ({
    form,
    code: 'INVALID_CHARACTERS',
    field,
    words: (locale: Locale) => m.field_refusal_invalid_characters({}, { locale }),
  })),
  {
    form: 'card',
    code: 'CARD_INVALID',
    field: 'number',
    words: (locale) => m.form_card_form_number_invalid({}, { locale }),
  },
  {
    form: 'card',
    code: 'CARD_EXPIRED',
    field: 'expiry',
    words: (locale) => m.form_card_form_expiry_past({}, { locale }),
  },
];

const pageIn = (locale: Locale) =>
  window.history.pushState({}, '', locale === baseLocale ? '/my-account/addresses' : `/${locale}/my-account/addresses`);
let before = '/';
beforeAll(() => {
  before = window.location.pathname;
});
afterAll(() => window.history.pushState({}, '', before));

describe('field refusals in the page’s words', () => {
  it('knows every code the local server refuses these forms’ fields with', () => {
    // The text rule's code, for the bodies that carry text (server/lib/text-rules.ts readCleanBody).
    expect(source('server/lib/text-rules.ts')).toContain("export const TEXT_INVALID = 'INVALID_CHARACTERS';");
    for (const path of ['server/api/addresses.ts', 'server/api/passengers.ts', 'server/api/customer-profile.ts'])
      expect(source(path), path).toContain('readCleanBody(');
    expect(codesIn(source('server/api/refund-cards.ts')).sort()).toEqual(['CARD_EXPIRED', 'CARD_INVALID']);
  });

  it('words each of them from the catalogue in all 17 locales, never in the server’s English', () => {
    expect(locales).toHaveLength(17);
    for (const locale of locales) {
      pageIn(locale);
      for (const { form, code, field, words } of cases) {
        const { fields, byCode, words: copy } = forms[form];
        const english = 'The server’s English sentence';
        const refusal = fieldRefusalOf(refusedWith(code, `${field}: ${english}`), fields, byCode);
        expect(refusal, `${form} ${code}`).toEqual({ field, code, message: english });
        expect(copy(refusal as never), `${locale} ${form} ${code}`).toBe(words(locale));
      }
    }
    pageIn('fr');
    expect(passengerFormMessages.refusal({ field: 'lastName', code: 'INVALID_CHARACTERS', message: 'x' })).toBe(
      'Ce champ contient un caractère invisible que nous ne pouvons pas enregistrer. Veuillez le supprimer et saisir à nouveau le texte.',
    );
    expect(m.field_refusal_invalid_characters({}, { locale: 'fr' })).not.toBe(
      m.field_refusal_invalid_characters({}, { locale: 'en-GB' }),
    );
  });

  it('shows the server’s sentence only for a code it does not know, else the field’s own rule', () => {
    pageIn('de');
    const unknown = { field: 'number' as const, code: 'CARD_NEW_RULE', message: 'Sent by the API' };
    expect(cardFormMessages.refusal(unknown)).toBe('Sent by the API');
    expect(cardFormMessages.refusal({ ...unknown, message: null })).toBe(
      m.form_card_form_number_invalid({}, { locale: 'de' }),
    );
    expect(personalDetailsMessages.refusal({ field: 'lastName', code: 'NEW', message: null })).toBe(
      m.form_last_name_invalid({}, { locale: 'de' }),
    );
    expect(passengerFormMessages.refusal({ field: 'nickName', code: 'NEW', message: null })).toBe(
      m.form_passengers_nick_name_invalid({}, { locale: 'de' }),
    );
    expect(addressFormMessages.refusal({ field: 'line2', code: 'NEW', message: null })).toBe(
      m.form_addresses_control_character({}, { locale: 'de' }),
    );
  });
});
