import { CalendarFeedCreated, CalendarFeedState } from '../schemas/calendar-feed';
import { Acknowledged } from '../schemas/acknowledged';
import type { ApiClient, RequestOptions } from './client';

/** The private calendar feed's settings (decision 191). */
export const calendarFeedApi = (client: ApiClient) => ({
  /** `call`: a route's loader cancels it with the navigation, and its preload never signs out. */
  get: (call?: Pick<RequestOptions, 'signal' | 'allow401'>) =>
    client.request(CalendarFeedState, '/customer/calendar-feed', call),
  /** A new address; any earlier one stops working. */
  create: () => client.request(CalendarFeedCreated, '/customer/calendar-feed', { method: 'POST', body: {} }),
  remove: async () => {
    await client.request(Acknowledged, '/customer/calendar-feed', { method: 'DELETE' });
  },
});
