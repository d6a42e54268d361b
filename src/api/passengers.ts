import type { ApiClient, RequestOptions } from './client';
import {
  DeletePassengerResponse,
  PassengersAndRailcardsResponse,
  SavedPassenger,
  SavePassengerAnswer,
  type PassengerRequest,
} from '../schemas/passengers';

/** Saved passengers (docs/product/api.md, "Customer" and "Passengers and railcards"). */
export const passengersApi = (client: ApiClient) => ({
  /** `call`: a route's loader cancels it with the navigation, and its preload never signs out. */
  list: (call?: Pick<RequestOptions, 'signal' | 'allow401'>) =>
    client.request(PassengersAndRailcardsResponse, '/customer/passengers-and-railcards', call),
  add: (body: PassengerRequest) =>
    client.request(SavePassengerAnswer, '/customer/passengers-and-railcards/add-passenger', {
      method: 'POST',
      body: { ...body },
    }),
  /** `call`: a route's loader cancels it with the navigation, and its preload never signs out. */
  get: (id: string, call?: Pick<RequestOptions, 'signal' | 'allow401'>) =>
    client.request(SavedPassenger, `/passengers/saved-passenger/${encodeURIComponent(id)}`, call),
  edit: (id: string, body: PassengerRequest) =>
    client.request(SavePassengerAnswer, `/passengers/edit-passenger/${encodeURIComponent(id)}`, {
      method: 'POST',
      body: { ...body },
    }),
  remove: (id: string) =>
    client.request(DeletePassengerResponse, '/passengers/delete-passenger', { method: 'DELETE', body: { id } }),
});
