import { createFileRoute } from '@tanstack/react-router';
import { DelayRepayScreen } from './-components/delay-repay/delay-repay-screen';

export const Route = createFileRoute('/_account/bookings/claim/$claimId')({
  component: ClaimPage,
});

function ClaimPage() {
  const { claimId } = Route.useParams();
  return <DelayRepayScreen key={claimId} claimId={claimId} token={null} />;
}
