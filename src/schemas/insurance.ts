import * as v from 'valibot';
import type { SpecRecord } from './spec-records.ts';
import { maybe } from './maybe.ts';

/**
 * Flexible insurance (docs/product/entities.md, docs/product/validation.md, docs/product/api.md). The eligibility response must carry claimId, orderId,
 * insuranceProductId and a boolean isClaimable (docs/product/validation.md); the machine checks it with this
 * schema itself, so a mismatch becomes system-error 'Unexpected response format'.
 */
export const insuranceKinds = ['Essential', 'Trip', 'TripCover'] as const;
export type InsuranceKind = (typeof insuranceKinds)[number];

const eligibilitySpec = {
  orderId: v.string(),
  insuranceProductId: v.string(),
  claimId: v.pipe(v.string(), v.minLength(1)),
  isClaimable: v.boolean(),
};
export const EligibilityResponse = v.object({
  ...eligibilitySpec,
  /** Local-server extra: why not, in words. */
  detail: v.optional(v.string()),
});
export type EligibilityResponse = v.InferOutput<typeof EligibilityResponse>;

/**
 * POST .../{claimId}/claim: docs/product/api.md lists no answer fields, so the body may be empty (null)
 * and both fields are local-server extras. The API module fills claimId from the call's own path.
 */
export const InsuranceClaimAnswer = v.nullable(
  v.object({
    /** Local-server extra. */
    claimId: v.optional(v.string()),
    /** Local-server extra: without it the screen says the claim was made without naming a reference. */
    reference: v.optional(v.string()),
  }),
);
/** What the flow gets: the claim id (from the answer, else the one claimed) and any reference. */
export interface InsuranceClaimResponse {
  claimId: string;
  reference?: string;
}

/** Flexible insurance bought with a booking (booking detail, local extra). */
export const InsuranceProduct = v.object({
  id: v.string(),
  kind: v.picklist(insuranceKinds),
  premium: v.object({ amount: v.number(), currencyCode: v.string() }),
  claim: maybe(
    v.object({ claimId: v.string(), reference: v.string(), claimedAt: v.pipe(v.string(), v.isoTimestamp()) }),
  ),
});
export type InsuranceProduct = v.InferOutput<typeof InsuranceProduct>;

/**
 * docs/product/api.md's fields of the eligibility answer (spec mode, src/schemas/spec-records.ts), its
 * `errorType` too, which the app does not read.
 */
export const specRecords: readonly SpecRecord[] = [
  [EligibilityResponse, { ...eligibilitySpec, errorType: v.unknown() }],
];
