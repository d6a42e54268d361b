import { fromPromise } from 'xstate';
import { delayRepayMachine, type SubmitClaimRequest } from '#machines/delay-repay';
import { delayRepayApi } from '#src/api/delay-repay';
import { defineFlow } from '#src/flow';
import { lostAnswerAttempt } from '../lost-answer';

/**
 * Where a claim's form is kept across a 401 and the sign-in that follows (decision 161): in memory,
 * for the account that typed it, never storage, since it holds the sort code and account number.
 */
export const delayRepayDraftKey = (claimId: string | null): string => `delay-repay:${claimId ?? ''}`;

/** The claim's attempt (decision 575): the draft is claimed for the signed-in account as it starts. */
const submitAttempt = lostAnswerAttempt<SubmitClaimRequest>(({ api, authActor, drafts }) => {
  const claims = delayRepayApi(api);
  return (request) => {
    drafts.claim(delayRepayDraftKey(request.claimId), authActor.getSnapshot().context.user?.id ?? null);
    return claims.submitClaim(request.claimId, request.details, request.idempotencyKey);
  };
});

/**
 * A Delay Repay claim bound to the API once (src/flow.tsx), its attempt with it: a claim-token
 * session's header goes on the API client, and the form's draft is kept and dropped by claim.
 */
export const delayRepayFlow = defineFlow(delayRepayMachine)((services) => {
  const { api, drafts } = services;
  const claims = delayRepayApi(api);
  return {
    actors: {
      startClaimFlow: fromPromise(({ input }) => claims.startClaimFlow(input.token)),
      fetchClaimToken: fromPromise(() => claims.getClaimToken()),
      fetchClaim: fromPromise(({ input }) => claims.getClaim(input.claimId)),
      submitClaim: submitAttempt.bind(services),
    },
    actions: {
      applyUserFlow: (_, params) => api.setUserFlowId(`order.${params.session}`),
      keepDraft: ({ context }, draft) => drafts.keep(delayRepayDraftKey(context.claimId), draft),
      dropDraft: ({ context }) => drafts.drop(delayRepayDraftKey(context.claimId)),
    },
  };
});
