import type { ApiClient } from './client';
import { SeasonRenewal, SeasonRenewalListResponse } from '../schemas/season-renewals';

/** A season ticket's automatic renewal. The spec names no call: both are ours (decision 440). */
export const seasonRenewalsApi = (client: ApiClient) => ({
  list: async () => (await client.request(SeasonRenewalListResponse, '/customer/season-renewals')).renewals,
  set: (bookingId: string, change: { isEnabled: boolean; cardId: string | null }) =>
    client.request(SeasonRenewal, `/customer/season-renewals/${encodeURIComponent(bookingId)}`, {
      method: 'POST',
      body: change.isEnabled ? { isEnabled: true, cardId: change.cardId } : { isEnabled: false },
    }),
});
