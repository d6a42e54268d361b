import type { ApiClient } from './client';
import { Address, AddressListResponse, DeleteAddressResponse, type AddressInput } from '../schemas/addresses';

/**
 * Address book calls. The spec lists the list, read and delete calls; add (POST) and edit (PUT)
 * are ours: docs/decisions/060-address-book-cards-smartcards.md.
 */
export const addressesApi = (client: ApiClient) => ({
  list: async () => (await client.request(AddressListResponse, '/customer/all-addresses')).addresses,
  get: (id: string) => client.request(Address, `/customer/address/${encodeURIComponent(id)}`),
  add: (body: AddressInput) => client.request(Address, '/customer/address', { method: 'POST', body: { ...body } }),
  update: (id: string, body: AddressInput) =>
    client.request(Address, `/customer/address/${encodeURIComponent(id)}`, { method: 'PUT', body: { ...body } }),
  remove: (id: string) =>
    client.request(DeleteAddressResponse, '/customer/delete-address', { method: 'POST', body: { id } }),
});
