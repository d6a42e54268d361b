import { assign, enqueueActions, fromPromise, sendTo, setup } from 'xstate';
import { doneOutput } from './lib/done-output';
import { firstFailed, firstLoaded, type FirstData } from './lib/first-data';
import { changePatch, submitAttemptPatch, touchPatch } from './lib/form-kit';
import { attemptKey, nextAttempt } from './lib/attempt-key';
import { answerOf, failureOf, isAnswered, refusalOf } from './lib/lost-answer';
import { codeOf, hasStatus, isSchemaProblem, problemOfEvent, statusOf } from './lib/problems';
import { submitWithLostAnswerMachine } from './submit-with-lost-answer';
import {
  bankDigits,
  claimFormIssuesOf,
  type Claim,
  type ClaimFormIssue,
  type ClaimTokenResponse,
  type Direction,
  type PaymentType,
  type SubmitClaimDetails,
} from '#src/schemas/delay-repay';

/**
 * Delay Repay claim (docs/product/entities.md, docs/product/states.md, docs/product/api.md, docs/product/errors.md): /bookings/claim/{claimId} and /claims/{claimId}
 * (signed in, input claimId) and /claim-token (input token: the email link's token from the URL
 * hash becomes a session for that one claim, then GET claim-token says which claim and whether the
 * customer has an account). Loading, error, submitting; submit success stores the claim; a submit
 * error stores its status: 422 'Sorry! We couldn't process your claim' (customer error), any other
 * 'There was a problem with your claim. Please check your details and try again.' (400 customer,
 * else platform); a 400 keeps its reason and the field it names (a return journey chosen on a
 * single), for the screen to put on that field. The form keeps what was typed when a submit fails.
 *
 * Each submit is one attempt with its own Idempotency-Key, invoked as the lost-answer chart
 * (machines/submit-with-lost-answer.ts, decisions 310 and 575): when its answer is lost the attempt
 * checks before the screen speaks and says it could not confirm only when the check fails too
 * (Check again is `claim.check`, passed to the attempt); a 409 CLAIM_NOT_OPEN (already claimed)
 * reloads the claim and shows its status. A 401 on submit hands what was typed to the app (in memory only, never storage:
 * it holds the sort code and account number), which gives it back as `draft` when the customer has
 * signed in again, as personal details does (decision 161).
 *
 * The chart holds no words: a refusal is kept as its status, kind and code, a form problem as its
 * issue code (src/schemas/delay-repay.ts ClaimFormFields), and the screen words them.
 *
 * Signed in, given what its route loaded (docs/decisions/730), the chart starts from it: the claim
 * (with a kept draft laid over its form), or the load's error with its retry; without it, it loads
 * the claim itself.
 */
export interface DelayRepayInput {
  claimId: string | null;
  token: string | null;
  /** Made once per screen by the route (random): the stem of each submit's Idempotency-Key. */
  keySeed: string;
  /** What was typed before a 401 sent the customer to sign in; laid over the loaded claim once. */
  draft?: ClaimForm | null;
  /** What the signed-in claim route's loader got (the claim or the load's error); absent, the chart loads it. */
  first?: FirstData<Claim> | null | undefined;
}

export interface ClaimForm {
  direction: Direction | '';
  /** Minutes late at the destination, as typed. */
  delay: string;
  paymentType: PaymentType | '';
  sortCode: string;
  accountNumber: string;
}
export type ClaimFormField = keyof ClaimForm;

export interface SubmitError {
  status: number | null;
  /** docs/product/errors.md: 422 'Sorry! …' and 400 are the customer's; anything else the platform's. */
  kind: 'customer' | 'platform';
  /** The server's own words (local extra), if any: shown only when the screen has none for `code`. */
  detail: string | null;
  /** The refusal's code (`DELAY_BELOW_THRESHOLD`, `CLAIM_EXPIRED`, a lifecycle reason…), worded by the screen (decision 641). */
  code: string | null;
  /**
   * The form's field a 400 is about, when the answer names it (`errors[].field`, the request's
   * path: `submitClaimDetails.journey.direction` is the direction): the screen puts the reason on
   * that field until the customer changes it, which drops the reason (and its code).
   */
  field: ClaimFormField | null;
}

