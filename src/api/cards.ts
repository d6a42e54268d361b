import type { ApiClient, RequestOptions } from './client';
import { CardListResponse, DeleteCardResponse } from '../schemas/cards';

/** Saved payment cards (docs/product/api.md): list and delete. */
export const cardsApi = (client: ApiClient) => ({
  /** `call`: a route's loader cancels it with the navigation, and its preload never signs out. */
  list: async (call?: Pick<RequestOptions, 'signal' | 'allow401'>) =>
    (await client.request(CardListResponse, '/customer/cards', call)).cards,
  remove: (id: string) => client.request(DeleteCardResponse, '/customer/delete-card', { method: 'POST', body: { id } }),
});
