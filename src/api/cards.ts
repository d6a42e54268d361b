import type { ApiClient } from './client';
import { CardListResponse, DeleteCardResponse } from '../schemas/cards';

/** Saved payment cards (docs/product/api.md): list and delete. */
export const cardsApi = (client: ApiClient) => ({
  list: async () => (await client.request(CardListResponse, '/customer/cards')).cards,
  remove: (id: string) => client.request(DeleteCardResponse, '/customer/delete-card', { method: 'POST', body: { id } }),
});
