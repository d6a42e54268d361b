import type { SubmitError } from '#machines/delay-repay';
import type { Claim, ClaimEstimate, ClaimFormIssue, ClaimStatus, PaymentType } from '#src/schemas/delay-repay';
import { lifecycleRefusalWords } from '../server-words';
import { m } from '#src/paraglide/messages.js';

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
        title: m.delay_repay_copy_eligible_title(),
        next: f.deadline
          ? m.delay_repay_copy_eligible_next({ deadline: f.deadline })
          : m.delay_repay_copy_eligible_next_no_deadline(),
      };
    case 'processing':
      return {
        title: m.delay_repay_copy_processing_title(),
        next: m.delay_repay_copy_processing_next({ operator: f.operator }),
      };
    case 'submitted':
      return {
        title: m.delay_repay_copy_submitted_title(),
        next: m.delay_repay_copy_submitted_next({ operator: f.operator }),
      };
    case 'approved':
      return {
        title: m.delay_repay_copy_approved_title(),
        next: m.delay_repay_copy_approved_next({ amount: f.amount }),
      };
    case 'paid':
      return { title: m.delay_repay_copy_paid_title(), next: m.delay_repay_copy_paid_next({ amount: f.amount }) };
    case 'paid-toc':
      return {
        title: m.delay_repay_copy_paid_toc_title({ operator: f.operator }),
        next: m.delay_repay_copy_paid_toc_next({ operator: f.operator, amount: f.amount }),
      };
    case 'rejected':
      return {
        title: m.delay_repay_copy_rejected_title(),
        next: f.reason
          ? m.delay_repay_copy_rejected_next_reason({ reason: f.reason, operator: f.operator })
          : m.delay_repay_copy_rejected_next({ operator: f.operator }),
      };
    case 'expired':
      return {
        title: m.delay_repay_copy_expired_title(),
        next: f.deadline
          ? m.delay_repay_copy_expired_next_deadline({ deadline: f.deadline })
          : m.delay_repay_copy_expired_next(),
      };
    case 'credit-issue-failure':
      return {
        title: m.delay_repay_copy_credit_issue_failure_title(),
        next: f.reason
          ? m.delay_repay_copy_payment_failed_next_reason({ amount: f.amount, reason: f.reason })
          : m.delay_repay_copy_payment_failed_next({ amount: f.amount }),
      };
  }
}

/**
 * A claim the booking's lifecycle refuses (decision 570): why, by the lifecycle's reason. Refunded
 * (or being refunded, or part refunded), paid by insurance, or otherwise cancelled (exchanged).
 */
export function notClaimableWords(reason: string): StatusWords {
  const next =
    reason === 'INSURANCE_CLAIMED'
      ? m.delay_repay_copy_not_claimable_insurance()
      : reason === 'REFUNDED' || reason === 'REFUND_IN_PROGRESS' || reason === 'PART_REFUNDED'
        ? m.delay_repay_copy_not_claimable_refunded()
        : m.delay_repay_copy_not_claimable_cancelled();
  return { title: m.delay_repay_copy_not_claimable_title(), next };
}

/**
 * A refused submit in the page's words, by the refusal's code (server/api/delay-repay.ts;
 * docs/decisions/641-server-words-as-codes.md): the title (the form's own for a 422, "can't be
 * claimed" for a refusal the booking's lifecycle makes) and why. The server's sentence is shown only
 * for a code this app does not know, or when the words need data the API did not send.
 */
/**
 * The title of a refused or failed submit (docs/product/errors.md): a 422 'Sorry! We couldn't process
 * your claim'; any other 'There was a problem with your claim. Please check your details and try again.'
 */
export const submitErrorTitle = (e: Pick<SubmitError, 'status'>): string =>
  e.status === 422 ? m.delay_repay_unprocessable() : m.delay_repay_problem();

/** The words of each problem the claim form's rules find (src/schemas/delay-repay.ts ClaimFormFields). */
export const claimFormWords: Record<ClaimFormIssue, () => string> = {
  direction: () => m.delay_repay_direction(),
  delayRequired: () => m.delay_repay_delay_required(),
  delayInvalid: () => m.delay_repay_delay_invalid(),
  paymentType: () => m.delay_repay_payment_type(),
  sortCode: () => m.delay_repay_sort_code(),
  accountNumber: () => m.delay_repay_account_number(),
};

