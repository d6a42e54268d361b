/**
 * Where a booking's pages are for whoever opened it: a signed-in customer's under /bookings, a
 * guest's (an order-token link, docs/decisions/081-refund-flows.md) under /order-token. The one
 * place that makes this choice: screens shared by both ask it, and pass the answer to Link or
 * navigate with the booking's id (decision 505).
 */

const ACCOUNT = {
  detail: '/bookings/$bookingId',
  history: '/bookings/$bookingId/history',
  checkIn: '/bookings/$bookingId/check-in',
  refund: '/bookings/$bookingId/refund',
  refundIneligible: '/bookings/$bookingId/refund/ineligible',
  change: '/bookings/$bookingId/change',
  changeStartDate: '/bookings/$bookingId/change-start-date',
} as const;

const GUEST = {
  detail: '/order-token/$bookingId',
  history: '/order-token/$bookingId/history',
  checkIn: '/order-token/$bookingId/check-in',
  refund: '/order-token/$bookingId/refund',
  refundIneligible: '/order-token/$bookingId/refund/ineligible',
  change: '/order-token/$bookingId/change',
  changeStartDate: '/order-token/$bookingId/change-start-date',
} as const satisfies Record<keyof typeof ACCOUNT, `/order-token/$bookingId${string}`>;

export type BookingPage = keyof typeof ACCOUNT;

/** The route of a booking's `page` for a guest (`guest`) or the signed-in customer; its one param is `bookingId`. */
export function bookingPath<P extends BookingPage>(guest: boolean, page: P): (typeof ACCOUNT)[P] | (typeof GUEST)[P] {
  return guest ? GUEST[page] : ACCOUNT[page];
}