export interface DelayRepayContext {
  claimId: string | null;
  first: FirstData<Claim> | null;
  token: string | null;
  session: string | null;
  customerRegistered: boolean | null;
  claim: Claim | null;
  /** schema: an answer of the wrong shape; notFound: 403/404, not this customer's claim; failed: anything else. */
  loadError: 'schema' | 'notFound' | 'failed' | null;
  /** The claim form's values (the form kit's `values`, machines/lib/form-kit.ts). */
  values: ClaimForm;
  touched: Partial<Record<ClaimFormField, boolean>>;
  dirty: boolean;
  submitAttempted: boolean;
  submitError: SubmitError | null;
  /** The claim was sent on this visit (a thank-you shows). */
  justSubmitted: boolean;
  keySeed: string;
  /** Submits so far: with keySeed, the Idempotency-Key (machines/lib/attempt-key.ts). */
  attempt: number;
  draft: ClaimForm | null;
  /** The form shows a kept draft (not yet sent). */
  draftRestored: boolean;
}

/** The submit call's input, the same for the attempt and every check of it. */
export interface SubmitClaimRequest {
  claimId: string;
  details: SubmitClaimDetails;
  idempotencyKey: string;
}

export type DelayRepayEvent =
  | { type: 'claim.retry' }
  | { type: 'claim.check' }
  | { type: 'form.change'; field: ClaimFormField; value: string }
  | { type: 'form.blur'; field: ClaimFormField }
  | { type: 'form.submit' };

/** The first issue per field (its code, worded by the screen), or nothing when the form can be sent. */
export const claimFormErrors = (form: ClaimForm): Partial<Record<ClaimFormField, ClaimFormIssue>> =>
  claimFormIssuesOf(form);

/** The request body for a valid form. */
export function toSubmitClaimDetails(form: ClaimForm): SubmitClaimDetails {
  const paymentMethod: SubmitClaimDetails['paymentMethod'] =
    form.paymentType === 'bank-transfer'
      ? { type: 'bank-transfer', sortCode: bankDigits(form.sortCode), accountNumber: bankDigits(form.accountNumber) }
      : { type: form.paymentType === 'rail-voucher' ? 'rail-voucher' : 'original-payment' };
  return {
    journey: { direction: form.direction === 'inward' ? 'inward' : 'outward' },
    // Number() skips the white space around the minutes itself (claimFormErrors trims to check them).
    delay: { minutes: Number(form.delay) },
    paymentMethod,
  };
}

const emptyForm: ClaimForm = { direction: '', delay: '', paymentType: '', sortCode: '', accountNumber: '' };

/** The HTTP status of a failed call, or null when there was no HTTP answer. */
const statusOfEvent = (event: object): number | null => statusOf(problemOfEvent(event));
/** The server's reason in words for a refusal, when it gave one. */
const detailOf = (event: object): string | null => {
  const problem = problemOfEvent(event);
  return problem.kind === 'http' ? problem.detail : null;
};

/** The request's fields (submitClaimDetails' paths) as the form's own. */
const requestFields = new Map<string, ClaimFormField>([
  ['journey.direction', 'direction'],
  ['delay.minutes', 'delay'],
  ['paymentMethod.type', 'paymentType'],
  ['paymentMethod.sortCode', 'sortCode'],
  ['paymentMethod.accountNumber', 'accountNumber'],
]);

/** The form's field the answer's first error names (`errors[].field`), or null: read without trusting the body's shape. */
export const refusedFieldOf = (body: unknown): ClaimFormField | null => {
  const errors = (body as { errors?: unknown } | null | undefined)?.errors;
  for (const error of Array.isArray(errors) ? (errors as unknown[]) : []) {
    const field = (error as { field?: unknown } | null)?.field;
    if (typeof field !== 'string') continue;
    const own = requestFields.get(field.replace(/^submitClaimDetails\./, ''));
    if (own) return own;
  }
  return null;
};

