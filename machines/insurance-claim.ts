import { assign, fromPromise, sendTo, setup } from 'xstate';
import { attemptKey, nextAttempt } from './lib/attempt-key';
import { doneOutput } from './lib/done-output';
import { answerOf, isAnswered, refusalOf } from './lib/lost-answer';
import { codeOf, hasStatus, problemOfEvent } from './lib/problems';
import { submitWithLostAnswerMachine } from './submit-with-lost-answer';
import * as v from 'valibot';
import { EligibilityResponse, type InsuranceClaimResponse } from '#src/schemas/insurance';

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
 * Each claim attempt has its own Idempotency-Key and is invoked as the lost-answer chart
 * (machines/submit-with-lost-answer.ts, decisions 310 and 575): when its answer is lost the modal
 * checks before it speaks (still CLAIM_REQUEST); only when the check fails too does it say it could
 * not confirm (the attempt `unconfirmed`: CLAIM_FAILED, read from the attempt's phase, where trying
 * again repeats the check and Cancel leaves the attempt). A 409 ALREADY_CLAIMED or INSURANCE_CLAIMED
 * means an earlier attempt went through: shown as CLAIM_SUCCESS.
 *
 * The chart holds no words: an eligibility failure is named by `errorReason`, and the screen words it.
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
/**
 * Why eligibility failed: the answer was not the spec's shape ('Unexpected response format'), the
 * product is not claimable ('Product is not claimable'), or the check itself failed.
 */
export type InsuranceErrorReason = 'unexpected-format' | 'not-claimable' | 'check-failed';

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
  errorReason: InsuranceErrorReason | null;
  /** The server's words on why a product is not claimable (local extra), if given. */
  detail: string | null;
  /** Reference of the submitted claim (local extra), if given. */
  reference: string | null;
  claimFailed: boolean;
  keySeed: string;
  /** Claim attempts so far: with keySeed, the Idempotency-Key (machines/lib/attempt-key.ts). */
  attempt: number;
}

export type InsuranceClaimEvent =
  | { type: 'insurance.checkEligibility' }
  | { type: 'insurance.claim' }
  | { type: 'modal.close' };

/** The claim call's input, the same for the attempt and every check of it. */
export interface InsuranceClaimRequest {
  orderId: string;
  insuranceProductId: string;
  claimId: string;
  idempotencyKey: string;
}

export const INSURANCE_REFRESH_DEBOUNCE_MS = 400;

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
/**
 * The spec's status for a snapshot of this machine. `attemptUnconfirmed`: the claim attempt could not
 * confirm its outcome (its phase `unconfirmed`, routes/-components/lost-answer.ts), which is
 * CLAIM_FAILED although the attempt is still open.
 */
export const insuranceClaimStatus = (
  snapshot: { hasTag: (tag: InsuranceClaimStatus) => boolean },
  attemptUnconfirmed = false,
): InsuranceClaimStatus => {
  // Every state of the chart carries exactly one of the status tags.
  const status = insuranceClaimStatuses.find((s) => snapshot.hasTag(s))!;
  return status === 'CLAIM_REQUEST' && attemptUnconfirmed ? 'CLAIM_FAILED' : status;
};
/** The modal is open in these statuses (docs/product/states.md). */
export const insuranceModalStatuses: readonly InsuranceClaimStatus[] = [
  'ELIGIBILITY_SUCCESS',
  'CLAIM_REQUEST',
  'CLAIM_FAILED',
];

/** checkEligibility's answer, checked against the spec's required fields (guards and actions on its done event only). */
/** The refusals that say an earlier attempt went through (a refusal with no code is none of them). */
const alreadyClaimedCodes: readonly (string | null)[] = ['ALREADY_CLAIMED', 'INSURANCE_CLAIMED'];

