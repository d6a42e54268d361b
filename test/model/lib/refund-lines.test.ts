import { describe, expect, it } from 'vitest';
import { disruptionMayRefund, refundLines } from '#machines/lib/refund-rules';
import type { PartialRefundBooking, RefundQuote, RefundReason } from '#src/schemas/refunds';

const gbp = (amount: number) => ({ amount, currencyCode: 'GBP' });
const passenger = (id: string, first: string, refundableId: string) => ({
  passengerId: id,
  isRefundable: true,
  refundableId,
  firstName: first,
  lastName: 'Hughes',
});
const booking: PartialRefundBooking = {
  outward: {
    fares: [
      { ticketDirection: 'return', farePassengers: [passenger('p1', 'Robin', 'r1'), passenger('p2', 'Sasha', 'r2')] },
    ],
  },
  inward: {
    fares: [
      { ticketDirection: 'return', farePassengers: [passenger('p1', 'Robin', 'r1'), passenger('p2', 'Sasha', 'r2')] },
    ],
  },
  sameFare: true,
  journeyFare: 'Off-Peak Return',
  recipient: { email: 'robin@example.com' },
  creditCardForm: null,
  orderId: 'o1',
  selectedRefundables: [],
  passengerAssistances: [],
};
const quote = (over: Partial<RefundQuote>): RefundQuote => ({
  quoteId: 'q1',
  status: 'PARTIALLY_REFUNDABLE',
  reason: 'terms-and-conditions',
  unprocessableReasons: [],
  partialRefundables: ['r1', 'r2'],
  isPartiallyRefundable: true,
  refundReason: 'CHANGED_PLANS',
  creditCardForm: null,
  cancellationDetails: { paid: gbp(24.5), adminFee: gbp(10), total: gbp(14.5) },
  ...over,
});

describe('what the confirm step lists', () => {
  it("names each passenger and direction in the quote with the quote's amount", () => {
    const refundable = (id: string, name: string, included: boolean) => ({
      refundableId: id,
      ticketId: id,
      passengerId: id === 'r1' ? 'p1' : 'p2',
      passengerName: name,
      direction: 'return' as const,
      ticketType: 'Off-Peak Return',
      included,
      isRefundable: true,
      paid: gbp(24.5),
      adminFee: gbp(10),
      refund: gbp(14.5),
    });
    const lines = refundLines(
      quote({ refundables: [refundable('r1', 'Robin Hughes', true), refundable('r2', 'Sasha Hughes', false)] }),
      booking,
      ['r1'],
    );
    expect(lines).toEqual([
      { refundableId: 'r1', passengerId: 'p1', passengerName: 'Robin Hughes', direction: 'return', amount: gbp(14.5) },
    ]);
  });

  it("without the quote's own lines, takes its refundableIds or the selection from the booking, once per ticket, without amounts", () => {
    expect(
      refundLines(
        quote({ cancellationDetails: { paid: gbp(24.5), adminFee: gbp(10), total: gbp(14.5), refundableIds: ['r2'] } }),
        booking,
        null,
      ),
    ).toEqual([
      { refundableId: 'r2', passengerId: 'p2', passengerName: 'Sasha Hughes', direction: 'return', amount: null },
    ]);
    expect(refundLines(quote({}), booking, ['r1']).map((l) => l.passengerName)).toEqual(['Robin Hughes']);
    // The whole booking (no selection): everyone refundable.
    expect(refundLines(quote({}), booking, null).map((l) => l.refundableId)).toEqual(['r1', 'r2']);
    expect(refundLines(quote({}), null, ['r1'])).toEqual([]);
  });
});

