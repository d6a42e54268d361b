import * as v from 'valibot';
import type { ApiClient, RequestOptions } from './client';
import { bookingsListPath } from './paths';
import { AssociateCount, BookingsPage, TokenBookings, type BookingFilter } from '../schemas/bookings-list';

export type AssociationResult = { outcome: 'success' | 'partial'; count: number } | { outcome: 'none'; count: 0 };

export const bookingsListApi = (client: ApiClient) => ({
  /** GET /bookings/{filter}?page={n} (page index from 0). */
  getBookings: (filter: BookingFilter, page: number, signal?: AbortSignal) =>
    client.request(BookingsPage, bookingsListPath(filter), { query: { page }, ...(signal ? { signal } : {}) }),
  /** GET /booking/token: bookings the guest session (or order token) may fetch. */
  getTokenBookings: (call?: Pick<RequestOptions, 'signal' | 'allow401'>) =>
    client.request(TokenBookings, '/booking/token', { withOrderToken: true, ...call }),
  /** POST /order/associate-guest-orders: 204 none imported, 206 partial, else success with count. */
  associateGuestOrders: async (guestToken: string): Promise<AssociationResult> => {
    const r = await client.requestByStatus(
      { 200: AssociateCount, 204: v.null(), 206: AssociateCount },
      '/order/associate-guest-orders',
      {
        method: 'POST',
        body: { guestToken },
      },
    );
    if (r.status === 204) return { outcome: 'none', count: 0 };
    return { outcome: r.status === 206 ? 'partial' : 'success', count: r.data.count };
  },
});
