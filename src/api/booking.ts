import type { ApiClient, RequestOptions } from './client';
import {
  BookingDetailResponse,
  BookingHistoryResponse,
  BookingMovedResponse,
  BookingReplacedResponse,
  CallingPointsResponse,
  ChangeabilityResponse,
  EditPassengersResponse,
} from '../schemas/booking';
import { bookingPath, callingPointsPath, changeabilityPath } from './paths';

/** Booking detail, history, calling points, changeability and edit passengers (docs/product/api.md). */
export const bookingApi = (client: ApiClient) => ({
  /** 200 → the order's bookings; 308 → moved, open history. The guest order token goes as ?token=. */
  getBooking: (bookingId: string, call?: Pick<RequestOptions, 'signal' | 'allow401'>) =>
    client.requestByStatus({ 200: BookingDetailResponse, 308: BookingMovedResponse }, bookingPath(bookingId), {
      withOrderToken: true,
      ...call,
    }),
  /** 200 → timeline; 308 → replaced, open the replacement's history. */
  getHistory: (bookingId: string, call?: Pick<RequestOptions, 'signal' | 'allow401'>) =>
    client.requestByStatus(
      { 200: BookingHistoryResponse, 308: BookingReplacedResponse },
      `${bookingPath(bookingId)}/history`,
      { withOrderToken: true, ...call },
    ),
  getCallingPoints: (timetableId: string, query: { date: string; origin: string; destination: string }) =>
    client.request(CallingPointsResponse, callingPointsPath(timetableId), { query }),
  getChangeability: (orderId: string, bookingId: string, season: boolean) =>
    client.request(ChangeabilityResponse, changeabilityPath(orderId, bookingId, season), { withOrderToken: true }),
  editPassengers: (body: {
    alterablesIds: string[];
    newUsers: { firstName: string; lastName: string }[];
    bookingId: string;
  }) => client.request(EditPassengersResponse, '/pico/edit-passengers', { method: 'PUT', body, withOrderToken: true }),
});
