import type { ApiClient, RequestOptions } from './client';
import {
  PassengerAssistanceResponse,
  PassengerAssistancesResponse,
  UpcomingAssistanceResponse,
  type AssistanceInput,
} from '../schemas/passenger-assistance';

const seg = encodeURIComponent;
/** A route loader's options for a first call: cancelled with the navigation; a preload never signs out. */
type FirstCall = Pick<RequestOptions, 'signal' | 'allow401'>;
const base = (orderId: string, bookingId: string) =>
  `/customer/passenger-assistance/orders/${seg(orderId)}/products/${seg(bookingId)}`;

/**
 * Passenger assistance. The spec lists the GET of a booking's assistance (productId = bookingId);
 * create, read one, cancel and the upcoming list are ours: docs/decisions/100-passenger-assistance.md.
 * Guest order tokens go as ?token= like the other booking calls.
 */
export const passengerAssistanceApi = (client: ApiClient) => ({
  list: async (orderId: string, bookingId: string, call?: FirstCall) =>
    (await client.request(PassengerAssistancesResponse, base(orderId, bookingId), { withOrderToken: true, ...call }))
      .passengerAssistances,
  get: async (orderId: string, bookingId: string, id: string, call?: FirstCall) =>
    (
      await client.request(PassengerAssistanceResponse, `${base(orderId, bookingId)}/${seg(id)}`, {
        withOrderToken: true,
        ...call,
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
  upcoming: async (call?: FirstCall) => {
    const answer = await client.request(UpcomingAssistanceResponse, '/customer/passenger-assistance', { ...call });
    return [...answer.bookings, ...(answer.cancelledWithTickets ?? []).map((b) => ({ ...b, ticketsGone: true }))];
  },
});
