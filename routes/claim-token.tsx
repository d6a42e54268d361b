import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { useServices } from '#src/services';
import { DelayRepayScreen } from './-components/delay-repay/delay-repay-screen';

/**
 * A Delay Repay claim without signing in, through the token of the claim's email link
 * (`#token=...`, taken from the address bar at start-up and kept in memory only). The token becomes
 * a user-flow session for that one claim (`x-user-flow-id: order.{session}`) while this page is open.
 */
export const Route = createFileRoute('/claim-token')({
  component: ClaimTokenPage,
});

function ClaimTokenPage() {
  const { hashToken } = useServices();
  // Read once: a reload has no token and says to open the email link again or sign in.
  const [token] = useState(() => hashToken.take());
  return <DelayRepayScreen claimId={null} token={token} />;
}
