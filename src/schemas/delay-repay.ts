import * as v from 'valibot';
import type { SpecRecord } from './spec-records.ts';
import { ServerWords } from './server-words';
import { maybe } from './maybe.ts';

/**
 * Delay Repay (docs/product/entities.md, docs/product/api.md, docs/product/errors.md), docs/decisions/090-delay-repay-and-insurance.md.
 * docs/product/entities.md lists claimId, orderId, claimType, serviceFee.amount, compensationToCustomer.amount,
 * customerRegistered and status; every other field is a local-server extra, optional here, and the
 * screen works without it.
 */
export const claimTypes = ['Integrated', 'Punchout', 'Submission'] as const;
export const claimStatuses = [
  'eligible',
  'processing',
  'approved',
  'paid',
  'rejected',
  'expired',
  'submitted',
  'paid-toc',
  'credit-issue-failure',
] as const;
export type ClaimStatus = (typeof claimStatuses)[number];

const IsoDate = v.pipe(v.string(), v.isoTimestamp());
const Amount = v.object({ amount: v.number() });
const Station = v.object({ code: v.string(), name: v.string() });
export const Direction = v.picklist(['outward', 'inward']);
export type Direction = v.InferOutput<typeof Direction>;
export const paymentTypes = ['original-payment', 'bank-transfer', 'rail-voucher'] as const;
export type PaymentType = (typeof paymentTypes)[number];

export const ClaimJourney = v.object({
  direction: Direction,
  origin: Station,
  destination: Station,
  departureTime: IsoDate,
  arrivalTime: maybe(IsoDate),
  operator: maybe(v.string()),
});
export type ClaimJourney = v.InferOutput<typeof ClaimJourney>;

export const ClaimEstimate = v.object({
  delayMinutes: v.number(),
  thresholdMinutes: v.number(),
  fareBasis: v.picklist(['single', 'return', 'season']),
  ticketPrice: v.number(),
  seasonJourneys: maybe(v.number()),
  band: maybe(v.object({ fromMinutes: v.number(), toMinutes: maybe(v.number()), percent: v.number() })),
  compensation: v.number(),
  serviceFee: v.number(),
  toCustomer: v.number(),
});
export type ClaimEstimate = v.InferOutput<typeof ClaimEstimate>;

const claimSpec = {
  claimId: v.string(),
  orderId: v.string(),
  claimType: v.picklist(claimTypes),
  serviceFee: Amount,
  compensationToCustomer: Amount,
  customerRegistered: v.boolean(),
  status: v.picklist(claimStatuses),
};
export const Claim = v.object({
  ...claimSpec,
  // Local-server extras:
  bookingId: v.optional(v.string()),
  friendlyOrderId: v.optional(v.string()),
  operator: v.optional(v.nullable(v.string())),
  journeys: v.optional(v.array(ClaimJourney)),
  delayedJourney: v.optional(Direction),
  delayMinutes: v.optional(v.number()),
  thresholdMinutes: v.optional(v.number()),
  deadline: v.optional(IsoDate),
  /** The operator's claim page: https only. */
  punchoutUrl: v.optional(v.nullable(v.pipe(v.string(), v.regex(/^https:\/\/[^\s]+$/)))),
  statusReason: v.optional(v.nullable(v.string())),
  /** local-server extra: what statusReason says, as a code and its data (decision 641). */
  statusReasonWords: v.optional(v.nullable(ServerWords)),
  /**
   * The booking's lifecycle refuses a claim (refunded, exchanged, paid by insurance): the claim
   * answers `rejected` with no estimate, and this says why (decision 570).
   */
  notClaimable: v.optional(v.nullable(v.object({ reason: v.string() }))),
  estimate: v.optional(v.nullable(ClaimEstimate)),
  submitted: v.optional(
    v.nullable(
      v.object({
        journey: v.object({ direction: Direction }),
        delay: v.object({ minutes: v.number() }),
        paymentMethod: v.object({ type: v.picklist(paymentTypes), accountEnding: v.optional(v.string()) }),
        submittedAt: IsoDate,
      }),
    ),
  ),
});
export type Claim = v.InferOutput<typeof Claim>;

const claimTokenSpec = { customerRegistered: v.boolean() };
/**
 * GET /claim-token: whether the link's customer has an account (docs/product/api.md lists customerRegistered
 * only). `claimId` is a local-server extra: without it the claim id comes from the link's session
 * answer (ClaimSessionResponse.claimId) or the one the flow already has.
 */
