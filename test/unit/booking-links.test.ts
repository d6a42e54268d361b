import { describe, expect, it } from 'vitest';
import { bookingPath, type BookingPage } from '#routes/-components/booking-links';
import { knownPaths } from '#server/known-paths.gen.ts';

const pages: BookingPage[] = ['detail', 'history', 'checkIn', 'refund', 'refundIneligible'];
/** Every full path of the app, an index route's without its trailing slash. */
const fullPaths = new Set(knownPaths.map((p) => p.replace(/(.)\/$/, '$1')));

describe('booking links: guest or customer', () => {
  it('sends a guest to the order-token pages and the signed-in customer to their bookings', () => {
    expect(bookingPath(true, 'detail')).toBe('/order-token/$bookingId');
    expect(bookingPath(false, 'detail')).toBe('/bookings/$bookingId');
    expect(bookingPath(true, 'history')).toBe('/order-token/$bookingId/history');
    expect(bookingPath(false, 'history')).toBe('/bookings/$bookingId/history');
    expect(bookingPath(true, 'refundIneligible')).toBe('/order-token/$bookingId/refund/ineligible');
    expect(bookingPath(false, 'refundIneligible')).toBe('/bookings/$bookingId/refund/ineligible');
  });

  it.each(pages)('has a route for the %s page on both sides, and the two differ only in their prefix', (page) => {
    const guest = bookingPath(true, page);
    const account = bookingPath(false, page);
    expect(fullPaths).toContain(guest);
    expect(fullPaths).toContain(account);
    expect(guest.replace(/^\/order-token\//, '/bookings/')).toBe(account);
  });
});
