import { createFileRoute } from '@tanstack/react-router';
import { firstDataCache } from '#src/config/timeouts';
import { DelayRepayLoading, DelayRepayScreen } from './-components/delay-repay/delay-repay-screen';

export const Route = createFileRoute('/_account/bookings/claim/$claimId')({
  // The claim (docs/decisions/730): loaded by the router, preloaded on intent; meanwhile the claim's
  // own loading words, and a failure is the claim's error with Try again (or not found).
  loader: async (load) => (await import('./-components/delay-repay/load-claim')).loadClaim(load, load.params.claimId),
  ...firstDataCache,
  // The pending page travels with the claim's chunk, not the route tree every page loads.
  codeSplitGroupings: [['component', 'pendingComponent'], ['errorComponent'], ['notFoundComponent']],
  pendingComponent: DelayRepayLoading,
  component: ClaimPage,
});

function ClaimPage() {
  const { claimId } = Route.useParams();
  // A draft kept across a sign-in (decision 161) is read as the screen mounts and laid over the loaded claim.
  return <DelayRepayScreen key={claimId} claimId={claimId} token={null} first={Route.useLoaderData()} />;
}
