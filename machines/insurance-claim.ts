import { assign, fromPromise, setup } from 'xstate';
import { attemptKey, isOutcomeUnknown, nextAttempt } from './lib/attempt-key';
import { doneOutput } from './lib/done-output';
import { codeOf, hasStatus, problemOfEvent } from './lib/problems';
import * as v from 'valibot';
import { EligibilityResponse, type InsuranceClaimResponse } from '#src/schemas/insurance';
import { m } from '#src/paraglide/messages.js';

/**
 * Flexible insurance claim (docs/product/entities.md, docs/product/states.md, docs/product/validation.md, docs/product/errors.md): eligibility, then claim.
 * Each state carries its spec status as a tag (NONE, ELIGIBILITY_REQUEST, ELIGIBILITY_SUCCESS,
 * ELIGIBILITY_FAILED, CLAIM_REQUEST, CLAIM_SUCCESS, CLAIM_FAILED). The modal shows in
 * ELIGIBILITY_SUCCESS, CLAIM_REQUEST and CLAIM_FAILED. Eligibility may start from NONE or
 * ELIGIBILITY_FAILED; a claim from ELIGIBILITY_SUCCESS or CLAIM_FAILED, with a claim id. The
 * eligibility response must carry claimId, orderId, insuranceProductId and a boolean isClaimable,
 * else system-error 'Unexpected response format'; isClaimable false is ineligible-product
 * 'Product is not claimable'; anything else is system-error. After a claim succeeds the booking is
 * refreshed once, debounced by insuranceRefreshDebounceMs (400 ms).
 *
 * Each claim attempt has its own Idempotency-Key. When its answer is lost (no answer, or a gateway's
 * 502/504) the modal checks before it speaks (`checking`, still CLAIM_REQUEST: the same claim with
 * the same key, which the server answers with its first answer); only when the check fails too does
 * it say it could not confirm (`unconfirmed`, CLAIM_FAILED, where trying again repeats the check).
 * A 409 ALREADY_CLAIMED or INSURANCE_CLAIMED means an earlier attempt went through: shown as CLAIM_SUCCESS (decision 310).
 */
export type InsuranceClaimStatus =
  | 'NONE'
  | 'ELIGIBILITY_REQUEST'
  | 'ELIGIBILITY_SUCCESS'
  | 'ELIGIBILITY_FAILED'
  | 'CLAIM_REQUEST'
  | 'CLAIM_SUCCESS'
  | 'CLAIM_FAILED';
export type InsuranceErrorType = 'ineligible-product' | 'system-error';

export interface InsuranceClaimInput {
  orderId: string;
  insuranceProductId: string;
  /** Made once per screen by the route (random): the stem of each claim attempt's Idempotency-Key. */
  keySeed: string;
}

export interface InsuranceClaimContext {
  orderId: string;
  insuranceProductId: string;
  claimId: string | null;
  isClaimable: boolean | null;
  errorType: InsuranceErrorType | null;
  errorMessage: string | null;
  /** The server's words on why a product is not claimable (local extra), if given. */
  detail: string | null;
  /** Reference of the submitted claim (local extra), if given. */
  reference: string | null;
  claimFailed: boolean;
  /** The claim's outcome could not be confirmed (its answer and the check's were lost). */
  claimUnconfirmed: boolean;
  keySeed: string;
  /** Claim attempts so far: with keySeed, the Idempotency-Key (machines/lib/attempt-key.ts). */
  attempt: number;
}

export type InsuranceClaimEvent = { type: 'insurance.checkEligibility' } | { type: 'insurance.claim' } | { type: 'modal.close' };

export const INSURANCE_REFRESH_DEBOUNCE_MS = 400;

export const insuranceClaimMessages = {
  unexpectedFormat: m.insurance_claim_unexpected_format(),
  notClaimable: m.insurance_claim_not_claimable(),
  systemError: m.insurance_claim_system_error(),
  claimFailed: m.insurance_claim_claim_failed(),
  checking: m.insurance_claim_checking(),
  unconfirmed: m.insurance_claim_unconfirmed(),
} as const;

/** The spec's status for a snapshot of this machine. */
export const insuranceClaimStatuses: readonly InsuranceClaimStatus[] = [
  'NONE',
  'ELIGIBILITY_REQUEST',
  'ELIGIBILITY_SUCCESS',
  'ELIGIBILITY_FAILED',
  'CLAIM_REQUEST',
  'CLAIM_SUCCESS',
  'CLAIM_FAILED',
];
export const insuranceClaimStatus = (snapshot: { hasTag: (tag: InsuranceClaimStatus) => boolean }): InsuranceClaimStatus =>
  insuranceClaimStatuses.find((s) => snapshot.hasTag(s)) ?? 'NONE';
