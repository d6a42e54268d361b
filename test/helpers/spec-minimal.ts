/**
 * A booking as section 3 lists it: id, legs with a date, isSeasonBooking and price.currencyCode.
 * Everything else is left out (local-server extras and fields the spec does not list: decision 230),
 * except each leg's origin and destination, which the app still requires to name the journey.
 * Shared by the minimal-answer tests of the API modules and of the screens.
 */
export const specMinimalLeg = { date: '2026-06-01T09:00:00.000Z', origin: { code: 'YRK', name: 'York' }, destination: { code: 'LDS', name: 'Leeds' } };
export const specMinimalBooking = {
  id: 'b1',
  isSeasonBooking: false,
  outward: specMinimalLeg,
  inward: null,
  price: { currencyCode: 'GBP' },
};
/** Order: id, friendlyOrderId, replacementOrder.id (no email, currency or createdAt). */
export const specMinimalOrder = { id: 'o1', friendlyOrderId: 'TL-7Q4K2M', replacementOrder: null };
