import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '#src/i18n/url-locale';
import { submitErrorFor } from '#machines/delay-repay';
import { cancelRefusalText } from '#src/copy/passenger-assistance-cancel';
import { editRefusalText } from '#src/copy/edit-passengers';
import { submitErrorWords } from '#routes/-components/delay-repay/delay-repay-copy';
import { refundProblemText } from '#routes/-components/refunds/refund-copy';
import { lifecycleRefusalWords } from '#routes/-components/server-words';
import { m } from '#src/paraglide/messages.js';

/**
 * The refusals of an assistance cancellation, a Delay Repay submit, a new passenger name and a refund
 * quote or request are worded from the catalogue in the page's language by their codes
 * (docs/decisions/641-server-words-as-codes.md, docs/quality/server-sentences.md): the server's
 * English only for a code this app does not know, or an answer with no code.
 */
const source = (path: string) => readFileSync(join(process.cwd(), path), 'utf8');
const fr = JSON.parse(source('messages/fr.json')) as Record<string, string>;
const en = JSON.parse(source('messages/en-GB.json')) as Record<string, string>;
/** Every 4xx code a piece of server source refuses with (`ApiError(4xx, 'CODE'`, `refuse(…, 4xx, 'CODE'`). */
const codesIn = (text: string) =>
  new Set(
    [...text.matchAll(/(?:ApiError\(\s*4\d\d,\s*|refuse\(\s*(?:c,\s*)?4\d\d,\s*)'([A-Z_]+)'/g)].map((m) => m[1] ?? ''),
  );
/** The source of one route handler: from its path to the next route. */
const handler = (text: string, path: string) => {
  const start = text.indexOf(path);
  expect(start, path).toBeGreaterThan(-1);
  const next = text.indexOf('api.', start + path.length);
  return text.slice(start, next === -1 ? undefined : next);
};

/** The source of a top-level function. */
const fn = (text: string, name: string) => {
  const start = text.indexOf(`function ${name}(`);
  expect(start, name).toBeGreaterThan(-1);
  return text.slice(start, text.indexOf('\n}\n', start));
};

// The catalogue picks its locale from the page's path (src/i18n/url-locale.ts): a French page.
let before = '/';
beforeAll(() => {
  before = window.location.pathname;
  window.history.pushState({}, '', '/fr/my-account/bookings');
});
afterAll(() => window.history.pushState({}, '', before));

describe('server sentences in the page’s words', () => {
  it('words an assistance cancellation’s refusals in French, every code the cancel call refuses with', () => {
    const api = source('server/api/passenger-assistance.ts');
    const cancel = handler(api, '/cancel`');
    expect(cancel).toMatch(/assertMayChange\(order\);[\s\S]*assertNotDeparted\(/);
    const codes = [...codesIn(cancel + fn(api, 'assertMayChange') + fn(api, 'assertNotDeparted'))].filter(
      // ALREADY_CANCELLED is the chart's own outcome (the page says it is cancelled), not a refusal.
      (code) => code !== 'ALREADY_CANCELLED',
    );
    expect(codes.sort()).toEqual(['BOOKING_REPLACED', 'JOURNEY_DEPARTED']);
    for (const code of codes) expect(cancelRefusalText({ code, detail: 'English' }), code).not.toBe('English');
    expect(cancelRefusalText({ code: 'JOURNEY_DEPARTED', detail: 'English' })).toBe(
      fr.passenger_assistance_cancel_departed,
    );
    expect(cancelRefusalText({ code: 'BOOKING_REPLACED', detail: 'English' })).toBe(
      fr.passenger_assistance_cancel_replaced,
    );
    expect(fr.passenger_assistance_cancel_departed).not.toBe(en.passenger_assistance_cancel_departed);
    // An unknown code: the server's sentence; no answer: the page's general message.
    expect(cancelRefusalText({ code: 'SOMETHING_NEW', detail: 'Sent by the API' })).toBe('Sent by the API');
    expect(cancelRefusalText({ code: null, detail: null })).toBe(fr.passenger_assistance_cancel_cancel_error);
  });

  it('words a new name’s refusals in French, every code the rename refuses with', () => {
    const rename = handler(source('server/api/booking.ts'), "'/pico/edit-passengers'");
    const codes = [...codesIn(rename)].filter((code) => !['VALIDATION', 'FORBIDDEN'].includes(code));
    expect(codes).toEqual(
      expect.arrayContaining(['BOOKING_REPLACED', 'NOT_ALTERABLE', 'PASSENGER_NOT_ON_BOOKING', 'DUPLICATE_NAME']),
    );
    // DUPLICATE_NAME is tied to the name's fields (src/copy/edit-passengers.ts duplicateName).
    for (const code of codes.filter((c) => c !== 'DUPLICATE_NAME'))
      expect(editRefusalText(code, 'English'), code).not.toBe('English');
    expect(editRefusalText('NOT_ALTERABLE', 'English')).toBe(fr.edit_passengers_not_alterable);
    expect(editRefusalText('BOOKING_REPLACED', 'English')).toBe(fr.edit_passengers_replaced);
    expect(editRefusalText('PASSENGER_NOT_ON_BOOKING', 'English')).toBe(fr.edit_passengers_not_on_booking);
    // The lifecycle's refusals (a refunded or checked-in booking) come from its own table.
    expect(lifecycleRefusalWords('CHECKED_IN')).toBe(fr.lifecycle_refusal_checked_in);
    expect(editRefusalText('SOMETHING_NEW', 'Sent by the API')).toBe('Sent by the API');
    expect(editRefusalText(null, null)).toBe(fr.edit_passengers_generic);
  });

  it('words a Delay Repay submit’s refusals in French', () => {
    const claim = { operator: 'Northern', thresholdMinutes: 15 };
    const words = (status: number, code: string) => submitErrorWords(submitErrorFor(status, 'English', code), claim);
    expect(words(422, 'CLAIM_EXPIRED')).toEqual({
      title: fr.delay_repay_unprocessable,
      detail: fr.delay_repay_refusal_expired,
    });
    expect(words(409, 'CLAIM_NOT_OPEN').detail).toBe(fr.delay_repay_refusal_not_open);
    expect(words(422, 'JOURNEY_NOT_DELAYED').detail).toBe(fr.delay_repay_refusal_not_delayed);
    expect(words(409, 'CLAIM_PUNCHOUT').detail).toBe(
      fr.delay_repay_refusal_punchout?.replace('{operator}', 'Northern'),
    );
    const threshold = { operator: 'Northern', thresholdMinutes: 15 };
    expect(words(422, 'DELAY_BELOW_THRESHOLD').detail).toBe(
      m.delay_repay_copy_pays_delay_repay_for_delays(threshold, { locale: 'fr' }),
    );
    expect(words(422, 'DELAY_BELOW_THRESHOLD').detail).not.toBe(
      m.delay_repay_copy_pays_delay_repay_for_delays(threshold, { locale: 'en-GB' }),
    );
  });

  it('words a refund quote’s and request’s refusals in French, every code their calls refuse with', () => {
    const codes = [
      'server/api/refund-quote.ts',
      'server/api/refund-request.ts',
      'server/domain/refund-quotes.ts',
      'server/domain/refund-requests.ts',
    ].flatMap((path) => [...codesIn(source(path))]);
    expect(codes).toEqual(
      expect.arrayContaining(['QUOTE_USED', 'QUOTE_EXPIRED', 'VALIDATION', 'CARD_NOT_REQUESTED', 'IN_PROGRESS']),
    );
    for (const code of codes)
      expect(refundProblemText({ code, detail: 'English' }, 'General'), code).not.toBe('English');
    const general = 'General';
    expect(refundProblemText({ code: 'QUOTE_EXPIRED', detail: 'English' }, general)).toBe(
      fr.refund_copy_problem_quote_expired,
    );
    expect(refundProblemText({ code: 'QUOTE_USED', detail: 'English' }, general)).toBe(
      fr.refund_copy_problem_quote_used,
    );
    expect(refundProblemText({ code: 'CARD_NOT_REQUESTED', detail: 'English' }, general)).toBe(
      fr.refund_copy_problem_card_not_requested,
    );
    // A malformed request or a card token gone stale says only that it failed: the page's general words.
    expect(refundProblemText({ code: 'VALIDATION', detail: 'English' }, general)).toBe(general);
    expect(refundProblemText({ code: 'INSURANCE_CLAIMED', detail: 'English' }, general)).toBe(
      fr.lifecycle_refusal_insurance_claimed,
    );
    expect(refundProblemText({ code: 'SOMETHING_NEW', detail: 'Sent by the API' }, general)).toBe('Sent by the API');
    expect(refundProblemText({ code: null, detail: null }, general)).toBe(general);
    expect(refundProblemText(null, general)).toBe(general);
  });
});
