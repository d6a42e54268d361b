import { bookingApi } from './booking';
import type { ApiClient, RequestOptions } from './client';
import { absentOn404 } from './errors';
import { CardTokenResponse, type CardTokenRequest } from '../schemas/refunds';
import {
  ChangeOptions,
  ChangeQuote,
  ChangeResult,
  Departures,
  type ChangeDirection,
  type ChangePayment,
} from '../schemas/journey-change';

const seg = encodeURIComponent;

/**
 * A change's options, or null when the host does not offer changes here (docs/integrators.md,
 * docs/decisions/863-change-not-offered-here.md). The options call is beyond docs/product/api.md: a
 * host without it answers 404, the change is absent rather than failed (decision 342). The spec's own
 * GET /booking/{bookingId} then tells that host from a booking that is not there or not the
 * customer's: it answers for the booking (not offered), or its failure is the page's (thrown as it is).
 */
export const optionsOrNotOffered = async <T>(
  client: ApiClient,
  bookingId: string,
  options: Promise<T>,
  call?: Pick<RequestOptions, 'signal' | 'allow401'>,
): Promise<T | null> => {
  const offered = await absentOn404(options);
  if (offered !== null) return offered;
  await bookingApi(client).getBooking(bookingId, call);
  return null;
};

/** Changing a journey (server/api/journey-change.ts; docs/decisions/600-change-your-journey.md). */
export const journeyChangeApi = (client: ApiClient) => ({
  /** What may be changed, or null: the host does not offer changes here (optionsOrNotOffered). */
  getOptions: (bookingId: string, call?: Pick<RequestOptions, 'signal' | 'allow401'>) =>
    optionsOrNotOffered(
      client,
      bookingId,
      client.request(ChangeOptions, `/change-of-journey/options/${seg(bookingId)}`, { withOrderToken: true, ...call }),
      call,
    ),
  getDepartures: (
    q: {
      bookingId: string;
      direction: ChangeDirection;
      leg: 'outward' | 'inward';
      date: string;
      after: string;
      outwardTrain: string | null;
    },
    signal?: AbortSignal,
  ) =>
    client.request(Departures, `/change-of-journey/departures/${seg(q.bookingId)}`, {
      query: {
        direction: q.direction,
        leg: q.leg,
        date: q.date,
        after: q.after,
        outwardTrain: q.outwardTrain ?? undefined,
      },
      withOrderToken: true,
      ...(signal ? { signal } : {}),
    }),
  quote: (q: {
    bookingId: string;
    direction: ChangeDirection;
    outwardTrain: string | null;
    inwardTrain: string | null;
  }) =>
    client.request(ChangeQuote, `/change-of-journey/quote/${seg(q.bookingId)}`, {
      method: 'POST',
      body: { direction: q.direction, outwardTrain: q.outwardTrain, inwardTrain: q.inwardTrain },
      withOrderToken: true,
    }),
  /** A new card for the payment: the refund's card endpoint tokenises it (POST payment/card-token). */
  tokeniseCard: (card: CardTokenRequest) =>
    client.request(CardTokenResponse, '/payment/card-token', {
      method: 'POST',
      body: { ...card },
      withOrderToken: true,
    }),
  pay: (q: { quoteId: string; expectedTotal: number; payment: ChangePayment; idempotencyKey: string }) =>
    client.request(ChangeResult, `/change-of-journey/pay/${seg(q.quoteId)}`, {
      method: 'POST',
      idempotencyKey: q.idempotencyKey,
      body: { expectedTotal: q.expectedTotal, payment: q.payment },
      withOrderToken: true,
    }),
});
