import { render, screen } from '@testing-library/react';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { mayAct, type LifecycleAction } from '#machines/booking-lifecycle';
import { lifecycleFacts } from '#machines/lib/booking-lifecycle-facts';
import { bookingLifecycle } from '#routes/-components/booking-lifecycle';
import { BookingCard } from '#routes/-components/bookings-list/booking-card';
import { BookingListEntry } from '#src/schemas/bookings-list';

/**
 * The past list's card reads the booking lifecycle (decision 320): a partial refund also replaces the
 * order, but nothing was exchanged, so it says "Part refunded", never "This journey was changed".
 */
const leg = {
  date: '2026-11-01T09:20:00.000Z',
  origin: { code: 'MAN', name: 'Manchester Piccadilly' },
  destination: { code: 'SHF', name: 'Sheffield' },
};
const money = (amount: number) => ({ amount, currencyCode: 'GBP' });
const entry = (refunds: unknown[], changeOfJourneySource = false) =>
  v.parse(BookingListEntry, {
    booking: {
      id: 'b1',
      outward: leg,
      inward: null,
      isSeasonBooking: false,
      price: money(49),
      passengerCount: 2,
      ticketTypes: ['Off-Peak Return'],
      refund: { quotable: false, changeOfJourneySource, fullyRefunded: false, refunds },
    },
    order: { id: 'o1', friendlyOrderId: 'TL-ABC', replacementOrder: { id: 'o2' } },
  });
const partial = {
  refundId: 'r1',
  state: 'refunded',
  kind: 'partial',
  requestedAt: '2026-10-20T10:00:00.000Z',
  refundReason: 'CHANGED_PLANS',
  amount: money(14.5),
  adminFee: money(10),
  postBack: null,
  refundedAt: '2026-10-23T10:00:00.000Z',
  rejectedReason: null,
  passengers: [{ id: 'p1', name: 'Robin Hughes' }],
  items: [],
  replacementOrderId: 'o2',
  orderId: 'o1',
};
const now = new Date('2026-12-01T12:00:00.000Z');

describe('booking card after a partial refund or a change', () => {
  it('a part-refunded original says part refunded, not changed', () => {
    render(<BookingCard entry={entry([partial])} locale="en-GB" now={now} linkToDetail={false} />);
    expect(screen.getByText('Part refunded')).toBeTruthy();
    expect(screen.getByText(/the others' tickets are on a new booking/)).toBeTruthy();
    expect(screen.queryByText('Changed')).toBeNull();
    expect(screen.queryByText(/This journey was changed/)).toBeNull();
  });

  it('an exchanged booking still says changed', () => {
    render(<BookingCard entry={entry([], true)} locale="en-GB" now={now} linkToDetail={false} />);
    expect(screen.getByText('Changed')).toBeTruthy();
    expect(screen.queryByText('Part refunded')).toBeNull();
  });
});

describe("a booking's lifecycle asked about each action", () => {
  const actions: LifecycleAction['type'][] = [
    'refund.full',
    'refund.partial',
    'journey.change',
    'insurance.claim',
    'delayRepay.claim',
    'ticket.issue',
    'checkIn.open',
    'passenger.rename',
    'assistance.book',
    'email.resend',
    'calendar.add',
  ];
  // One snapshot of the chart answers every question (docs/decisions/882): the same answers as
  // asking the chart afresh for each, the first time and again.
  it.each([
    ['part refunded', entry([partial])],
    ['exchanged', entry([], true)],
  ])("%s: each answer is the chart's own, asked twice", (_name, listed) => {
    const lifecycle = bookingLifecycle(listed.booking, listed.order, 'en-GB', now);
    const { facts } = lifecycleFacts(listed.booking, listed.order, now);
    const expected = actions.map((a) => mayAct(facts, a).allowed);
    expect(actions.map((a) => lifecycle.allowed(a))).toEqual(expected);
    expect(actions.map((a) => lifecycle.allowed(a))).toEqual(expected);
    expect(expected).toContain(false);
  });
});
