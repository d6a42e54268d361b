import type { Claim, ClaimEstimate, ClaimStatus, PaymentType } from '#src/schemas/claims';

/**
 * Words for each Delay Repay status and its next step (the spec gives the statuses, not the copy;
 * docs/decisions/090-delay-repay-and-insurance.md). `money` formats in the portal's currency.
 */
export interface StatusWords {
  title: string;
  next: string;
}

export interface StatusFacts {
  operator: string;
  amount: string;
  deadline: string | null;
  reason: string | null;
}

export function statusWords(status: ClaimStatus, f: StatusFacts): StatusWords {
  switch (status) {
    case 'eligible':
      return {
        title: 'You can claim Delay Repay',
        next: f.deadline ? `Check the details below and send your claim by ${f.deadline}.` : 'Check the details below and send your claim.',
      };
    case 'processing':
      return {
        title: "We're processing your claim",
        next: `${f.operator} is checking your claim against its records. We'll email you when it's decided, usually within 10 working days.`,
      };
    case 'submitted':
      return {
        title: 'Your claim has been sent',
        next: `${f.operator} will review it and reply by email, usually within 20 working days. You don't need to do anything else.`,
      };
    case 'approved':
      return { title: 'Your claim has been approved', next: `${f.amount} will be paid to you within 5 working days.` };
    case 'paid':
      return { title: 'Your claim has been paid', next: `We've paid you ${f.amount}. It can take 3 to 5 working days to reach you.` };
    case 'paid-toc':
      return {
        title: `Paid by ${f.operator}`,
        next: `${f.operator} paid your compensation of ${f.amount} directly. If it hasn't reached you, contact ${f.operator}.`,
      };
    case 'rejected':
      return {
        title: "Your claim wasn't accepted",
        next: `${f.reason ? `${f.reason} ` : ''}If you think this is wrong, contact ${f.operator}: you can ask them to look at it again.`,
      };
    case 'expired':
      return {
        title: 'The time to claim has passed',
        next: `Delay Repay must be claimed within 28 days of travel.${f.deadline ? ` The last day for this journey was ${f.deadline}.` : ''}`,
      };
    case 'credit-issue-failure':
      return {
        title: "We couldn't pay your compensation",
        next: `Your claim was approved, but the payment of ${f.amount} didn't go through.${f.reason ? ` ${f.reason}` : ''} Please contact our customer service team so we can pay you another way.`,
      };
  }
}

/** One sentence per status, for the Delay Repay entry on booking detail. */
export const delayRepaySummaries: Record<ClaimStatus, string> = {
  eligible: 'You can claim compensation for the delay.',
  processing: 'Your claim for compensation is being processed.',
  submitted: 'Your claim for compensation has been sent to the train company.',
  approved: 'Your claim for compensation has been approved.',
  paid: 'Your compensation has been paid.',
  'paid-toc': 'The train company has paid your compensation.',
  rejected: "Your claim for compensation wasn't accepted.",
  expired: 'The time to claim compensation has passed.',
  'credit-issue-failure': "Your claim was approved but we couldn't pay it.",
};

export const paymentLabels: Record<PaymentType, string> = {
  'original-payment': 'Back to the card you paid with',
  'bank-transfer': 'Bank transfer',
  'rail-voucher': 'Rail travel voucher',
};

export const fareBasisLabels: Record<ClaimEstimate['fareBasis'], string> = {
  single: 'a single ticket',
  return: 'a return ticket (delayed on one leg)',
  season: 'a season ticket',
};

const bandText = (band: NonNullable<ClaimEstimate['band']>) =>
  band.toMinutes === null ? `${band.fromMinutes} minutes or more` : `${band.fromMinutes} to ${band.toMinutes} minutes`;

/** How the estimate was worked out, one line per step. */
export function estimateSteps(e: ClaimEstimate, operator: string, money: (n: number) => string): string[] {
  const lines = [
    `Your train arrived ${e.delayMinutes} minutes late, according to ${operator}'s records.`,
    `${operator} pays Delay Repay for delays of ${e.thresholdMinutes} minutes or more.`,
  ];
  if (e.fareBasis === 'season' && e.seasonJourneys) {
    lines.push(`Your season ticket counts as ${money(e.ticketPrice)} a journey (its price over ${e.seasonJourneys} journeys).`);
  }
  if (!e.band) {
    lines.push('That is under the delay Delay Repay starts at, so no compensation is due.');
    return lines;
  }
  lines.push(`A delay of ${bandText(e.band)} on ${fareBasisLabels[e.fareBasis]} earns ${e.band.percent}% of the fare.`);
  lines.push(`${e.band.percent}% of ${money(e.ticketPrice)} is ${money(e.compensation)}.`);
  lines.push(`Service fee: ${money(e.serviceFee)}.`);
  return lines;
}

export const journeyLabel = (j: NonNullable<Claim['journeys']>[number], when: string) =>
  `${j.origin.name} to ${j.destination.name}, ${when}`;