/**
 * docs/product/errors.md: 422 → customer 'Sorry! ...'; 400 → customer 'There was a problem ...'; else
 * platform. A 409 keeps its code and sentence: a refusal the customer cannot fix (the journey was
 * refunded, or paid by insurance, since the page was opened) says why. A 400 keeps its code, its
 * sentence and the field it names, so the customer is told what to fix (a return journey chosen on
 * a single); the spec's sentence stays its title.
 */
export function submitErrorFor(
  status: number | null,
  detail: string | null,
  code: string | null = null,
  field: ClaimFormField | null = null,
): SubmitError {
  if (status === 422) return { status, kind: 'customer', detail, code, field: null };
  if (status === 409) return { status, kind: 'platform', detail, code, field: null };
  if (status === 400) return { status, kind: 'customer', detail, code, field };
  return { status, kind: 'platform', detail: null, code: null, field: null };
}

/**
 * A change of the field a 400 was about answers its reason: the spec's sentence stays above the form
 * until the next submit, the reason (about the value no longer chosen) goes.
 */
const releaseRefusedField = (context: DelayRepayContext, event: DelayRepayEvent): SubmitError | null =>
  event.type === 'form.change' && context.submitError?.field === event.field
    ? { ...context.submitError, field: null, detail: null, code: null }
    : context.submitError;

/** The loaded claim in the context, its form prefilled with the journey the train company recorded as delayed. */
const claimPatch = (claim: Claim): Partial<DelayRepayContext> => {
  const directions = claim.journeys?.map((j) => j.direction) ?? [];
  return {
    claim,
    loadError: null,
    customerRegistered: claim.customerRegistered,
    // Prefilled with the journey the train company recorded as delayed; not a change by the customer.
    values: {
      ...emptyForm,
      direction: claim.delayedJourney ?? (directions.length === 1 ? directions[0] : undefined) ?? '',
    },
    touched: {},
    dirty: false,
    submitAttempted: false,
    submitError: null,
  };
};

/** Why a load failed: an answer of the wrong shape, not this customer's claim (403/404), or anything else. */
const loadErrorOf = (event: object): DelayRepayContext['loadError'] => {
  if (isSchemaProblem(event)) return 'schema';
  const status = statusOfEvent(event);
  return status === 403 || status === 404 ? 'notFound' : 'failed';
};

/** The route's failed load as the event a failed fetch is. */
const firstFailure = (context: DelayRepayContext) => ({
  error: firstFailed(context.first) ? context.first.error : undefined,
});

/** What startClaimFlow answered: the session (and, from the local server, the claim id). */
const claimFlow = (event: { type: string }) =>
  doneOutput<{ session: string; claimId?: string }>(event, 'startClaimFlow');

