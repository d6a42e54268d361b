import type { ApiClient } from './client';
import {
  CheckInResponse,
  GenerateTicketResponse,
  ResendEmailResponse,
  TicketStatusResponse,
  type DeliveryMethod,
} from '../schemas/booking-actions';

export interface ResendEmailRequest {
  emailAddresses: string[];
  bookingId: string;
  orderId: string;
  deliveryMethod: DeliveryMethod;
  vendor: string;
}

const seg = encodeURIComponent;

/** Check-in, resend booking email and on-demand tickets (docs/product/api.md). */
export const bookingActionsApi = (client: ApiClient) => ({
  /** The guest order token goes with check-in calls (docs/product/roles.md). */
  checkIn: (uri: string, signal?: AbortSignal) =>
    client.request(CheckInResponse, '/booking/checkIn', {
      method: 'POST',
      body: { uri },
      withOrderToken: true,
      ...(signal ? { signal } : {}),
    }),
  resendEmail: (body: ResendEmailRequest) =>
    client.request(ResendEmailResponse, '/booking/resend-email', { method: 'POST', body: { ...body } }),
  generateOnDemandTicket: (bookingId: string, deliveryId: string) =>
    client.request(GenerateTicketResponse, `/booking/${seg(bookingId)}/generate-on-demand-ticket/${seg(deliveryId)}`, {
      method: 'POST',
    }),
  getOnDemandTicketStatus: (bookingId: string, deliverableId: string, signal?: AbortSignal) =>
    client.request(
      TicketStatusResponse,
      `/booking/${seg(bookingId)}/get-on-demand-ticket-status/${seg(deliverableId)}`,
      {
        ...(signal ? { signal } : {}),
      },
    ),
});
