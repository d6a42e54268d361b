import { CalendarFeedCreated, CalendarFeedState } from '../schemas/calendar-feed';
import { Acknowledged } from '../schemas/acknowledged';
import type { ApiClient } from './client';

/** The private calendar feed's settings (decision 191). */
export const calendarFeedApi = (client: ApiClient) => ({
  get: () => client.request(CalendarFeedState, '/customer/calendar-feed'),
  /** A new address; any earlier one stops working. */
  create: () => client.request(CalendarFeedCreated, '/customer/calendar-feed', { method: 'POST', body: {} }),
  remove: async () => {
    await client.request(Acknowledged, '/customer/calendar-feed', { method: 'DELETE' });
  },
});
