import type { ApiClient, RequestOptions } from './client';
import { Claim, ClaimSessionResponse, ClaimTokenResponse, type SubmitClaimDetails } from '../schemas/delay-repay';

const seg = encodeURIComponent;

/** Delay Repay calls (docs/product/api.md); the guest order token goes with claim calls (docs/product/roles.md). */
export const delayRepayApi = (client: ApiClient) => ({
  /** `call`: a route's loader cancels it with the navigation, and its preload never signs out. */
  getClaim: (claimId: string, call?: Pick<RequestOptions, 'signal' | 'allow401'>) =>
    client.request(Claim, `/claim/${seg(claimId)}`, { withOrderToken: true, ...call }),
  submitClaim: (claimId: string, submitClaimDetails: SubmitClaimDetails, idempotencyKey: string) =>
    client.request(Claim, `/claim/${seg(claimId)}`, {
      method: 'POST',
      idempotencyKey,
      body: { submitClaimDetails: { ...submitClaimDetails } },
      withOrderToken: true,
    }),
  /** The Delay Repay email link's token becomes a session for that one claim. */
  startClaimFlow: (token: string) =>
    client.request(ClaimSessionResponse, '/user-flow-access', {
      method: 'POST',
      body: { token, flow: 'claim' },
      allow401: true,
    }),
  getClaimToken: () => client.request(ClaimTokenResponse, '/claim-token', { allow401: true }),
});
