import { describe, expect, it } from 'vitest';
import { changeabilityInput, type ChangeabilityOrder } from '#machines/lib/changeability';

/** The change-of-journey check the booking detail asks for, and the boot file prefetches. */
describe('changeabilityInput: which check a booking’s detail asks for', () => {
  const order: ChangeabilityOrder = {
    order: { id: 'o1' },
    bookings: [
      { id: 'b1', isSeasonBooking: false },
      { id: 'b2', isSeasonBooking: true },
    ],
  };

  it('the booking asked for, in its order, with whether it is a season', () => {
    expect(changeabilityInput('b2', order)).toEqual({ orderId: 'o1', bookingId: 'b2', season: true });
    expect(changeabilityInput('b1', order)).toEqual({ orderId: 'o1', bookingId: 'b1', season: false });
  });

  it('a booking not in the order: the order’s first', () => {
    expect(changeabilityInput('b9', { ...order, bookings: [order.bookings[1]!, order.bookings[0]!] })).toEqual({
      orderId: 'o1',
      bookingId: 'b2',
      season: true,
    });
  });

  it('an order with no bookings: the id asked for, not a season', () => {
    expect(changeabilityInput('b9', { order: { id: 'o1' }, bookings: [] })).toEqual({
      orderId: 'o1',
      bookingId: 'b9',
      season: false,
    });
  });

  it('no detail yet: the id asked for, no order, not a season', () => {
    expect(changeabilityInput('b1', null)).toEqual({ orderId: '', bookingId: 'b1', season: false });
  });
});