export const ClaimTokenResponse = v.object({ ...claimTokenSpec, claimId: v.optional(v.string()) });
export type ClaimTokenResponse = v.InferOutput<typeof ClaimTokenResponse>;

/** POST /user-flow-access {token, flow: 'claim'}: a session for that one claim. */
export const ClaimSessionResponse = v.object({
  session: v.string(),
  flow: v.literal('order'),
  claimId: v.optional(v.string()),
});
export type ClaimSessionResponse = v.InferOutput<typeof ClaimSessionResponse>;

/** Body of POST /claim/{claimId}. */
export interface SubmitClaimDetails {
  journey: { direction: Direction };
  delay: { minutes: number };
  paymentMethod:
    | { type: 'original-payment' }
    | { type: 'rail-voucher' }
    | { type: 'bank-transfer'; sortCode: string; accountNumber: string };
}

/** The Delay Repay entry on a booking (booking detail): local extra. */
export const DelayRepaySummary = v.object({ claimId: v.string(), status: v.picklist(claimStatuses) });
export type DelayRepaySummary = v.InferOutput<typeof DelayRepaySummary>;

/** A sort code or account number as typed: spaces and hyphens (40-12-34) are the customer's, not the number's. */
export const bankDigits = (value: string): string => value.replace(/[\s-]/g, '');

/**
 * What the Delay Repay claim form can find wrong, one code per rule; the screen words each from the
 * message catalogue (routes/-components/delay-repay/delay-repay-copy.ts claimFormWords).
 */
export const claimFormIssues = [
  'direction',
  'delayRequired',
  'delayInvalid',
  'paymentType',
  'sortCode',
  'accountNumber',
] as const;
export type ClaimFormIssue = (typeof claimFormIssues)[number];

/**
 * The claim form's fields as typed (strings, '' for a question not answered), each with the rules of
 * the request it becomes (POST claim/{claimId}: a direction, 1–999 whole minutes, a payment type, and
 * for a bank transfer a 6-digit sort code and an 8-digit account number). Each issue's message is
 * its ClaimFormIssue code.
 */
export const ClaimFormFields = {
  direction: v.picklist(Direction.options, 'direction' satisfies ClaimFormIssue),
  delay: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty('delayRequired' satisfies ClaimFormIssue),
    v.digits('delayInvalid' satisfies ClaimFormIssue),
    v.maxLength(3, 'delayInvalid' satisfies ClaimFormIssue),
    v.transform(Number),
    v.minValue(1, 'delayInvalid' satisfies ClaimFormIssue),
  ),
  paymentType: v.picklist(paymentTypes, 'paymentType' satisfies ClaimFormIssue),
  sortCode: v.pipe(
    v.string(),
    v.transform(bankDigits),
    v.digits('sortCode' satisfies ClaimFormIssue),
    v.length(6, 'sortCode' satisfies ClaimFormIssue),
  ),
  accountNumber: v.pipe(
    v.string(),
    v.transform(bankDigits),
    v.digits('accountNumber' satisfies ClaimFormIssue),
    v.length(8, 'accountNumber' satisfies ClaimFormIssue),
  ),
} as const;
export type ClaimFormValues = Record<keyof typeof ClaimFormFields, string>;

/** The first issue per field of the claim form (bank details only for a bank transfer), or none when it can be sent. */
export function claimFormIssuesOf(form: ClaimFormValues): Partial<Record<keyof ClaimFormValues, ClaimFormIssue>> {
  const issues: Partial<Record<keyof ClaimFormValues, ClaimFormIssue>> = {};
  const fields = (Object.keys(ClaimFormFields) as (keyof ClaimFormValues)[]).filter(
    (field) => form.paymentType === 'bank-transfer' || (field !== 'sortCode' && field !== 'accountNumber'),
  );
  for (const field of fields) {
    const result = v.safeParse(ClaimFormFields[field], form[field], { abortEarly: true });
    if (!result.success) issues[field] = result.issues[0]?.message as ClaimFormIssue;
  }
  return issues;
}

/** docs/product/entities.md's fields of a Delay Repay claim, and docs/product/api.md's of the claim link's answer (spec mode, src/schemas/spec-records.ts). */
export const specRecords: readonly SpecRecord[] = [
  [Claim, claimSpec],
  [ClaimTokenResponse, claimTokenSpec],
];
