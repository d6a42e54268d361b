import { describe, expect, it } from 'vitest';
import {
  isBlockingReason,
  isRequestableQuote,
  isTermsIneligible,
  problemMessage,
  problemMessageOfEvent,
} from '#machines/lib/refund-rules';
import { ApiError } from '#src/api/errors';
import type { RefundQuote } from '#src/schemas/refunds';

/** docs/product/states.md "Refund": the rules the four refund machines share (machines/lib/refund-rules.ts). */
const quote = (over: Partial<RefundQuote> = {}): RefundQuote => ({
  quoteId: 'Q-1',
  status: 'REFUNDABLE',
  reason: null,
  unprocessableReasons: [],
  partialRefundables: [],
  isPartiallyRefundable: false,
  refundReason: null,
  cancellationDetails: null,
  creditCardForm: null,
  ...over,
});

const http = (over: { detail?: string | null; body?: unknown } = {}) =>
  new ApiError({ kind: 'http', status: 422, codes: [], detail: over.detail ?? null, body: over.body ?? null });

describe('isBlockingReason: a reason blocks the whole quote unless it names some tickets only', () => {
  it('follows the server when it says (blocking true or false), whatever the tickets named', () => {
    expect(isBlockingReason({ reasonCode: 'EXPIRED', blocking: true, refundableIds: ['R1'] })).toBe(true);
    expect(isBlockingReason({ reasonCode: 'EXPIRED', blocking: false })).toBe(false);
  });
  it('without the flag (the retailer API has none): blocking when it names no tickets, not when it names some', () => {
    expect(isBlockingReason({ reasonCode: 'EXPIRED' })).toBe(true);
    expect(isBlockingReason({ reasonCode: 'EXPIRED', refundableIds: ['R1'] })).toBe(false);
  });
});

describe('isRequestableQuote: REFUNDABLE or PARTIALLY_REFUNDABLE, a quote id, no blocking reason', () => {
  it('is true for both requestable statuses with an id', () => {
    expect(isRequestableQuote(quote())).toBe(true);
    expect(isRequestableQuote(quote({ status: 'PARTIALLY_REFUNDABLE' }))).toBe(true);
  });
  it('is false for every other status, even with an id', () => {
    for (const status of [
      'NON_REFUNDABLE',
      'PROCESSING',
      'TRANSFORM_ERROR',
      'INVALID_CREDIT_CARD',
      'POTENTIAL_FRAUD_DETECTED',
    ] as const) {
      expect(isRequestableQuote(quote({ status })), status).toBe(false);
    }
  });
  it('is false without a quote, without an id, or with a blocking reason; a reason for some tickets does not block', () => {
    expect(isRequestableQuote(null)).toBe(false);
    expect(isRequestableQuote(undefined)).toBe(false);
    expect(isRequestableQuote(quote({ quoteId: null }))).toBe(false);
    expect(isRequestableQuote(quote({ unprocessableReasons: [{ reasonCode: 'NOT_ISSUED' }] }))).toBe(false);
    expect(
      isRequestableQuote(quote({ unprocessableReasons: [{ reasonCode: 'NOT_ISSUED', refundableIds: ['R2'] }] })),
    ).toBe(true);
  });
});

describe('isTermsIneligible: NON_REFUNDABLE for terms-and-conditions only', () => {
  it('is true for that pair and false for the other refund types or statuses', () => {
    expect(isTermsIneligible(quote({ status: 'NON_REFUNDABLE', reason: 'terms-and-conditions' }))).toBe(true);
    expect(isTermsIneligible(quote({ status: 'NON_REFUNDABLE', reason: 'discretionary' }))).toBe(false);
    expect(isTermsIneligible(quote({ status: 'REFUNDABLE', reason: 'terms-and-conditions' }))).toBe(false);
    expect(isTermsIneligible(null)).toBe(false);
  });
});

describe('problemMessage: the server\'s words for a failed call, else true (spec: "stores the message or true")', () => {
  it('takes detail first, then the first errors[].message', () => {
    expect(problemMessage(http({ detail: 'Card declined.', body: { errors: [{ message: 'other' }] } }))).toBe(
      'Card declined.',
    );
    expect(problemMessage(http({ body: { errors: [{ message: 'Quote expired.' }, { message: 'second' }] } }))).toBe(
      'Quote expired.',
    );
  });
  it('is true when the server gave no words: no body, no errors, an empty list, a blank or non-string message', () => {
    expect(problemMessage(http())).toBe(true);
    expect(problemMessage(http({ body: {} }))).toBe(true);
    expect(problemMessage(http({ body: { errors: [] } }))).toBe(true);
    expect(problemMessage(http({ body: { errors: [{}] } }))).toBe(true);
    expect(problemMessage(http({ body: { errors: [{ message: '   ' }] } }))).toBe(true);
    expect(problemMessage(http({ body: { errors: [{ message: 42 }] } }))).toBe(true);
  });
  it('keeps the message as the server wrote it (not trimmed)', () => {
    expect(problemMessage(http({ body: { errors: [{ message: ' Quote expired. ' }] } }))).toBe(' Quote expired. ');
  });
  it('is true for what is not an HTTP refusal: a network failure, a schema mismatch, a plain error, nothing', () => {
    expect(problemMessage(new ApiError({ kind: 'network', message: 'offline' }))).toBe(true);
    expect(problemMessage(new ApiError({ kind: 'schema', message: 'bad shape' }))).toBe(true);
    expect(problemMessage(new Error('boom'))).toBe(true);
    expect(problemMessage(undefined)).toBe(true);
    expect(problemMessage(null)).toBe(true);
  });
  it('reads an actor error event, and is true for an event without an error', () => {
    expect(problemMessageOfEvent({ type: 'xstate.error.actor.x', error: http({ detail: 'No.' }) })).toBe('No.');
    expect(problemMessageOfEvent({ type: 'xstate.error.actor.x' })).toBe(true);
  });
});