export const delayRepayMachine = setup({
  types: {
    context: {} as DelayRepayContext,
    events: {} as DelayRepayEvent,
    input: {} as DelayRepayInput,
    output: {} as { claimId: string | null; status: Claim['status'] | null },
  },
  actors: {
    startClaimFlow: fromPromise<{ session: string }, { token: string }>(async () => {
      throw new Error('startClaimFlow not provided');
    }),
    fetchClaimToken: fromPromise<ClaimTokenResponse, void>(async () => {
      throw new Error('fetchClaimToken not provided');
    }),
    fetchClaim: fromPromise<Claim, { claimId: string }>(async () => {
      throw new Error('fetchClaim not provided');
    }),
    /** One submit: the screen provides its call (SubmitClaimRequest → Claim). */
    submitClaim: submitWithLostAnswerMachine,
  },
  guards: {
    hasClaimId: ({ context }) => context.claimId !== null && context.claimId !== '',
    hasToken: ({ context }) => context.token !== null && context.token !== '',
    hasSession: ({ context }) => context.session !== null,
    /** 400 (malformed) or 401 TOKEN_INVALID (unknown or expired): the link itself is no good. */
    isInvalidToken: ({ event }) => hasStatus(event, 400, 401),
    /** 404: the host does not open sessions from email links (POST /user-flow-access is not in docs/product/api.md). */
    hostLacksLinkSessions: ({ event }) => hasStatus(event, 404),
    /**
     * claim-token's answer, or the session's before it, says which claim the link is for (claimId is
     * a local-server extra of both: docs/product/api.md gives claim-token only customerRegistered).
     */
    linkNamesClaim: ({ context, event }) => {
      const claimId = doneOutput<ClaimTokenResponse>(event, 'fetchClaimToken').claimId ?? context.claimId;
      return claimId !== null && claimId !== '';
    },
    // Both asked only in loaded.routing, which a stored claim opens (storeClaim, storeSubmitted).
    isPunchout: ({ context }) => context.claim!.claimType === 'Punchout',
    isOpenForClaim: ({ context }) => context.claim!.status === 'eligible',
    canSubmit: ({ context }) => context.dirty && Object.keys(claimFormErrors(context.values)).length === 0,
    isSubmitAnswered: ({ event }) => isAnswered(event, 'submitClaim'),
    /** 409 CLAIM_NOT_OPEN: the claim has been made already (an earlier attempt went through). */
    isAlreadySubmitted: ({ event }) => {
      const refusal = refusalOf(event, 'submitClaim');
      return hasStatus(refusal, 409) && codeOf(problemOfEvent(refusal)) === 'CLAIM_NOT_OPEN';
    },
    isUnauthorised: ({ event }) => hasStatus(refusalOf(event, 'submitClaim'), 401),
    hasDraft: ({ context }) => context.draft !== null,
    firstLoadedWithDraft: ({ context }) => firstLoaded(context.first) && context.draft !== null,
    firstLoaded: ({ context }) => firstLoaded(context.first),
    firstFailed: ({ context }) => firstFailed(context.first),
  },
  actions: {
    storeSession: assign(({ context, event }) => {
      const output = claimFlow(event);
      return { session: output.session, token: null, claimId: output.claimId ?? context.claimId };
    }),
    forgetToken: assign({ token: null }),
    /** Provided by the route: send `x-user-flow-id: order.{session}` from now on. */
    applyUserFlow: (_, _params: { session: string }) => {},
    storeClaimToken: assign(({ context, event }) => {
      const output = doneOutput<ClaimTokenResponse>(event, 'fetchClaimToken');
      // claimId is a local-server extra of claim-token: else keep the one the session answer gave.
      return { claimId: output.claimId ?? context.claimId, customerRegistered: output.customerRegistered };
    }),
    storeClaim: assign(({ event }) => claimPatch(doneOutput<Claim>(event, 'fetchClaim'))),
    storeLoadError: assign({ loadError: ({ event }) => loadErrorOf(event) }),
    /** The same from what the route loaded. */
    // Runs only where firstLoaded said yes (firstLoaded, firstLoadedWithDraft): the route's answer is set.
    storeFirstClaim: assign(({ context }) => claimPatch((context.first as { data: Claim }).data)),
    storeFirstLoadError: assign({ loadError: ({ context }) => loadErrorOf(firstFailure(context)) }),
    setValue: assign(({ context, event }) =>
      changePatch(context, event, { submitError: releaseRefusedField(context, event) }),
    ),
    touch: assign(({ context, event }) => touchPatch(context, event)),
    markSubmitAttempted: assign(submitAttemptPatch),
    /** Runs only on an answered submit (isSubmitAnswered): the answer is the claim as it now stands. */
    storeSubmitted: assign(({ event }) => ({
      claim: answerOf<Claim>(event, 'submitClaim')!,
      submitError: null,
      justSubmitted: true,
    })),
    /** The attempt's refusal (or, should the attempt itself fail, that failure), as its status and code. */
    storeSubmitError: assign({
      submitError: ({ event }) => {
        const failure = failureOf(event, 'submitClaim');
        const problem = problemOfEvent(failure);
        return submitErrorFor(
          statusOfEvent(failure),
          detailOf(failure),
          codeOf(problem),
          problem.kind === 'http' ? refusedFieldOf(problem.body) : null,
        );
      },
    }),
    /** Check again, when the attempt could not confirm its outcome: the same submit, the same key. */
    checkAgain: sendTo('submitClaim', { type: 'submit.check' }),
    /** A new submit: the next Idempotency-Key. */
    beginAttempt: assign(({ context }) => nextAttempt(context)),
    /** The kept draft over the loaded claim's form: the customer sees what they typed, not yet sent. */
    // Runs only where a draft was kept (hasDraft, firstLoadedWithDraft).
    restoreDraft: assign(({ context }) => ({ values: context.draft!, dirty: true, draft: null, draftRestored: true })),
    clearDraftRestored: assign({ draftRestored: false }),
    /** Provided by the app: keep what was typed in memory for after sign-in (never storage or the URL). */
    keepDraft: (_, _params: ClaimForm) => {},
    /** Provided by the app: the kept draft is on screen now; forget it. */
    dropDraft: () => {},
  },
})
  .extend<{ handOverDraft: undefined }>({
    actions: {
      /** What the customer typed, handed to the app's keepDraft as its params (kept in memory for after sign-in). */
      handOverDraft: enqueueActions(({ context, enqueue }) => {
        enqueue({ type: 'keepDraft', params: context.values });
      }),
    },
  })
  .extend<{ applyClaimUserFlow: undefined }>({
    actions: {
      /** The session startClaimFlow opened, handed to the route's applyUserFlow as its params. */
      applyClaimUserFlow: enqueueActions(({ event, enqueue }) => {
        enqueue({ type: 'applyUserFlow', params: { session: claimFlow(event).session } });
      }),
    },
  })
  .createMachine({
    id: 'delayRepay',
    context: ({ input }) => ({
      claimId: input.claimId,
      first: input.first ?? null,
      token: input.token,
      session: null,
      customerRegistered: null,
      claim: null,
      loadError: null,
      values: emptyForm,
      touched: {},
      dirty: false,
      submitAttempted: false,
      submitError: null,
      justSubmitted: false,
      keySeed: input.keySeed,
      attempt: 0,
      draft: input.draft ?? null,
      draftRestored: false,
    }),
    initial: 'starting',
    states: {
      starting: {
        description:
          "Signed in, from what the route loaded (the claim, with a kept draft over its form, or the load's error), else a claim id loads the claim; an email link's token is exchanged first; neither: the no-link message.",
        always: [
          {
            guard: 'firstLoadedWithDraft',
            target: 'loaded',
            actions: ['storeFirstClaim', 'restoreDraft', 'dropDraft'],
          },
          { guard: 'firstLoaded', target: 'loaded', actions: 'storeFirstClaim' },
          { guard: 'firstFailed', target: 'loadFailed', actions: 'storeFirstLoadError' },
          { guard: 'hasClaimId', target: 'loading' },
          { guard: 'hasToken', target: 'exchanging' },
          { target: 'noToken' },
        ],
      },
      exchanging: {
        description: "The email link's token is being exchanged for a session for this one claim.",
        invoke: {
          id: 'startClaimFlow',
          src: 'startClaimFlow',
          // Entered only behind the claim link's token (the start of a token claim).
          input: ({ context }) => ({ token: context.token! }),
          onDone: {
            target: 'readingToken',
            actions: ['storeSession', 'applyClaimUserFlow'],
          },
          onError: [
            { guard: 'isInvalidToken', target: 'invalidToken', actions: 'forgetToken' },
            { guard: 'hostLacksLinkSessions', target: 'linkNotOffered', actions: 'forgetToken' },
            { target: 'tokenFailed' },
          ],
        },
      },
      readingToken: {
        description: 'GET claim-token: which claim the link is for and whether the customer has an account.',
        invoke: {
          id: 'fetchClaimToken',
          src: 'fetchClaimToken',
          onDone: [
            { guard: 'linkNamesClaim', target: 'loading', actions: 'storeClaimToken' },
            // Nothing says which claim the link is for: the claim cannot be opened from the link.
            { target: 'linkNotOffered', actions: 'storeClaimToken' },
          ],
          onError: { target: 'tokenFailed' },
        },
      },
      tokenFailed: {
        description: 'Network or server trouble with the link: the token (or session) is kept in memory for a retry.',
        on: { 'claim.retry': [{ guard: 'hasSession', target: 'readingToken' }, { target: 'exchanging' }] },
      },
      noToken: {
        description: 'No link token and no claim id: the message asking the customer to open the link from the email.',
        type: 'final',
      },
      invalidToken: {
        description: "The link is malformed, unknown or expired: 'This link has expired or is not valid.'",
        type: 'final',
      },
      linkNotOffered: {
        description:
          'The host does not open claims from email links (404), or its answer does not say which claim the link is for: the page says to sign in and claim from past bookings, or find the booking.',
        type: 'final',
      },
      loading: {
        description: 'The claim is loading.',
        invoke: {
          id: 'fetchClaim',
          src: 'fetchClaim',
          // loading and submitting are entered only with a claim id: a signed-in claim page's, or the token's.
          input: ({ context }) => ({ claimId: context.claimId! }),
          onDone: [
            { guard: 'hasDraft', target: 'loaded', actions: ['storeClaim', 'restoreDraft', 'dropDraft'] },
            { target: 'loaded', actions: 'storeClaim' },
          ],
          onError: { target: 'loadFailed', actions: 'storeLoadError' },
        },
      },
      loadFailed: {
        description: 'The claim could not be loaded: an error with a retry.',
        on: { 'claim.retry': { target: 'loading' } },
      },
      loaded: {
        description: 'The claim is shown: its journey, delay and the form or its status.',
        initial: 'routing',
        states: {
          routing: {
            description: 'Decides what the claim shows: punchout, the form, or its closed status.',
            always: [
              { guard: 'isPunchout', target: 'punchout' },
              { guard: 'isOpenForClaim', target: 'editing' },
              { target: 'closed' },
            ],
          },
          punchout: {
            description: "Made on the train company's own site: a hand-off link, nothing to fill here.",
          },
          closed: {
            description: 'Already claimed, decided or expired: its status, its words and the next step.',
          },
          editing: {
            description: 'The claim form; submit disabled while pristine or invalid.',
            on: {
              'form.change': { actions: 'setValue' },
              'form.blur': { actions: 'touch' },
              'form.submit': [{ guard: 'canSubmit', target: 'submitting' }, { actions: 'markSubmitAttempted' }],
            },
          },
          submitting: {
            description:
              "The claim is being submitted, one attempt with a new Idempotency-Key sent by the lost-answer chart: 'Sending your claim…', then 'We're checking whether your claim went through…' when the answer was lost, then, if the check gets no answer either, we couldn't confirm whether the claim went through, with Check again. What was typed is kept.",
            entry: ['beginAttempt', 'clearDraftRestored'],
            invoke: {
              id: 'submitClaim',
              src: 'submitClaim',
              input: ({ context }) => ({
                request: {
                  claimId: context.claimId!,
                  details: toSubmitClaimDetails(context.values),
                  idempotencyKey: attemptKey(context),
                } satisfies SubmitClaimRequest,
              }),
              onDone: [
                { guard: 'isSubmitAnswered', target: 'routing', actions: 'storeSubmitted' },
                { guard: 'isAlreadySubmitted', target: '#delayRepay.loading' },
                // docs/product/roles.md: a 401 goes to login (the app does that); what was typed is kept for after.
                { guard: 'isUnauthorised', target: 'submitFailed', actions: ['storeSubmitError', 'handOverDraft'] },
                { target: 'submitFailed', actions: 'storeSubmitError' },
              ],
              onError: { target: 'submitFailed', actions: 'storeSubmitError' },
            },
            on: { 'claim.check': { actions: 'checkAgain' } },
          },
          submitFailed: {
            description: 'The error shows above the form; everything typed is still there.',
            on: {
              'form.change': { actions: 'setValue' },
              'form.blur': { actions: 'touch' },
              'form.submit': [{ guard: 'canSubmit', target: 'submitting' }, { actions: 'markSubmitAttempted' }],
            },
          },
        },
      },
    },
    output: ({ context }) => ({ claimId: context.claimId, status: context.claim?.status ?? null }),
  });
