import type { ApiClient, RequestOptions } from './client';
import { Address, AddressListResponse, DeleteAddressResponse, type AddressInput } from '../schemas/addresses';

/**
 * Address book calls. The spec lists the list, read and delete calls; add (POST) and edit (PUT)
 * are ours: docs/decisions/060-address-book-cards-smartcards.md.
 */
export const addressesApi = (client: ApiClient) => ({
  /** `call`: a route's loader cancels it with the navigation, and its preload never signs out. */
  list: async (call?: Pick<RequestOptions, 'signal' | 'allow401'>) =>
    (await client.request(AddressListResponse, '/customer/all-addresses', call)).addresses,
  /** `call`: a route's loader cancels it with the navigation, and its preload never signs out. */
  get: (id: string, call?: Pick<RequestOptions, 'signal' | 'allow401'>) =>
    client.request(Address, `/customer/address/${encodeURIComponent(id)}`, call),
  add: (body: AddressInput) => client.request(Address, '/customer/address', { method: 'POST', body: { ...body } }),
  update: (id: string, body: AddressInput) =>
    client.request(Address, `/customer/address/${encodeURIComponent(id)}`, { method: 'PUT', body: { ...body } }),
  remove: (id: string) =>
    client.request(DeleteAddressResponse, '/customer/delete-address', { method: 'POST', body: { id } }),
});
