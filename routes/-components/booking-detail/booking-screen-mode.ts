/**
 * Who opened a booking's detail page. account: /bookings/{id}; orderToken: /order-token/{id}
 * (guest, token sent as ?token=); guestView: /bookings/{id}/guest, a signed-in customer looking at
 * a guest order placed with their email, read-only until it is added to the account
 * (docs/decisions/021-guest-order-seen-by-its-customer.md).
 *
 * A leaf module: every section of the page reads it, and the screen imports the sections, so the
 * type lives apart from the screen to keep the folder free of import circles.
 */
export type BookingScreenMode = 'account' | 'orderToken' | 'guestView';
