import type { ApiClient } from './client';
import {
  PassengerAssistanceResponse,
  PassengerAssistancesResponse,
  UpcomingAssistanceResponse,
  type AssistanceInput,
} from '../schemas/passenger-assistance';

const seg = encodeURIComponent;
const base = (orderId: string, bookingId: string) =>
  `/customer/passenger-assistance/orders/${seg(orderId)}/products/${seg(bookingId)}`;

/**
 * Passenger assistance. The spec lists the GET of a booking's assistance (productId = bookingId);
 * create, read one, cancel and the upcoming list are ours: docs/decisions/100-passenger-assistance.md.
 * Guest order tokens go as ?token= like the other booking calls.
 */
export const passengerAssistanceApi = (client: ApiClient) => ({
  list: async (orderId: string, bookingId: string) =>
    (await client.request(PassengerAssistancesResponse, base(orderId, bookingId), { withOrderToken: true }))
      .passengerAssistances,
  get: async (orderId: string, bookingId: string, id: string) =>
    (
      await client.request(PassengerAssistanceResponse, `${base(orderId, bookingId)}/${seg(id)}`, {
        withOrderToken: true,
      })
    ).passengerAssistance,
  create: async (orderId: string, bookingId: string, body: AssistanceInput, idempotencyKey: string) =>
    (
      await client.request(PassengerAssistanceResponse, base(orderId, bookingId), {
        method: 'POST',
        idempotencyKey,
        body: { ...body },
        withOrderToken: true,
      })
    ).passengerAssistance,
  cancel: async (orderId: string, bookingId: string, id: string, idempotencyKey: string) =>
    (
      await client.request(PassengerAssistanceResponse, `${base(orderId, bookingId)}/${seg(id)}/cancel`, {
        method: 'POST',
        idempotencyKey,
        body: {},
        withOrderToken: true,
      })
    ).passengerAssistance,
  /** The journeys whose tickets stand, then those whose help ended with their tickets (`ticketsGone`). */
  upcoming: async () => {
    const answer = await client.request(UpcomingAssistanceResponse, '/customer/passenger-assistance');
    return [...answer.bookings, ...(answer.cancelledWithTickets ?? []).map((b) => ({ ...b, ticketsGone: true }))];
  },
});
