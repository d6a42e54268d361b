/**
 * A booking with this app's remaining required fields: section 3 lists only id, legs with a date,
 * isSeasonBooking and price.currencyCode; leg times, operator, changes, timetable id, railcards,
 * collection reference and season are left out here (local-server extras). Passengers, tickets,
 * delivery and price.amount are still required (decision 230, "Not done in this round").
 * Shared by the minimal-answer tests of the API modules and of the screens.
 */
const money = { amount: 20, currencyCode: 'GBP' };
export const specMinimalLeg = { date: '2026-06-01T09:00:00.000Z', origin: { code: 'YRK', name: 'York' }, destination: { code: 'LDS', name: 'Leeds' } };
export const specMinimalBooking = {
  id: 'b1',
  orderId: 'o1',
  isSeasonBooking: false,
  outward: specMinimalLeg,
  inward: null,
  passengers: [{ id: 'p1', firstName: 'Alex', lastName: 'Morgan', type: 'adult', alterable: true }],
  tickets: [{ id: 't1', type: 'Off-Peak Single', fareClass: 'standard', direction: 'outward', passengerIds: ['p1'], price: money, refundable: true }],
  delivery: { id: 'd1', method: 'mobile', activated: true },
  price: money,
};
/** Order: id, friendlyOrderId, replacementOrder.id (no email, currency or createdAt). */
export const specMinimalOrder = { id: 'o1', friendlyOrderId: 'TL-7Q4K2M', replacementOrder: null };
