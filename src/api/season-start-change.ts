import type { ApiClient, RequestOptions } from './client';
import { journeyChangeApi, optionsOrNotOffered } from './journey-change';
import { SeasonChangeOptions, SeasonChangeQuote } from '../schemas/season-start-change';

const seg = encodeURIComponent;

/**
 * A season ticket's change of start date (docs/decisions/690-season-start-date-change.md): the change
 * of journey's calls for a season. Its card and its payment are the journey's own.
 */
export const seasonStartChangeApi = (client: ApiClient) => {
  const journey = journeyChangeApi(client);
  return {
    /**
     * The season's options, or null: the host does not offer changes here (optionsOrNotOffered).
     * `call`: a route's loader cancels it with the navigation, and its preload never signs out.
     */
    getOptions: (bookingId: string, call?: Pick<RequestOptions, 'signal' | 'allow401'>) =>
      optionsOrNotOffered(
        client,
        bookingId,
        client.request(SeasonChangeOptions, `/change-of-journey/options/${seg(bookingId)}`, {
          withOrderToken: true,
          ...call,
        }),
        call,
      ),
    /** The season's start moved to `startDate` (YYYY-MM-DD): the fee per ticket. */
    quote: (q: { bookingId: string; startDate: string }) =>
      client.request(SeasonChangeQuote, `/change-of-journey/quote/${seg(q.bookingId)}`, {
        method: 'POST',
        body: { direction: 'outward', startDate: q.startDate },
        withOrderToken: true,
      }),
    tokeniseCard: journey.tokeniseCard,
    pay: journey.pay,
  };
};
