import { Link } from '@tanstack/react-router';
import type { ClaimStatus, DelayRepaySummary } from '../../../src/schemas/claims';

/** Short words for a claim's status beside its link (the claim page says the rest). */
const statusShort: Record<Exclude<ClaimStatus, 'eligible'>, string> = {
  processing: 'being processed',
  submitted: 'sent',
  approved: 'approved',
  paid: 'paid',
  'paid-toc': 'paid by the train company',
  rejected: 'not accepted',
  expired: 'time to claim has passed',
  'credit-issue-failure': 'payment failed',
};

/**
 * The Delay Repay entry of a delayed journey (past bookings list and booking detail): "Claim Delay
 * Repay" while it can be claimed, else the claim's status; both lead to the claim.
 */
export function DelayRepayLink({
  delayRepay,
  className,
  describedBy,
}: {
  delayRepay: DelayRepaySummary;
  className?: string;
  /** Id of the journey's title, so each link says which journey it is for. */
  describedBy?: string;
}) {
  const text = delayRepay.status === 'eligible' ? 'Claim Delay Repay' : `Delay Repay claim: ${statusShort[delayRepay.status]}`;
  return (
    <Link
      to="/bookings/claim/$claimId"
      params={{ claimId: delayRepay.claimId }}
      className={className}
      {...(describedBy ? { 'aria-describedby': describedBy } : {})}
    >
      {text}
    </Link>
  );
}