/** The modal is open in these statuses (docs/product/states.md). */
export const insuranceModalStatuses: readonly InsuranceClaimStatus[] = ['ELIGIBILITY_SUCCESS', 'CLAIM_REQUEST', 'CLAIM_FAILED'];

/** checkEligibility's answer, checked against the spec's required fields (guards and actions on its done event only). */
const eligibilityOf = (event: { type: string }) => v.safeParse(EligibilityResponse, doneOutput<unknown>(event, 'checkEligibility'));

export const insuranceClaimMachine = setup({
  types: {
    context: {} as InsuranceClaimContext,
    events: {} as InsuranceClaimEvent,
    input: {} as InsuranceClaimInput,
    tags: {} as InsuranceClaimStatus,
    output: {} as { claimId: string | null; reference: string | null },
  },
  actors: {
    checkEligibility: fromPromise<unknown, { orderId: string; insuranceProductId: string }>(async () => {
      throw new Error('checkEligibility not provided');
    }),
    submitClaim: fromPromise<InsuranceClaimResponse, { orderId: string; insuranceProductId: string; claimId: string; idempotencyKey: string }>(async () => {
      throw new Error('submitClaim not provided');
    }),
  },
  delays: {
    /** docs/product/constants.md: insurance refresh debounce 400 ms, a fixed constant. */
    insuranceRefreshDebounceMs: INSURANCE_REFRESH_DEBOUNCE_MS,
  },
  guards: {
    isUnexpectedFormat: ({ event }) => !eligibilityOf(event).success,
    isNotClaimable: ({ event }) => {
      const parsed = eligibilityOf(event);
      return parsed.success && !parsed.output.isClaimable;
    },
    hasClaimId: ({ context }) => context.claimId !== null && context.claimId !== '',
    isOutcomeUnknown: ({ event }) => isOutcomeUnknown(event),
    /**
     * 409 ALREADY_CLAIMED (the cover's own check) or INSURANCE_CLAIMED (the booking's lifecycle:
     * an insurance claim has paid for this trip): an earlier attempt went through.
     */
    isAlreadyClaimed: ({ event }) => hasStatus(event, 409) && ['ALREADY_CLAIMED', 'INSURANCE_CLAIMED'].includes(codeOf(problemOfEvent(event)) ?? ''),
  },
  actions: {
    clearError: assign({ errorType: null, errorMessage: null, detail: null, claimFailed: false }),
    storeEligibility: assign(({ event }) => {
      const parsed = eligibilityOf(event);
      return parsed.success ? { claimId: parsed.output.claimId, isClaimable: parsed.output.isClaimable } : {};
    }),
    setFormatError: assign({
      errorType: 'system-error' as const,
      errorMessage: insuranceClaimMessages.unexpectedFormat,
      claimId: null,
      isClaimable: null,
    }),
    setIneligible: assign(({ event }) => {
      const parsed = eligibilityOf(event);
      return {
        errorType: 'ineligible-product' as const,
        errorMessage: insuranceClaimMessages.notClaimable,
        isClaimable: false,
        claimId: null,
        detail: parsed.success ? (parsed.output.detail ?? null) : null,
      };
    }),
    setSystemError: assign({
      errorType: 'system-error' as const,
      errorMessage: insuranceClaimMessages.systemError,
      claimId: null,
      isClaimable: null,
    }),
    setClaimFailed: assign({ claimFailed: true, claimUnconfirmed: false }),
    setClaimUnconfirmed: assign({ claimFailed: true, claimUnconfirmed: true }),
    /** A new claim attempt: the next Idempotency-Key. */
    beginAttempt: assign(({ context }) => ({ ...nextAttempt(context), claimFailed: false, claimUnconfirmed: false })),
    /** Already claimed (409): done, with no reference of its own (the refreshed booking shows the claim). */
    storeAlreadyClaimed: assign({ claimFailed: false, claimUnconfirmed: false, reference: null }),
    storeClaim: assign({
      claimFailed: false,
      claimUnconfirmed: false,
      reference: ({ event }) => doneOutput<InsuranceClaimResponse | null | undefined>(event, 'submitClaim')?.reference ?? null,
    }),
    reset: assign({ claimId: null, isClaimable: null, errorType: null, errorMessage: null, detail: null, claimFailed: false, claimUnconfirmed: false }),
    /** Provided by the booking page: reload the booking (booking detail's `booking.reload`). */
    refreshBooking: () => {},
  },
}).createMachine({
  id: 'insuranceClaim',
  context: ({ input }) => ({
    orderId: input.orderId,
    insuranceProductId: input.insuranceProductId,
    claimId: null,
    isClaimable: null,
    errorType: null,
    errorMessage: null,
    detail: null,
    reference: null,
    claimFailed: false,
    claimUnconfirmed: false,
    keySeed: input.keySeed,
    attempt: 0,
  }),
  initial: 'none',
  states: {
    none: {
      description: 'NONE: the insurance section offers a claim; eligibility may start.',
      tags: 'NONE',
      on: { 'insurance.checkEligibility': { target: 'eligibilityRequest', actions: 'clearError' } },
    },
    eligibilityRequest: {
      description: 'ELIGIBILITY_REQUEST: whether the product is claimable is being checked.',
      tags: 'ELIGIBILITY_REQUEST',
      invoke: {
        id: 'checkEligibility',
        src: 'checkEligibility',
        input: ({ context }) => ({ orderId: context.orderId, insuranceProductId: context.insuranceProductId }),
        onDone: [
          { guard: 'isUnexpectedFormat', target: 'eligibilityFailed', actions: 'setFormatError' },
          { guard: 'isNotClaimable', target: 'eligibilityFailed', actions: 'setIneligible' },
          { target: 'eligibilitySuccess', actions: 'storeEligibility' },
        ],
        onError: { target: 'eligibilityFailed', actions: 'setSystemError' },
      },
    },
    eligibilitySuccess: {
      description: 'The modal opens: the product can be claimed on.',
      tags: 'ELIGIBILITY_SUCCESS',
      on: {
        'insurance.claim': { guard: 'hasClaimId', target: 'claimRequest' },
        'modal.close': { target: 'none', actions: 'reset' },
      },
    },
    eligibilityFailed: {
      description: 'ELIGIBILITY_FAILED: \'Product is not claimable\' (ineligible-product) or \'Unexpected response format\' (system-error); eligibility may be tried again.',
      tags: 'ELIGIBILITY_FAILED',
      on: { 'insurance.checkEligibility': { target: 'eligibilityRequest', actions: 'clearError' } },
    },
    claimRequest: {
      description: 'CLAIM_REQUEST: the claim is being made with a new Idempotency-Key; the modal shows.',
      tags: 'CLAIM_REQUEST',
      entry: 'beginAttempt',
      invoke: {
        id: 'submitClaim',
        src: 'submitClaim',
        input: ({ context }) => ({
          orderId: context.orderId,
          insuranceProductId: context.insuranceProductId,
          claimId: context.claimId ?? '',
          idempotencyKey: attemptKey(context),
        }),
        onDone: { target: 'claimSuccess', actions: 'storeClaim' },
        onError: [
          { guard: 'isOutcomeUnknown', target: 'checking' },
          { guard: 'isAlreadyClaimed', target: 'claimSuccess', actions: 'storeAlreadyClaimed' },
          { target: 'claimFailed', actions: 'setClaimFailed' },
        ],
      },
    },
    checking: {
      description: "CLAIM_REQUEST, answer lost: 'We're checking whether your claim went through…'. The same claim again with the same Idempotency-Key; the server answers with its first answer.",
      tags: 'CLAIM_REQUEST',
      invoke: {
        id: 'submitClaim',
        src: 'submitClaim',
        input: ({ context }) => ({
          orderId: context.orderId,
          insuranceProductId: context.insuranceProductId,
          claimId: context.claimId ?? '',
          idempotencyKey: attemptKey(context),
        }),
        onDone: { target: 'claimSuccess', actions: 'storeClaim' },
        onError: [
          { guard: 'isOutcomeUnknown', target: 'unconfirmed', actions: 'setClaimUnconfirmed' },
          { guard: 'isAlreadyClaimed', target: 'claimSuccess', actions: 'storeAlreadyClaimed' },
          { target: 'claimFailed', actions: 'setClaimFailed' },
        ],
      },
    },
    unconfirmed: {
      description: "CLAIM_FAILED with the outcome unknown: we couldn't confirm whether the claim went through (never 'we couldn't submit'); trying again repeats the check with the same key.",
      tags: 'CLAIM_FAILED',
      on: {
        'insurance.claim': { guard: 'hasClaimId', target: 'checking' },
        'modal.close': { target: 'none', actions: 'reset' },
      },
    },
    claimFailed: {
      description: 'CLAIM_FAILED: the modal shows the failure; the claim may be tried again.',
      tags: 'CLAIM_FAILED',
      on: {
        'insurance.claim': { guard: 'hasClaimId', target: 'claimRequest' },
        'modal.close': { target: 'none', actions: 'reset' },
      },
    },
    claimSuccess: {
      description: 'Debounce: the booking is refreshed once, insuranceRefreshDebounceMs after the claim.',
      tags: 'CLAIM_SUCCESS',
      after: { insuranceRefreshDebounceMs: { target: 'refreshed' } },
    },
    refreshed: {
      description: 'CLAIM_SUCCESS and the booking refreshed (debounced insuranceRefreshDebounceMs, 400 ms).',
      type: 'final',
      tags: 'CLAIM_SUCCESS',
      entry: 'refreshBooking',
    },
  },
  output: ({ context }) => ({ claimId: context.claimId, reference: context.reference }),
});