const eligibilityOf = (event: { type: string }) =>
  v.safeParse(EligibilityResponse, doneOutput<unknown>(event, 'checkEligibility'));

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
    /** One claim attempt: the screen provides its call (InsuranceClaimRequest → InsuranceClaimResponse). */
    submitClaim: submitWithLostAnswerMachine,
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
    isClaimAnswered: ({ event }) => isAnswered(event, 'submitClaim'),
    /** The customer left the attempt while its outcome was unconfirmed (Cancel, ×, Escape). */
    isClaimLeft: ({ event }) => doneOutput<{ kind: string }>(event, 'submitClaim').kind === 'left',
    /**
     * 409 ALREADY_CLAIMED (the cover's own check) or INSURANCE_CLAIMED (the booking's lifecycle:
     * an insurance claim has paid for this trip): an earlier attempt went through.
     */
    isAlreadyClaimed: ({ event }) => {
      const refusal = refusalOf(event, 'submitClaim');
      return hasStatus(refusal, 409) && alreadyClaimedCodes.includes(codeOf(problemOfEvent(refusal)));
    },
  },
  actions: {
    clearError: assign({ errorType: null, errorReason: null, detail: null, claimFailed: false }),
    storeEligibility: assign(({ event }) => {
      const parsed = eligibilityOf(event);
      return parsed.success ? { claimId: parsed.output.claimId, isClaimable: parsed.output.isClaimable } : {};
    }),
    setFormatError: assign({
      errorType: 'system-error' as const,
      errorReason: 'unexpected-format' as const,
      claimId: null,
      isClaimable: null,
    }),
    setIneligible: assign(({ event }) => {
      const parsed = eligibilityOf(event);
      return {
        errorType: 'ineligible-product' as const,
        errorReason: 'not-claimable' as const,
        isClaimable: false,
        claimId: null,
        detail: parsed.success ? (parsed.output.detail ?? null) : null,
      };
    }),
    setSystemError: assign({
      errorType: 'system-error' as const,
      errorReason: 'check-failed' as const,
      claimId: null,
      isClaimable: null,
    }),
    setClaimFailed: assign({ claimFailed: true }),
    /** A new claim attempt: the next Idempotency-Key. */
    beginAttempt: assign(({ context }) => ({ ...nextAttempt(context), claimFailed: false })),
    storeClaim: assign({
      claimFailed: false,
      reference: ({ event }) =>
        answerOf<InsuranceClaimResponse | null | undefined>(event, 'submitClaim')?.reference ?? null,
    }),
    reset: assign({
      claimId: null,
      isClaimable: null,
      errorType: null,
      errorReason: null,
      detail: null,
      claimFailed: false,
    }),
    /** Check again, when the attempt could not confirm its outcome: the same claim, the same key. */
    checkAgain: sendTo('submitClaim', { type: 'submit.check' }),
    /** Cancel while the attempt could not confirm its outcome: the attempt ends, the modal closes. */
    leaveAttempt: sendTo('submitClaim', { type: 'submit.leave' }),
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
    errorReason: null,
    detail: null,
    reference: null,
    claimFailed: false,
    keySeed: input.keySeed,
    attempt: 0,
  }),
  initial: 'none',
  states: {
    none: {
      description: 'NONE: the insurance section offers a claim; eligibility may start.',
      tags: 'NONE',
      // No clearError: none is entered only with the opening context or through reset, both clear.
      on: { 'insurance.checkEligibility': { target: 'eligibilityRequest' } },
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
        'insurance.claim': { target: 'claimRequest' },
        'modal.close': { target: 'none', actions: 'reset' },
      },
    },
    eligibilityFailed: {
      description:
        "ELIGIBILITY_FAILED: 'Product is not claimable' (ineligible-product) or 'Unexpected response format' (system-error); eligibility may be tried again.",
      tags: 'ELIGIBILITY_FAILED',
      on: { 'insurance.checkEligibility': { target: 'eligibilityRequest', actions: 'clearError' } },
    },
    claimRequest: {
      description:
        'CLAIM_REQUEST: one claim attempt with a new Idempotency-Key, sent by the lost-answer chart: sending, then checking when the answer was lost, then unconfirmed (CLAIM_FAILED, read from the attempt) where trying again repeats the check and Cancel leaves.',
      tags: 'CLAIM_REQUEST',
      entry: 'beginAttempt',
      invoke: {
        id: 'submitClaim',
        src: 'submitClaim',
        input: ({ context }) => ({
          request: {
            orderId: context.orderId,
            insuranceProductId: context.insuranceProductId,
            // Entered only from eligibilitySuccess or claimFailed, both holding the checked claim id.
            claimId: context.claimId!,
            idempotencyKey: attemptKey(context),
          } satisfies InsuranceClaimRequest,
        }),
        onDone: [
          { guard: 'isClaimAnswered', target: 'claimSuccess', actions: 'storeClaim' },
          // Already claimed (409): done, with no reference of its own (the refreshed booking shows the
          // claim). Nothing to store: beginAttempt cleared claimFailed, and only storeClaim sets a
          // reference, on the way to the final state.
          { guard: 'isAlreadyClaimed', target: 'claimSuccess' },
          { guard: 'isClaimLeft', target: 'none', actions: 'reset' },
          { target: 'claimFailed', actions: 'setClaimFailed' },
        ],
        onError: { target: 'claimFailed', actions: 'setClaimFailed' },
      },
      on: {
        'insurance.claim': { actions: 'checkAgain' },
        'modal.close': { actions: 'leaveAttempt' },
      },
    },
    claimFailed: {
      description: 'CLAIM_FAILED: the modal shows the failure; the claim may be tried again.',
      tags: 'CLAIM_FAILED',
      on: {
        'insurance.claim': { target: 'claimRequest' },
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
