import type { ApiClient } from './client';
import * as v from 'valibot';
import { InsuranceClaimAnswer, type InsuranceClaimResponse } from '../schemas/insurance';

const seg = encodeURIComponent;

/**
 * Flexible insurance (docs/product/api.md). The eligibility body is returned unchecked on purpose:
 * insuranceClaimMachine validates it (docs/product/validation.md) and maps a bad shape to system-error
 * 'Unexpected response format'.
 */
export const insuranceApi = (client: ApiClient) => ({
  checkEligibility: (orderId: string, insuranceProductId: string): Promise<unknown> =>
    client.request(v.unknown(), `/flexible-insurance/${seg(orderId)}/${seg(insuranceProductId)}/eligibility`, {
      method: 'POST',
      withOrderToken: true,
    }),
  claim: async (
    orderId: string,
    insuranceProductId: string,
    claimId: string,
    idempotencyKey: string,
  ): Promise<InsuranceClaimResponse> => {
    const answer = await client.request(
      InsuranceClaimAnswer,
      `/flexible-insurance/${seg(orderId)}/${seg(insuranceProductId)}/${seg(claimId)}/claim`,
      { method: 'POST', withOrderToken: true, idempotencyKey },
    );
    return { claimId: answer?.claimId ?? claimId, ...(answer?.reference ? { reference: answer.reference } : {}) };
  },
});