describe('what the confirm step lists, at the edges of the answers', () => {
  const refundable = (id: string, name: string) => ({
    refundableId: id,
    ticketId: id,
    passengerId: `p-${id}`,
    passengerName: name,
    direction: 'outward' as const,
    ticketType: 'Advance Single',
    included: true,
    isRefundable: true,
    paid: gbp(20),
    adminFee: gbp(10),
    refund: gbp(10),
  });

  it('a quote line with an empty name is unnamed, not named ""', () => {
    expect(refundLines(quote({ refundables: [refundable('r1', '')] }), null, null)).toEqual([
      { refundableId: 'r1', passengerId: 'p-r1', passengerName: null, direction: 'outward', amount: gbp(10) },
    ]);
  });

  it('from the booking: separate fares give each direction; a passenger without a refundable ticket is left out', () => {
    const split: PartialRefundBooking = {
      ...booking,
      sameFare: false,
      outward: {
        fares: [
          {
            farePassengers: [
              // The spec's fare passenger: no id or name (decision 341).
              { isRefundable: true, refundableId: 'o1' },
              { isRefundable: false, refundableId: 'o2', firstName: 'Ruby' },
              { isRefundable: true, refundableId: null, firstName: 'Nia' },
              { passengerId: 'p4', isRefundable: true, refundableId: 'o4', firstName: 'Sam' },
            ],
          },
        ],
      },
      inward: {
        fares: [
          {
            farePassengers: [
              { passengerId: 'p4', isRefundable: true, refundableId: 'i4', firstName: 'Sam', lastName: 'Lee' },
            ],
          },
        ],
      },
    };
    expect(refundLines(quote({}), split, null)).toEqual([
      { refundableId: 'o1', passengerId: 'o1', passengerName: null, direction: 'outward', amount: null },
      { refundableId: 'o4', passengerId: 'p4', passengerName: 'Sam', direction: 'outward', amount: null },
      { refundableId: 'i4', passengerId: 'p4', passengerName: 'Sam Lee', direction: 'inward', amount: null },
    ]);
    // One return fare without a direction on it: each ticket once, as a return.
    const oneFare = { ...split, sameFare: true, inward: null };
    expect(refundLines(quote({}), oneFare, ['o4']).map((l) => l.direction)).toEqual(['return']);
    // A single: no inward journey at all.
    expect(refundLines(quote({}), { ...split, inward: null }, ['i4'])).toEqual([]);
  });

  it('the quote’s cancellation without ids leaves the selection to decide', () => {
    expect(
      refundLines(quote({ cancellationDetails: { paid: gbp(24.5), adminFee: gbp(10), total: gbp(14.5) } }), booking, [
        'r2',
      ]).map((l) => l.refundableId),
    ).toEqual(['r2']);
    expect(refundLines(quote({ cancellationDetails: null }), booking, ['r2']).map((l) => l.refundableId)).toEqual([
      'r2',
    ]);
  });
});

describe('disruptionMayRefund: whether a disruption reason could still refund', () => {
  const option = (code: RefundReason, eligible: boolean) => ({
    code,
    eligible,
    adminFee: gbp(0),
    total: gbp(eligible ? 20 : 0),
  });
  it('without the options (the spec’s quote need not list them): it may', () => {
    expect(disruptionMayRefund(quote({}))).toBe(true);
  });
  it('only the disruption reasons’ options count, and one eligible is enough', () => {
    expect(disruptionMayRefund(quote({ refundReasonOptions: [option('CHANGED_PLANS', true)] }))).toBe(true);
    expect(
      disruptionMayRefund(
        quote({ refundReasonOptions: [option('CHANGED_PLANS', true), option('DISRUPTION_TRAIN_DELAYED', false)] }),
      ),
    ).toBe(false);
    expect(
      disruptionMayRefund(
        quote({
          refundReasonOptions: [
            option('DISRUPTION_SERVICE_CANCELLATION', false),
            option('DISRUPTION_TRAIN_DELAYED', true),
          ],
        }),
      ),
    ).toBe(true);
    expect(
      disruptionMayRefund(
        quote({
          refundReasonOptions: [
            option('DISRUPTION_SERVICE_CANCELLATION', false),
            option('DISRUPTION_TRAIN_DELAYED', false),
          ],
        }),
      ),
    ).toBe(false);
  });
});
