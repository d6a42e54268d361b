import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { receiptLines } from '#routes/-components/booking-detail/vat-receipt';
import { BookingDetailResponse } from '#src/schemas/booking';

const leg = { date: '2026-12-01T07:30:00.000Z', origin: { code: 'EUS', name: 'London Euston' }, destination: { code: 'MAN', name: 'Manchester Piccadilly' } };
const money = (amount: number) => ({ amount, currencyCode: 'GBP' });
const refund = (refundId: string, state: string, orderId: string, amount: number) => ({
  refundId, state, kind: 'full', requestedAt: '2026-11-20T10:00:00.000Z', refundReason: 'CHANGED_PLANS', amount: money(amount), adminFee: money(10),
  postBack: null, refundedAt: state === 'refunded' ? '2026-11-23T10:00:00.000Z' : null, rejectedReason: null, passengers: [], items: [],
  replacementOrderId: null, orderId,
});
const detail = (extra: Record<string, unknown>) =>
  v.parse(BookingDetailResponse, {
    bookings: [{
      id: 'b1', isSeasonBooking: false, outward: leg, inward: null,
      passengers: [{ id: 'p1', firstName: 'Alex', lastName: 'Morgan', type: 'adult', alterable: false }],
      tickets: [{ id: 't1', type: 'Advance Single', fareClass: 'standard', direction: 'outward', passengerIds: ['p1'], price: money(42.5), refundable: false }],
      price: { amount: 42.5, currencyCode: 'GBP' },
      ...extra,
    }],
    order: { id: 'o1', friendlyOrderId: 'TL-ABC', replacementOrder: null },
  });

describe('VAT receipt lines (booking answer to receipt)', () => {
  it('a fare per ticket, zero-rated; no fees when the answer has none (fees are optional)', () => {
    expect(receiptLines(detail({}), 'en-GB')).toEqual([
      { kind: 'fare', description: 'Advance Single (Outward): London Euston to Manchester Piccadilly, Alex Morgan', grossPence: 4250, currency: 'GBP' },
    ]);
  });

  it('each fee apart, and only refunds paid on this order, once each, taken off', () => {
    const lines = receiptLines(
      detail({
        fees: [{ kind: 'booking-fee', amount: money(1.5) }, { kind: 'card-fee', amount: money(0.6) }],
        refund: {
          quotable: false, changeOfJourneySource: false, fullyRefunded: true,
          refunds: [refund('r1', 'refunded', 'o1', 32.5), refund('r1', 'refunded', 'o1', 32.5), refund('r2', 'processing', 'o1', 5), refund('r3', 'refunded', 'o0', 7)],
        },
      }),
      'en-GB',
    );
    expect(lines.map((l) => [l.kind, l.description, l.grossPence])).toEqual([
      ['fare', 'Advance Single (Outward): London Euston to Manchester Piccadilly, Alex Morgan', 4250],
      ['fee', 'Booking fee', 150],
      ['fee', 'Card fee', 60],
      ['refund', 'Refund paid on Mon, 23 Nov 2026', -3250],
    ]);
  });
});
