import { describe, expect, it } from 'vitest';
import { refundLines } from '#machines/lib/refund-rules';
import type { PartialRefundBooking, RefundQuote } from '#src/schemas/refunds';

const gbp = (amount: number) => ({ amount, currencyCode: 'GBP' });
const passenger = (id: string, first: string, refundableId: string) => ({
  passengerId: id, isRefundable: true, refundableId, firstName: first, lastName: 'Hughes',
});
const booking: PartialRefundBooking = {
  outward: { fares: [{ ticketDirection: 'return', farePassengers: [passenger('p1', 'Robin', 'r1'), passenger('p2', 'Sasha', 'r2')] }] },
  inward: { fares: [{ ticketDirection: 'return', farePassengers: [passenger('p1', 'Robin', 'r1'), passenger('p2', 'Sasha', 'r2')] }] },
  sameFare: true,
  journeyFare: 'Off-Peak Return',
  recipient: { email: 'robin@example.com' },
  creditCardForm: null,
  orderId: 'o1',
  selectedRefundables: [],
  passengerAssistances: [],
};
const quote = (over: Partial<RefundQuote>): RefundQuote => ({
  quoteId: 'q1', status: 'PARTIALLY_REFUNDABLE', reason: 'terms-and-conditions', unprocessableReasons: [], partialRefundables: ['r1', 'r2'],
  isPartiallyRefundable: true, refundReason: 'CHANGED_PLANS', creditCardForm: null,
  cancellationDetails: { paid: gbp(24.5), adminFee: gbp(10), total: gbp(14.5) }, ...over,
});

describe('what the confirm step lists', () => {
  it("names each passenger and direction in the quote with the quote's amount", () => {
    const refundable = (id: string, name: string, included: boolean) => ({
      refundableId: id, ticketId: id, passengerId: id === 'r1' ? 'p1' : 'p2', passengerName: name, direction: 'return' as const,
      ticketType: 'Off-Peak Return', included, isRefundable: true, paid: gbp(24.5), adminFee: gbp(10), refund: gbp(14.5),
    });
    const lines = refundLines(quote({ refundables: [refundable('r1', 'Robin Hughes', true), refundable('r2', 'Sasha Hughes', false)] }), booking, ['r1']);
    expect(lines).toEqual([{ refundableId: 'r1', passengerId: 'p1', passengerName: 'Robin Hughes', direction: 'return', amount: gbp(14.5) }]);
  });

  it("without the quote's own lines, takes its refundableIds or the selection from the booking, once per ticket, without amounts", () => {
    expect(refundLines(quote({ cancellationDetails: { paid: gbp(24.5), adminFee: gbp(10), total: gbp(14.5), refundableIds: ['r2'] } }), booking, null)).toEqual([
      { refundableId: 'r2', passengerId: 'p2', passengerName: 'Sasha Hughes', direction: 'return', amount: null },
    ]);
    expect(refundLines(quote({}), booking, ['r1']).map((l) => l.passengerName)).toEqual(['Robin Hughes']);
    // The whole booking (no selection): everyone refundable.
    expect(refundLines(quote({}), booking, null).map((l) => l.refundableId)).toEqual(['r1', 'r2']);
    expect(refundLines(quote({}), null, ['r1'])).toEqual([]);
  });
});
