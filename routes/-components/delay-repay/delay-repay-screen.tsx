import { useEffect, useState } from 'react';
import type { ClaimForm as ClaimFormValues } from '#machines/delay-repay';
import type { FirstData } from '#machines/lib/first-data';
import type { Claim } from '#src/schemas/delay-repay';
import { newKeySeed } from '#src/api/idempotency';
import { useServices } from '#src/services';
import { Loading, Page } from '#src/ui/page';
import { m } from '#src/paraglide/messages.js';
import { delayRepayDraftKey, delayRepayFlow } from './delay-repay.flow';
import { AccountOffer, ClaimBody, claimIntro, claimProblemPage } from './delay-repay-status';

/**
 * A Delay Repay claim: /bookings/claim/{claimId} and /claims/{claimId} (signed in, `claimId`, and
 * `first`, what the route loaded: docs/decisions/730) and /claim-token (no sign-in, `token` from the
 * email link's URL hash). See machines/delay-repay.ts.
 */
export function DelayRepayScreen({
  claimId,
  token,
  first,
}: {
  claimId: string | null;
  token: string | null;
  first?: FirstData<Claim> | null | undefined;
}) {
  const { api, authActor, drafts } = useServices();
  // What was typed before a 401 on submit, kept in memory for the account that typed it (decision 161).
  const [initialDraft] = useState(() =>
    claimId
      ? (drafts.peek(
          delayRepayDraftKey(claimId),
          authActor.getSnapshot().context.user?.id ?? null,
        ) as ClaimFormValues | null)
      : null,
  );
  const [keySeed] = useState(newKeySeed);

  // A claim-token session's header belongs to this page: put back whatever was there when leaving it.
  useEffect(() => {
    if (!token) return;
    const previous = api.userFlowId;
    return () => api.setUserFlowId(previous);
  }, [api, token]);

  // Read-only here: the machine drops the draft once it is on screen.
  const [snapshot, send] = delayRepayFlow.useFlow({ input: { claimId, token, keySeed, draft: initialDraft, first } });

  const viaLink = token !== null || snapshot.context.session !== null;
  const problem = claimProblemPage(snapshot, send);
  if (problem) return problem;
  const claim = snapshot.context.claim;
  if (!snapshot.matches('loaded') || !claim) {
    return (
      <ClaimLoadingPage
        label={snapshot.matches('loading') ? m.delay_repay_screen_loading_your_claim() : m.common_checking_your_link()}
      />
    );
  }
  return (
    <Page title={m.delay_repay_screen_delay_repay_claim()} intro={claimIntro(claim)}>
      {viaLink && (
        <AccountOffer claim={claim} registered={snapshot.context.customerRegistered ?? claim.customerRegistered} />
      )}
      <ClaimBody snapshot={snapshot} send={send} claim={claim} />
    </Page>
  );
}

function ClaimLoadingPage({ label }: { label: string }) {
  return (
    <Page title={m.delay_repay_screen_delay_repay_claim()}>
      <Loading label={label} />
    </Page>
  );
}

/** While a signed-in claim route loads the claim (its pending state): the page as its chart's loading state shows it. */
export function DelayRepayLoading() {
  return <ClaimLoadingPage label={m.delay_repay_screen_loading_your_claim()} />;
}
