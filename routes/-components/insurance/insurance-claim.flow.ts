import { fromPromise } from 'xstate';
import { insuranceClaimMachine, type InsuranceClaimRequest } from '#machines/insurance-claim';
import { insuranceApi } from '#src/api/insurance';
import { defineFlow } from '#src/flow';
import { lostAnswerAttempt } from '../lost-answer';

/** The claim's attempt (decision 575): its Idempotency-Key goes with the one call. */
const claimAttempt = lostAnswerAttempt<InsuranceClaimRequest>(({ api }) => {
  const insurance = insuranceApi(api);
  return (request) =>
    insurance.claim(request.orderId, request.insuranceProductId, request.claimId, request.idempotencyKey);
});

/**
 * An insurance claim bound to the API once (src/flow.tsx), its attempt with it. Refreshing the
 * booking once the claim is made is the screen's (it follows the snapshot).
 */
export const insuranceClaimFlow = defineFlow(insuranceClaimMachine)((services) => {
  const insurance = insuranceApi(services.api);
  return {
    actors: {
      checkEligibility: fromPromise(({ input }) => insurance.checkEligibility(input.orderId, input.insuranceProductId)),
      submitClaim: claimAttempt.bind(services),
    },
  };
});
