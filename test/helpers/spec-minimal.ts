/**
 * A booking as section 3 lists it: id, legs with a date, isSeasonBooking and price.currencyCode.
 * Everything else is left out (local-server extras and fields the spec does not list: decision 230),
 * the legs' stations too: screens name such a journey by its date ("Journey on Mon, 1 Jun 2026").
 * Shared by the minimal-answer tests of the API modules and of the screens.
 */
export const specMinimalLeg = { date: '2026-06-01T09:00:00.000Z' };
export const specMinimalBooking = {
  id: 'b1',
  isSeasonBooking: false,
  outward: specMinimalLeg,
  inward: null,
  price: { currencyCode: 'GBP' },
};
/** Order: id, friendlyOrderId, replacementOrder.id (no email, currency or createdAt). */
export const specMinimalOrder = { id: 'o1', friendlyOrderId: 'TL-7Q4K2M', replacementOrder: null };
