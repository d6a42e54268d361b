import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { receiptDocument, receiptLines } from '#routes/-components/booking-detail/vat-receipt';
import { BookingDetailResponse } from '#src/schemas/booking';

const leg = {
  date: '2026-12-01T07:30:00.000Z',
  origin: { code: 'EUS', name: 'London Euston' },
  destination: { code: 'MAN', name: 'Manchester Piccadilly' },
};
const money = (amount: number) => ({ amount, currencyCode: 'GBP' });
const refund = (refundId: string, state: string, orderId: string, amount: number) => ({
  refundId,
  state,
  kind: 'full',
  requestedAt: '2026-11-20T10:00:00.000Z',
  refundReason: 'CHANGED_PLANS',
  amount: money(amount),
  adminFee: money(10),
  postBack: null,
  refundedAt: state === 'refunded' ? '2026-11-23T10:00:00.000Z' : null,
  rejectedReason: null,
  passengers: [],
  items: [],
  replacementOrderId: null,
  orderId,
});
const detail = (extra: Record<string, unknown>) =>
  v.parse(BookingDetailResponse, {
    bookings: [
      {
        id: 'b1',
        isSeasonBooking: false,
        outward: leg,
        inward: null,
        passengers: [{ id: 'p1', firstName: 'Alex', lastName: 'Morgan', type: 'adult', alterable: false }],
        tickets: [
          {
            id: 't1',
            type: 'Advance Single',
            fareClass: 'standard',
            direction: 'outward',
            passengerIds: ['p1'],
            price: money(42.5),
            refundable: false,
          },
        ],
        price: { amount: 42.5, currencyCode: 'GBP' },
        ...extra,
      },
    ],
    order: { id: 'o1', friendlyOrderId: 'TL-ABC', replacementOrder: null },
  });

describe('VAT receipt lines (booking answer to receipt)', () => {
  it('a fare per ticket, zero-rated; no fees when the answer has none (fees are optional)', () => {
    expect(receiptLines(detail({}), 'en-GB')).toEqual([
      {
        kind: 'fare',
        description: 'Advance Single (Outward): London Euston to Manchester Piccadilly, Alex Morgan',
        grossPence: 4250,
        currency: 'GBP',
      },
    ]);
  });

  it('each fee apart, and only refunds paid on this order, once each, taken off', () => {
    const lines = receiptLines(
      detail({
        fees: [
          { kind: 'booking-fee', amount: money(1.5) },
          { kind: 'card-fee', amount: money(0.6) },
        ],
        refund: {
          quotable: false,
          changeOfJourneySource: false,
          fullyRefunded: true,
          refunds: [
            refund('r1', 'refunded', 'o1', 32.5),
            refund('r1', 'refunded', 'o1', 32.5),
            refund('r2', 'processing', 'o1', 5),
            refund('r3', 'refunded', 'o0', 7),
          ],
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

describe('VAT receipt document: what was paid, refunded and kept, and what the order is (decision 630)', () => {
  const today = new Date('2026-12-05T12:00:00.000Z');
  it('a part-refunded order: total paid, refunded and the total after refunds, VAT on what was kept', () => {
    const doc = receiptDocument(
      detail({
        fees: [{ kind: 'booking-fee', amount: money(1.5) }],
        refund: {
          quotable: false,
          changeOfJourneySource: false,
          fullyRefunded: false,
          refunds: [{ ...refund('r1', 'refunded', 'o1', 14.5), kind: 'partial' }],
        },
      }),
      'en-GB',
      today,
    );
    expect(doc.totals.map((t) => [t.label, t.value])).toEqual([
      ['Total paid', '£44.00'],
      ['Refunded', '-£14.50'],
      ['Total excluding VAT', '£29.25'],
      ['VAT at 0%', '£0.00'],
      ['VAT at 20%', '£0.25'],
      ['Total after refunds', '£29.50'],
    ]);
  });

  it('a fee given back with a disrupted journey is its own line at 20%', () => {
    const lines = receiptLines(
      detail({
        fees: [{ kind: 'booking-fee', amount: money(1.5) }],
        refund: {
          quotable: false,
          changeOfJourneySource: false,
          fullyRefunded: true,
          refunds: [{ ...refund('r1', 'refunded', 'o1', 44), feesRefunded: money(1.5) }],
        },
      }),
      'en-GB',
    );
    expect(lines.map((l) => [l.kind, l.grossPence])).toEqual([
      ['fare', 4250],
      ['fee', 150],
      ['refund', -4250],
      ['fee', -150],
    ]);
  });

  it('a part refund’s replacement names the order it replaces and when it was paid, not "Ordered on" today', () => {
    const base = detail({});
    const doc = receiptDocument(
      {
        ...base,
        order: {
          ...base.order,
          friendlyOrderId: 'TL-NEW',
          createdAt: '2026-12-05T09:00:00.000Z',
          replaces: { friendlyOrderId: 'TL-ABC', kind: 'part-refund', paidAt: '2026-11-01T10:00:00.000Z' },
        },
      },
      'en-GB',
      today,
    );
    expect(doc.rows.map((r) => [r.label, r.value])).toEqual([
      ['Order reference', 'TL-NEW'],
      ['Replaces order', 'TL-ABC'],
      ['Paid on', 'Sun, 1 Nov 2026'],
      ['Receipt date', 'Sat, 5 Dec 2026'],
    ]);
    expect(doc.note).toMatch(
      /^No payment was taken for this order: it holds the tickets left after order TL-ABC was part refunded\./,
    );
  });
});
