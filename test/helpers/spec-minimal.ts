/**
 * A booking as docs/product/entities.md lists it: id, legs with a date, isSeasonBooking and price.currencyCode.
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
/** A bookings-list entry as docs/product/entities.md lists it: {booking, order} with the minimal booking and order. */
export const specMinimalListEntry = { booking: specMinimalBooking, order: specMinimalOrder };
/**
 * A railcard on offer as docs/product/entities.md lists it: railcardDetails, scopes, name, price{amount} (currencyCode
 * defaults to GBP), cardHolders, expiryDate, termsAndConditions, attributes. No `id`: the entry is
 * known by railcardDetails.code (decision 232). railcardDetails' inner shape is ours.
 */
export const specRailcard = {
  railcardDetails: {
    code: 'DIS',
    discount: '1/3 off',
    eligibility: 'For people with a disability',
    validityMonths: 12,
    maxCardHolders: 1,
  },
  scopes: ['national'],
  name: 'Disabled Persons Railcard',
  price: { amount: 20 },
  cardHolders: [],
  expiryDate: null,
  termsAndConditions: 'Valid for one year.',
  attributes: [],
};

/**
 * `value` with every null-valued field left out, as a retailer's API that omits a field that does not
 * apply sends it (the local server's API_SHAPE=spec, decision 340). Array items that are null stay.
 */
export const withoutNulls = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, inner]) => inner !== null)
      .map(([k, inner]) => [k, withoutNulls(inner)]),
  );
};
