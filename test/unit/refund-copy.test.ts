import { describe, expect, it } from 'vitest';
import { disruptionMayRefund } from '#machines/lib/refund-rules';
import {
  ineligibilityCopy,
  ineligibilityNextStep,
  itemGroupCopy,
  refundReasonLabels,
} from '#routes/-components/refunds/refund-copy';
import {
  disruptionReasons,
  ineligibilityReasons,
  refundItemGroups,
  refundReasons,
  type RefundQuote,
  type RefundReason,
} from '#src/schemas/refunds';
import { m } from '#src/paraglide/messages.js';

const gbp = (amount: number) => ({ amount, currencyCode: 'GBP' });
/** A terms-and-conditions quote; `eligible` lists the reasons its options say would refund (none: no options). */
const quote = (eligible: readonly RefundReason[] | null): RefundQuote =>
  ({
    quoteId: null,
    status: 'NON_REFUNDABLE',
    reason: 'terms-and-conditions',
    unprocessableReasons: [{ reasonCode: 'TERMS_AND_CONDITIONS' }],
    ...(eligible && {
      refundReasonOptions: refundReasons.map((code) => ({
        code,
        eligible: eligible.includes(code),
        adminFee: gbp(0),
        total: gbp(eligible.includes(code) ? 54.2 : 0),
      })),
    }),
  }) as unknown as RefundQuote;

describe('refund copy', () => {
  it('sends an inactive smartcard to its issuer, not to an action the Smartcards page does not have', () => {
    const next = ineligibilityCopy.SMARTCARD_INACTIVE.next;
    expect(next).toBe(
      'Smartcards in your account shows which train company issued the card: ask them to reactivate or replace it, then try again. A card cannot be reactivated online.',
    );
    expect(next).not.toMatch(/reactivate the card under Smartcards/);
  });

  it('explains every ineligibility reason of docs/product/states.md with a next step', () => {
    expect(Object.keys(ineligibilityCopy).sort()).toEqual([...ineligibilityReasons].sort());
    // The spec's 15, and the local server's: two of decision 330's, two of decision 570's.
    expect(ineligibilityReasons).toHaveLength(19);
    for (const reason of ineligibilityReasons) {
      const copy = ineligibilityCopy[reason];
      expect(copy.title.length, reason).toBeGreaterThan(10);
      expect(copy.explanation.length, reason).toBeGreaterThan(20);
      expect(copy.next.length, reason).toBeGreaterThan(20);
    }
  });
  it('groups item statuses as the spec does', () => {
    expect(itemGroupCopy.error.statuses).toEqual(refundItemGroups.error);
    expect(itemGroupCopy.inProgress.statuses).toEqual(refundItemGroups.inProgress);
    expect(itemGroupCopy.done.statuses).toEqual(refundItemGroups.done);
  });
  it('labels every refund reason', () => {
    expect(Object.keys(refundReasonLabels).sort()).toEqual([...refundReasons].sort());
  });
  it('sends the customer to a disruption reason only while one could refund', () => {
    const generic = ineligibilityCopy.TERMS_AND_CONDITIONS.next;
    const none = m.refund_copy_no_disruption_refund_next();
    expect(none).not.toBe(generic);
    // The spec's quote need not list its reasons' options: the general advice stands.
    expect(disruptionMayRefund(quote(null))).toBe(true);
    expect(ineligibilityNextStep('TERMS_AND_CONDITIONS', quote(null))).toBe(generic);
    // An Advance ticket: the disruption reasons refund in full.
    expect(disruptionMayRefund(quote(disruptionReasons))).toBe(true);
    expect(ineligibilityNextStep('TERMS_AND_CONDITIONS', quote(disruptionReasons))).toBe(generic);
    expect(ineligibilityNextStep('AMOUNT_TOO_LOW', quote(['DISRUPTION_TRAIN_DELAYED']))).toBe(
      ineligibilityCopy.AMOUNT_TOO_LOW.next,
    );
    // An activated mobile ticket: no disruption reason refunds, whatever the other reasons give.
    expect(disruptionMayRefund(quote([]))).toBe(false);
    expect(disruptionMayRefund(quote(['BOOKING_ERROR', 'CHANGED_PLANS_TICKETS_NOT_USED']))).toBe(false);
    expect(ineligibilityNextStep('TERMS_AND_CONDITIONS', quote([]))).toBe(none);
    expect(ineligibilityNextStep('AMOUNT_TOO_LOW', quote([]))).toBe(none);
    // Reasons whose next step is not a disruption reason keep their own.
    for (const code of ineligibilityReasons.filter((c) => c !== 'TERMS_AND_CONDITIONS' && c !== 'AMOUNT_TOO_LOW'))
      expect(ineligibilityNextStep(code, quote([])), code).toBe(ineligibilityCopy[code].next);
  });
});
