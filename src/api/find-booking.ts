import type { ApiClient } from './client';
import { FindBookingResponse } from '../schemas/find-booking';

export interface FindBookingInput {
  bookingReference: string;
  departureDate: string;
  passengerSurname: string;
  emailAddress: string;
}

/** POST /booking/find-booking: 200 {orderExchangeToken, bookingId}; 400 bad request; 422 not found. */
export const findBookingApi = (client: ApiClient) => ({
  findBooking: (body: FindBookingInput) =>
    client.request(FindBookingResponse, '/booking/find-booking', { method: 'POST', body: { ...body } }),
});
