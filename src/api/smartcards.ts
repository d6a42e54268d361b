import type { ApiClient, RequestOptions } from './client';
import { SmartcardListResponse } from '../schemas/smartcards';

/** The customer's smartcards. The spec names no call: GET /customer/smartcards is ours (decision 060). */
export const smartcardsApi = (client: ApiClient) => ({
  list: async (call?: Pick<RequestOptions, 'signal' | 'allow401'>) =>
    (await client.request(SmartcardListResponse, '/customer/smartcards', { ...call })).smartcards,
});
