import { describe, expect, it } from 'vitest';
import { createApiClient } from '#src/api/client';
import { findBookingApi } from '#src/api/find-booking';
import { bookingsListApi } from '#src/api/bookings-list';
import { specMinimalListEntry, withoutNulls } from '#test/helpers/spec-minimal.ts';

/**
 * The retailer's API answers with what docs/product/api.md lists and nothing more (docs/decisions/160):
 * each module here parses that minimal answer (local-server extras absent).
 */
const answering = (body: unknown) =>
  createApiClient({
    baseURL: 'http://localhost/my-account/api',
    fetch: (async () =>
      new Response(JSON.stringify(body), {
        headers: { 'content-type': 'application/json' },
      })) as typeof globalThis.fetch,
  });

describe("the spec's minimal answers parse", () => {
  it('find booking: {orderExchangeToken} alone', async () => {
    const answer = await findBookingApi(answering({ orderExchangeToken: 'exchange-token-1' })).findBooking({
      bookingReference: 'TL-7Q4K2M',
      departureDate: '2026-05-01',
      passengerSurname: 'Morgan',
      emailAddress: 'demo@example.com',
    });
    expect(answer).toEqual({ orderExchangeToken: 'exchange-token-1' });
  });

  it('bookings list: pastBookings, upcomingBookings, seasonBookings, hasGuestBookings, results, total', async () => {
    const body = {
      pastBookings: 0,
      upcomingBookings: 0,
      seasonBookings: 0,
      hasGuestBookings: false,
      results: [],
      total: 0,
    };
    expect(await bookingsListApi(answering(body)).getBookings('upcoming', 0)).toEqual(body);
  });

  it('order-token bookings: bookings, customerRegistered', async () => {
    const body = { bookings: [], customerRegistered: false };
    expect(await bookingsListApi(answering(body)).getTokenBookings()).toEqual(body);
  });

  // Decision 340: a one-way booking's `inward` and an order's `replacementOrder` left out, or sent as null.
  it.each([
    ['left out', withoutNulls(specMinimalListEntry)],
    ['sent as null', specMinimalListEntry],
  ])('a one-way booking with no replacement order, its fields that do not apply %s', async (_style, entry) => {
    const body = {
      pastBookings: 0,
      upcomingBookings: 1,
      seasonBookings: 0,
      hasGuestBookings: false,
      results: [entry],
      total: 1,
    };
    const page = await bookingsListApi(answering(body)).getBookings('upcoming', 0);
    expect(page.results[0]?.booking.inward).toBeNull();
    expect(page.results[0]?.order.replacementOrder).toBeNull();
    const token = await bookingsListApi(answering({ bookings: [entry], customerRegistered: false })).getTokenBookings();
    expect(token.bookings[0]?.booking.inward).toBeNull();
  });
});
