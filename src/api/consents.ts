import type { ApiClient, RequestOptions } from './client';
import { GuestSessionResponse } from '../schemas/auth';
import { ConsentsResponse, RestoreResponse, RevokeResponse } from '../schemas/consents';

/** Contact preferences (docs/product/api.md) and the marketing-email token exchange (docs/decisions/070, docs/decisions/073). */
export const consentsApi = (client: ApiClient) => ({
  /** `call`: the chart's cancel, or a route's loader's (cancelled with the navigation; its preload never signs out). */
  getConsents: (call?: Pick<RequestOptions, 'signal' | 'allow401'>) =>
    client.request(ConsentsResponse, '/customer/consents', call ?? {}),
  /** consentSelections: id -> boolean, plus the CSRF value in the body. */
  updateConsents: (consentSelections: Record<string, boolean>) =>
    client.request(ConsentsResponse, '/customer/consents', {
      method: 'POST',
      body: { consentSelections },
      csrfInBody: true,
    }),
  revoke: () => client.request(RevokeResponse, '/customer/consents/revoke', { method: 'POST', body: {} }),
  restore: () => client.request(RestoreResponse, '/customer/consents/restore', { method: 'POST', body: {} }),
  /** A marketing-email token becomes a customer-flow user-flow session (`x-user-flow-id: customer.{session}`). */
  startCustomerFlow: (token: string) =>
    client.request(GuestSessionResponse, '/user-flow-access', {
      method: 'POST',
      body: { token, flow: 'customer' },
      allow401: true,
    }),
});
