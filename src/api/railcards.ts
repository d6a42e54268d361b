import type { ApiClient, RequestOptions } from './client';
import {
  CatalogueRailcard,
  DeleteRailcardResponse,
  DigitalRailcard,
  PassengerRailcardResponse,
  RailcardsListResponse,
  RailcardStatusResponse,
  type RailcardRequest,
} from '../schemas/railcards';

const enc = encodeURIComponent;
const held = (passengerId: string, railcardId: string) => `/passenger/${enc(passengerId)}/railcard/${enc(railcardId)}`;

/** Railcards (docs/product/api.md, "Passengers and railcards"). `railcardId` is the railcard type's id. */
export const railcardsApi = (client: ApiClient) => ({
  /** `call` (here and in `catalogueEntry`, `get`, `digital`): a route's loader cancels it with the navigation, and its preload never signs out. */
  availableFor: (passengerId: string, call?: Pick<RequestOptions, 'signal' | 'allow401'>) =>
    client.request(RailcardsListResponse, `/passenger/${enc(passengerId)}/railcardslist`, call),
  catalogueEntry: (railcardId: string, call?: Pick<RequestOptions, 'signal' | 'allow401'>) =>
    client.request(CatalogueRailcard, `/railcard/${enc(railcardId)}`, call),
  get: (passengerId: string, railcardId: string, call?: Pick<RequestOptions, 'signal' | 'allow401'>) =>
    client.request(PassengerRailcardResponse, held(passengerId, railcardId), call),
  save: (passengerId: string, railcardId: string, railcard: RailcardRequest) =>
    client.request(PassengerRailcardResponse, held(passengerId, railcardId), {
      method: 'PUT',
      body: { railcard: { ...railcard } },
    }),
  saveAttributes: (passengerId: string, railcardId: string, attributes: Record<string, string>) =>
    client.request(PassengerRailcardResponse, held(passengerId, railcardId), { method: 'POST', body: { attributes } }),
  remove: (passengerId: string, railcardId: string) =>
    // An empty JSON body: the server's body-limit middleware fails on a body-less DELETE (see report).
    client.request(DeleteRailcardResponse, held(passengerId, railcardId), { method: 'DELETE', body: {} }),
  status: (passengerId: string, railcardId: string, railcard: RailcardRequest) =>
    client.request(RailcardStatusResponse, `/passenger/${enc(passengerId)}/railcard-status/${enc(railcardId)}`, {
      method: 'POST',
      body: { railcard: { ...railcard } },
    }),
  digital: (id: string, call?: Pick<RequestOptions, 'signal' | 'allow401'>) =>
    client.request(DigitalRailcard, `/passengers-and-railcards/digital-railcard/${enc(id)}`, call),
});
