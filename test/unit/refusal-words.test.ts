import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lifecycleReasons } from '#machines/booking-lifecycle';
import { changeRefusalWords, refusalText } from '#routes/-components/journey-change/change-words';
import { claimFormWords, submitErrorTitle, submitErrorWords } from '#routes/-components/delay-repay/delay-repay-copy';
import { cancelledBecauseText } from '#routes/-components/passenger-assistance/assistance-summary';
import { lifecycleRefusalWords } from '#routes/-components/server-words';
import { submitErrorFor } from '#machines/delay-repay';

/**
 * The refusals of a change of journey and of a Delay Repay submit, and why assistance ended, are
 * worded from the catalogue by their codes (docs/decisions/641-server-words-as-codes.md); the
 * server's sentence is shown only for a code this app does not know.
 */
const source = (path: string) => readFileSync(join(process.cwd(), path), 'utf8');
/** Every code a source file refuses with: `ApiError(4xx, 'CODE'`, `refuse(c, 4xx, 'CODE'` and `{ code: 'CODE'`. */
const codesIn = (text: string) =>
  new Set(
    [...text.matchAll(/(?:ApiError\(\s*4\d\d,\s*|refuse\(\s*c,\s*4\d\d,\s*|code:\s*)'([A-Z_]+)'/g)].map(
      (match) => match[1] ?? '',
    ),
  );
/** Codes answered with a screen of their own, not a sentence: validation, access, a moved price, an already made claim. */
const notSentences = new Set(['VALIDATION', 'FORBIDDEN', 'UNAUTHORISED', 'PRICE_CHANGED']);

describe('refusal words', () => {
  it('words every refusal a change of journey can answer, and every lifecycle reason', () => {
    // The direction refusals (server/domain/journey-change.ts ChangeRefusal) and the lifecycle's reasons.
    const directions =
      /export type ChangeRefusal =\s*([^;]+);/
        .exec(source('server/domain/journey-change.ts'))?.[1]
        ?.match(/[A-Z_]+/g) ?? [];
    expect(directions.length).toBeGreaterThan(5);
    const codes = [
      ...['server/api/journey-change.ts', 'server/domain/journey-change.ts', 'server/domain/journey-change-store.ts']
        .map(source)
        .flatMap((text) => [...codesIn(text)]),
      ...directions,
      ...lifecycleReasons,
    ];
    expect(codes).toEqual(expect.arrayContaining(['TRAIN_FULL', 'QUOTE_EXPIRED', 'CARD_EXPIRED', 'ALREADY_CHANGED']));
    const unworded = codes.filter((code) => !notSentences.has(code) && changeRefusalWords(code) === null);
    expect(unworded).toEqual([]);
    expect(lifecycleReasons.filter((code) => lifecycleRefusalWords(code) === null)).toEqual([]);
    expect(refusalText('TRAIN_FULL', 'English from the server')).toBe('This train is full: choose another.');
    expect(refusalText('INSURANCE_CLAIMED', 'English')).toBe(
      'An insurance claim has paid for this trip: its tickets are cancelled.',
    );
    // An unknown code, or none: the server's sentence.
    expect(refusalText('SOMETHING_NEW', 'Sent by the API')).toBe('Sent by the API');
    expect(refusalText(null, 'Sent by the API')).toBe('Sent by the API');
  });

  it('words every Delay Repay submit refusal, with the claim’s operator and threshold', () => {
    const claim = { operator: 'Northern', thresholdMinutes: 15 };
    const codes = [...codesIn(source('server/api/delay-repay.ts'))].filter((code) => !notSentences.has(code));
    expect(codes).toEqual(
      expect.arrayContaining([
        'CLAIM_PUNCHOUT',
        'CLAIM_EXPIRED',
        'CLAIM_NOT_OPEN',
        'JOURNEY_NOT_DELAYED',
        'DELAY_BELOW_THRESHOLD',
      ]),
    );
    for (const code of codes) {
      const words = submitErrorWords(
        submitErrorFor(code === 'CLAIM_PUNCHOUT' || code === 'CLAIM_NOT_OPEN' ? 409 : 422, 'English', code),
        claim,
      );
      expect(words.detail, code).not.toBe('English');
    }
    expect(submitErrorWords(submitErrorFor(422, 'English', 'DELAY_BELOW_THRESHOLD'), claim)).toEqual({
      title: "Sorry! We couldn't process your claim",
      detail: 'Northern pays Delay Repay for delays of 15 minutes or more.',
    });
    // The booking's lifecycle refused it since the page was opened: why, under "can't be claimed".
    expect(submitErrorWords(submitErrorFor(409, null, 'INSURANCE_CLAIMED'), claim)).toEqual({
      title: "Delay Repay can't be claimed for this journey",
      detail: "An insurance claim has already paid for this trip, so Delay Repay can't pay for it again.",
    });
    expect(submitErrorWords(submitErrorFor(409, null, 'NOT_TRAVELLED'), claim).detail).toBe(
      'Delay Repay can be claimed only after the journey.',
    );
    // Words that need data the API did not send, or an unknown code: the server's sentence.
    expect(submitErrorWords(submitErrorFor(422, 'English', 'DELAY_BELOW_THRESHOLD'), { operator: null }).detail).toBe(
      'English',
    );
    expect(submitErrorWords(submitErrorFor(422, 'English', 'NEW_CODE'), claim).detail).toBe('English');
  });

  it('titles a Delay Repay submit refusal with the spec’s words, and words each claim form problem', () => {
    // docs/product/errors.md: 422 is the customer's 'Sorry! …'; anything else 'There was a problem …'.
    expect(submitErrorTitle(submitErrorFor(422, null))).toBe("Sorry! We couldn't process your claim");
    for (const status of [400, 409, 500, null]) {
      expect(submitErrorTitle(submitErrorFor(status, null))).toBe(
        'There was a problem with your claim. Please check your details and try again.',
      );
    }
    expect(Object.fromEntries(Object.entries(claimFormWords).map(([issue, words]) => [issue, words()]))).toEqual({
      direction: 'Please choose the journey that was delayed',
      delayRequired: 'Please enter how many minutes late you arrived',
      delayInvalid: 'Please enter the delay in whole minutes, e.g. 35',
      paymentType: "Please choose how you'd like to be paid",
      sortCode: 'Please enter a 6-digit sort code, e.g. 40-12-34',
      accountNumber: 'Please enter an 8-digit account number',
    });
  });

  it('says why assistance ended with its tickets, and nothing for one the customer cancelled', () => {
    const item = { id: 'a', passengerId: 'p', direction: 'outward' as const, kinds: ['ramp' as const] };
    expect(cancelledBecauseText({ ...item, status: 'cancelled', cancelledBecause: 'refunded' })).toMatch(
      /^Cancelled with its tickets, which were refunded/,
    );
    expect(cancelledBecauseText({ ...item, status: 'cancelled', cancelledBecause: 'insurance-claimed' })).toMatch(
      /insurance claim cancelled/,
    );
    expect(cancelledBecauseText({ ...item, status: 'cancelled' })).toBeNull();
    expect(cancelledBecauseText({ ...item, status: 'cancelled', cancelledBecause: 'something-new' })).toBeNull();
    expect(cancelledBecauseText({ ...item, status: 'booked', cancelledBecause: 'refunded' })).toBeNull();
  });

  it('has these words in French and German, not English', () => {
    const read = (locale: string) => JSON.parse(source(`messages/${locale}.json`)) as Record<string, unknown>;
    const en = read('en-GB');
    const keys = Object.keys(en).filter((k) =>
      /^(journey_change_refusal_|lifecycle_refusal_|delay_repay_refusal_|passenger_assistance_cancelled_because_)/.test(
        k,
      ),
    );
    expect(keys.length).toBeGreaterThan(35);
    for (const locale of ['fr', 'de']) {
      const other = read(locale);
      expect(
        keys.filter((k) => other[k] === undefined || other[k] === en[k]),
        locale,
      ).toEqual([]);
    }
  });
});