export function submitErrorWords(
  e: SubmitError,
  claim: Pick<Claim, 'operator' | 'thresholdMinutes'>,
): { title: string; detail: string | null } {
  const operator = claim.operator ?? null;
  const own = (): string | null => {
    switch (e.code) {
      case 'CLAIM_PUNCHOUT':
        return operator ? m.delay_repay_refusal_punchout({ operator }) : null;
      case 'CLAIM_EXPIRED':
        return m.delay_repay_refusal_expired();
      case 'CLAIM_NOT_OPEN':
        return m.delay_repay_refusal_not_open();
      case 'JOURNEY_NOT_DELAYED':
        return m.delay_repay_refusal_not_delayed();
      case 'NO_RETURN_JOURNEY':
        return m.delay_repay_refusal_no_return();
      case 'DELAY_BELOW_THRESHOLD':
        return operator && claim.thresholdMinutes !== undefined
          ? m.delay_repay_copy_pays_delay_repay_for_delays({ operator, thresholdMinutes: claim.thresholdMinutes })
          : null;
      default:
        return null;
    }
  };
  const words = own();
  if (words) return { title: submitErrorTitle(e), detail: words };
  const lifecycle = lifecycleRefusalWords(e.code);
  if (lifecycle) {
    const cancelled = ['REFUNDED', 'REFUND_IN_PROGRESS', 'PART_REFUNDED', 'INSURANCE_CLAIMED', 'CHANGED'].includes(
      e.code ?? '',
    );
    return {
      title: m.delay_repay_copy_not_claimable_title(),
      detail: cancelled ? notClaimableWords(e.code ?? '').next : lifecycle,
    };
  }
  return { title: submitErrorTitle(e), detail: e.detail };
}

/** One sentence per status, for the Delay Repay entry on booking detail. */
export const delayRepaySummaries: Record<ClaimStatus, string> = {
  eligible: m.delay_repay_copy_eligible(),
  processing: m.delay_repay_copy_processing(),
  submitted: m.delay_repay_copy_submitted(),
  approved: m.delay_repay_copy_approved(),
  paid: m.delay_repay_copy_paid(),
  'paid-toc': m.delay_repay_copy_paid_toc(),
  rejected: m.delay_repay_copy_rejected(),
  expired: m.delay_repay_copy_expired(),
  'credit-issue-failure': m.delay_repay_copy_credit_issue_failure(),
};

export const paymentLabels: Record<PaymentType, string> = {
  'original-payment': m.delay_repay_copy_original_payment(),
  'bank-transfer': m.delay_repay_copy_bank_transfer(),
  'rail-voucher': m.delay_repay_copy_rail_voucher(),
};

export const fareBasisLabels: Record<ClaimEstimate['fareBasis'], string> = {
  single: m.delay_repay_copy_single(),
  return: m.delay_repay_copy_return(),
  season: m.delay_repay_copy_season(),
};

const bandText = (band: NonNullable<ClaimEstimate['band']>) =>
  band.toMinutes === null
    ? m.delay_repay_copy_minutes_or_more({ fromMinutes: band.fromMinutes })
    : m.delay_repay_copy_to_minutes({ fromMinutes: band.fromMinutes, toMinutes: band.toMinutes });

/** How the estimate was worked out, one line per step. */
export function estimateSteps(e: ClaimEstimate, operator: string, money: (n: number) => string): string[] {
  const lines = [
    m.delay_repay_copy_your_train_arrived_minutes_late({ delayMinutes: e.delayMinutes, operator }),
    m.delay_repay_copy_pays_delay_repay_for_delays({ operator, thresholdMinutes: e.thresholdMinutes }),
  ];
  if (e.fareBasis === 'season' && e.seasonJourneys) {
    lines.push(
      m.delay_repay_copy_your_season_ticket_counts_as({
        amount: money(e.ticketPrice),
        seasonJourneys: e.seasonJourneys,
      }),
    );
  }
  if (!e.band) {
    lines.push(m.delay_repay_copy_that_is_under_the_delay());
    return lines;
  }
  lines.push(
    m.delay_repay_copy_a_delay_of_on_earns({
      delay: bandText(e.band),
      ticket: fareBasisLabels[e.fareBasis],
      percent: e.band.percent,
    }),
  );
  lines.push(
    m.delay_repay_copy_of_is({ percent: e.band.percent, amount: money(e.ticketPrice), amount2: money(e.compensation) }),
  );
  lines.push(m.delay_repay_copy_service_fee({ amount: money(e.serviceFee) }));
  return lines;
}

export const journeyLabel = (j: NonNullable<Claim['journeys']>[number], when: string) =>
  m.delay_repay_copy_to({ name: j.origin.name, name2: j.destination.name, when });
