import type { ApiClient, RequestOptions } from './client';
import {
  CardTokenResponse,
  ChangeOfJourneyStatus,
  PartialRefundsResponse,
  RefundQuote,
  RefundRequestResponse,
  type CardTokenRequest,
  type RefundReason,
  type RefundRequestBody,
} from '../schemas/refunds';
import { PassengerAssistancesResponse } from '../schemas/refund-assistances';

const seg = encodeURIComponent;

export interface QuoteQuery {
  orderId: string;
  bookingId: string;
  /** Partial refund: the chosen refundableIds (sent as a JSON array); omitted for the whole booking. */
  refundables?: readonly string[] | null;
  refundReason?: RefundReason | null;
}

/**
 * Refund quote and request, partial refunds, card tokenisation and change-of-journey status
 * (docs/product/api.md; shapes in src/schemas/refunds.ts). Guests: the client sends the user-flow header
 * and the order token (?token=) exactly as booking calls do; conversation ids are remembered by the
 * client from every response (spec: "reads the x-conversationid response header").
 */
export const refundsApi = (client: ApiClient) => ({
  getQuote: ({ orderId, bookingId, refundables, refundReason }: QuoteQuery, signal?: AbortSignal) =>
    client.request(RefundQuote, `/refund-quote/${seg(orderId)}/${seg(bookingId)}`, {
      query: {
        refundables: refundables && refundables.length > 0 ? JSON.stringify(refundables) : undefined,
        refundReason: refundReason ?? undefined,
      },
      withOrderToken: true,
      ...(signal ? { signal } : {}),
    }),
  requestRefund: (quoteId: string, body: RefundRequestBody, idempotencyKey: string) =>
    client.request(RefundRequestResponse, `/refund-quote/${seg(quoteId)}`, {
      method: 'POST',
      idempotencyKey,
      body: body as Record<string, unknown> | null,
      withOrderToken: true,
    }),
  /** `call`: a route's loader cancels it with the navigation, and its preload never signs out. */
  getPartialRefunds: (bookingId: string, quoteId: string | null, call?: Pick<RequestOptions, 'signal' | 'allow401'>) =>
    client.request(PartialRefundsResponse, `/partial-refunds/${seg(bookingId)}`, {
      query: { quoteId: quoteId ?? undefined },
      withOrderToken: true,
      ...call,
    }),
  tokeniseCard: (card: CardTokenRequest) =>
    client.request(CardTokenResponse, '/payment/card-token', {
      method: 'POST',
      body: { ...card },
      withOrderToken: true,
    }),
  getChangeOfJourneyStatus: (orderId: string, bookingId: string, signal?: AbortSignal) =>
    client.request(ChangeOfJourneyStatus, `/change-of-journey/status/${seg(orderId)}/${seg(bookingId)}`, {
      withOrderToken: true,
      ...(signal ? { signal } : {}),
    }),
  getPassengerAssistances: (orderId: string, productId: string, signal?: AbortSignal) =>
    client.request(
      PassengerAssistancesResponse,
      `/customer/passenger-assistance/orders/${seg(orderId)}/products/${seg(productId)}`,
      { withOrderToken: true, ...(signal ? { signal } : {}) },
    ),
});
