import { describe, expect, it } from 'vitest';
import { fieldRefusalOf, INVALID_CHARACTERS } from '#machines/lib/field-refusal';

/**
 * Which field a server refusal is about (decision 670): the text rule's 422 names its field before a
 * colon (server/lib/text-rules.ts, `{field}: {message}`); other codes are mapped by the form. Only
 * the form's own fields count; anything else is the form's message above the fields.
 */
const fields = ['nickName', 'line1', 'postCode'] as const;
const refused = (message: unknown, status = 422, code: string | null = INVALID_CHARACTERS) => ({
  type: 'xstate.error.actor.save',
  error: { status, code, body: { errors: [{ code, message }] } },
});

describe('fieldRefusalOf: the text rule names its field', () => {
  it('reads the field before the colon, whichever of the form’s fields it is', () => {
    expect(fieldRefusalOf(refused('line1: Use letters, numbers and common punctuation.'), fields)).toEqual({
      field: 'line1',
      code: INVALID_CHARACTERS,
      message: 'Use letters, numbers and common punctuation.',
    });
    expect(fieldRefusalOf(refused('postCode: Use letters, numbers and common punctuation.'), fields)).toEqual({
      field: 'postCode',
      code: INVALID_CHARACTERS,
      message: 'Use letters, numbers and common punctuation.',
    });
  });

  it('keeps the server’s sentence without the field’s name, for a code the screen does not word (decision 883)', () => {
    expect(fieldRefusalOf(refused('  line1  : not allowed '), fields)?.message).toBe('not allowed');
    expect(fieldRefusalOf(refused('line1:'), fields)?.message).toBeNull();
    // A `detail` is the server's sentence first.
    const withDetail = {
      type: 'e',
      error: { status: 422, code: INVALID_CHARACTERS, detail: 'In words', body: { errors: [{ message: 'line1: x' }] } },
    };
    expect(fieldRefusalOf(withDetail, fields)).toEqual({
      field: 'line1',
      code: INVALID_CHARACTERS,
      message: 'In words',
    });
  });

  it('allows white space around the name, but the name must open the message', () => {
    expect(fieldRefusalOf(refused('  line1  : not allowed'), fields)?.field).toBe('line1');
    expect(fieldRefusalOf(refused('line1 : not allowed'), fields)?.field).toBe('line1');
    // A name later in the sentence is not the field the refusal is about.
    expect(fieldRefusalOf(refused('Check the value of line1: not allowed'), fields)).toBeNull();
    expect(fieldRefusalOf(refused('line1 has characters we cannot print'), fields)).toBeNull();
  });

  it('leaves a field the form does not have to the form’s message', () => {
    expect(fieldRefusalOf(refused('lastName: not allowed'), fields)).toBeNull();
    expect(fieldRefusalOf(refused('line1: not allowed'), ['nickName'] as const)).toBeNull();
  });

  it('reads only a message that is a string, in a list of errors', () => {
    expect(fieldRefusalOf(refused(['line1: not allowed']), fields)).toBeNull();
    expect(fieldRefusalOf(refused(undefined), fields)).toBeNull();
    const noList = { type: 'e', error: { status: 422, code: INVALID_CHARACTERS, body: { errors: 'line1: x' } } };
    expect(fieldRefusalOf(noList, fields)).toBeNull();
    const emptyList = { type: 'e', error: { status: 422, code: INVALID_CHARACTERS, body: { errors: [] } } };
    expect(fieldRefusalOf(emptyList, fields)).toBeNull();
    for (const body of [null, undefined]) {
      expect(fieldRefusalOf({ type: 'e', error: { status: 422, code: INVALID_CHARACTERS, body } }, fields)).toBeNull();
    }
  });
});

describe('fieldRefusalOf: other codes, mapped by the form', () => {
  const card = ['number', 'expiry'] as const;
  const byCode = { CARD_INVALID: 'number', CARD_EXPIRED: 'expiry', CARD_DECLINED: 'cvc' } as const;

  it('gives a mapped code its field, whatever the message says', () => {
    expect(fieldRefusalOf(refused('expiry: no', 422, 'CARD_INVALID'), card, byCode)).toEqual({
      field: 'number',
      code: 'CARD_INVALID',
      message: 'no',
    });
    expect(fieldRefusalOf(refused(undefined, 422, 'CARD_EXPIRED'), card, byCode)).toEqual({
      field: 'expiry',
      code: 'CARD_EXPIRED',
      message: null,
    });
  });

  it('is about no field for a code it does not map, or maps to a field the form lacks', () => {
    expect(fieldRefusalOf(refused('number: no', 422, 'CARD_UNKNOWN'), card, byCode)).toBeNull();
    expect(fieldRefusalOf(refused(undefined, 422, 'CARD_DECLINED'), card, byCode)).toBeNull();
    // Without a map, only the text rule names a field.
    expect(fieldRefusalOf(refused('number: no', 422, 'CARD_INVALID'), card)).toBeNull();
  });

  it('is about no field when there was no HTTP refusal with a code', () => {
    // Too many attempts: the 429 is the form's, even with a code the form maps.
    const throttled = {
      type: 'e',
      error: { problem: { kind: 'throttled', status: 429, codes: ['CARD_INVALID'], retryAfterSeconds: 60 } },
    };
    expect(fieldRefusalOf(throttled, card, byCode)).toBeNull();
    expect(fieldRefusalOf(refused('number: no', 422, null), card, byCode)).toBeNull();
    expect(fieldRefusalOf({ type: 'e', error: new Error('offline') }, card, byCode)).toBeNull();
  });
});
