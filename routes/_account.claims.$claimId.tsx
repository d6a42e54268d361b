import { createFileRoute } from '@tanstack/react-router';
import { ClaimScreen } from './-components/claims/claim-screen';

export const Route = createFileRoute('/_account/claims/$claimId')({
  component: ClaimPage,
});

function ClaimPage() {
  const { claimId } = Route.useParams();
  return <ClaimScreen key={claimId} claimId={claimId} token={null} />;
}
