import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, getInitialSnapshot, waitFor } from 'xstate';
import {
  claimFormErrors,
  delayRepayMachine,
  refusedFieldOf,
  submitErrorFor,
  toSubmitClaimDetails,
  type ClaimForm,
} from '#machines/delay-repay';
import type { Claim } from '#src/schemas/delay-repay';
import { describeMachineModel, errorOf, fromOwnLoadOnly, nextFrom, outputOf, stepFrom } from './harness';

const journey = {
  direction: 'outward' as const,
  origin: { code: 'LDS', name: 'Leeds' },
  destination: { code: 'SHF', name: 'Sheffield' },
  departureTime: '2026-01-10T18:05:00.000Z',
  arrivalTime: '2026-01-10T18:46:00.000Z',
  operator: 'Northern',
};
const base: Claim = {
  claimId: 'c1',
  orderId: 'o1',
  claimType: 'Submission',
  status: 'eligible',
  serviceFee: { amount: 0 },
  compensationToCustomer: { amount: 6.3 },
  customerRegistered: true,
  journeys: [journey],
  delayedJourney: 'outward',
};
const punchout: Claim = { ...base, claimType: 'Punchout', punchoutUrl: 'https://example.com/claim' };
const processing: Claim = { ...base, claimType: 'Integrated', status: 'processing' };
const submitted: Claim = { ...base, status: 'submitted' };
/** Nothing loaded, typed or sent yet. */
const opening = {
  first: null,
  session: null,
  customerRegistered: null,
  claim: null,
  loadError: null,
  values: { direction: '', delay: '', paymentType: '', sortCode: '', accountNumber: '' },
  touched: {},
  dirty: false,
  submitAttempted: false,
  submitError: null,
  justSubmitted: false,
  keySeed: 'seed-claim',
  attempt: 0,
  draft: null,
  draftRestored: false,
};
/** What a customer had typed when a 401 sent them to sign in (decision 161), given back afterwards. */
const draft: ClaimForm = {
  direction: 'outward',
  delay: '34',
  paymentType: 'original-payment',
  sortCode: '',
  accountNumber: '',
};
const keyOf = (c: { attempt: number }) => `seed-claim.${c.attempt}`;
/**
 * Each submit is one attempt of the lost-answer chart (its checks after a lost answer are its own
 * model test): it ends with the server's answer (first time or to a check) or its refusal.
 */
const answered = (answer: unknown) => ({ type: 'xstate.done.actor.submitClaim', output: { kind: 'answered', answer } });
const refused = (error: unknown) => ({ type: 'xstate.done.actor.submitClaim', output: { kind: 'refused', error } });
/** The refusal an attempt ended with (undefined when it was answered). */
const refusalIn = (event: { type: string }) =>
  (outputOf(event) as { kind?: string; error?: { status?: number; problem?: { kind?: string } } } | undefined)?.error;
const alreadyClaimed = {
  status: 409,
  problem: { kind: 'http', status: 409, codes: ['CLAIM_NOT_OPEN'], detail: 'This claim has already been made.' },
};
/** A 409 for another reason (the local server's CLAIM_PUNCHOUT): a refusal, not "already made". */
const otherConflict = refused({
  status: 409,
  problem: {
    kind: 'http',
    status: 409,
    codes: ['CLAIM_PUNCHOUT'],
    detail: "This claim is made on Northern's website.",
  },
});
const inward = { ...journey, direction: 'inward' as const };
/**
 * A single's claim sent for a return journey (a host serving only the spec's fields offers both,
 * decision 873): the local server's 400 names the request's field and says why.
 */
const noReturnBody = {
  errors: [{ code: 'NO_RETURN_JOURNEY', field: 'submitClaimDetails.journey.direction' }],
  detail: 'This booking has no return journey.',
};
const noReturn = {
  status: 400,
  problem: {
    kind: 'http',
    status: 400,
    codes: ['NO_RETURN_JOURNEY'],
    detail: 'This booking has no return journey.',
    body: noReturnBody,
  },
};
const { journeys: _journeys, delayedJourney: _delayed, ...bare } = base;
const problem = (status: number | null, detail: string | null = null) => ({
  status,
  problem: status === null ? { kind: 'network' } : { kind: 'http', status, detail },
});

/**
 * A start from what the signed-in route loaded (docs/decisions/730): the claim, or the load's error,
 * where the same answer from the chart's own fetch lands. The event that reached a state is then the
 * start's own; `loadedAt` and `failedAt` read what the route got in place of the fetch's event.
 */
type Reached = { context: { first: { data: unknown } | { error: unknown } | null }; event: { type: string } };
const started = ({ context, event }: Reached) => event.type === 'xstate.init' && context.first !== null;
const loadedAt = (check: Reached) =>
  started(check) && check.context.first && 'data' in check.context.first
    ? check.context.first.data
    : outputOf(check.event);
const failedAt = (check: Reached) =>
  started(check) && check.context.first && 'error' in check.context.first
    ? (check.context.first.error as ReturnType<typeof errorOf>)
    : errorOf(check.event);
const signedIn = { claimId: 'c1', token: null, keySeed: 'seed-claim' };

describeMachineModel(delayRepayMachine, {
  name: 'delayRepayMachine',
  inputs: [
    signedIn,
    { ...signedIn, draft },
    { claimId: null, token: 'claim-token', keySeed: 'seed-claim' },
    { claimId: null, token: null, keySeed: 'seed-claim' },
    // The route's load: an open claim (with and without a kept draft), a closed one, not this customer's, a wrong shape.
    { ...signedIn, first: { data: base } },
    { ...signedIn, draft, first: { data: base } },
    { ...signedIn, first: { data: processing } },
    { ...signedIn, first: { error: problem(403) } },
    { ...signedIn, first: { error: { problem: { kind: 'schema' } } } },
  ],
  // From a loaded start on, the claim is the same as after its own load, which the paths without it walk.
  events: fromOwnLoadOnly({
    'form.submit': [{ type: 'form.submit' }],
    'claim.retry': [{ type: 'claim.retry' }],
    'claim.check': [{ type: 'claim.check' }],
    // Keep the model finite: the delay goes '' → 'abc' (invalid) → '34' → '' ; payment is chosen once.
    'form.change': (snap) => {
      const { delay, paymentType } = snap.context.values;
      const next = delay === '' ? 'abc' : delay === 'abc' ? '34' : '';
      return [
        { type: 'form.change', field: 'delay', value: next } as const,
        ...(paymentType === ''
          ? [{ type: 'form.change', field: 'paymentType', value: 'original-payment' } as const]
          : []),
      ];
    },
    'form.blur': [{ type: 'form.blur', field: 'delay' }],
    'xstate.done.actor.startClaimFlow': [{ type: 'xstate.done.actor.startClaimFlow', output: { session: 's1' } }],
    'xstate.error.actor.startClaimFlow': [
      { type: 'xstate.error.actor.startClaimFlow', error: problem(401) },
      { type: 'xstate.error.actor.startClaimFlow', error: problem(503) },
      // A host without POST /user-flow-access (beyond docs/product/api.md).
      { type: 'xstate.error.actor.startClaimFlow', error: problem(404) },
    ],
    'xstate.done.actor.fetchClaimToken': [
      { type: 'xstate.done.actor.fetchClaimToken', output: { claimId: 'c1', customerRegistered: false } },
      // docs/product/api.md's claim-token: customerRegistered only, and the session named no claim either.
      { type: 'xstate.done.actor.fetchClaimToken', output: { customerRegistered: false } },
    ],
    'xstate.error.actor.fetchClaimToken': [{ type: 'xstate.error.actor.fetchClaimToken', error: problem(500) }],
    'xstate.done.actor.fetchClaim': (snap) =>
      snap.context.token === null && snap.context.session === null
        ? [
            { type: 'xstate.done.actor.fetchClaim', output: base },
            { type: 'xstate.done.actor.fetchClaim', output: punchout },
            { type: 'xstate.done.actor.fetchClaim', output: processing },
          ]
        : [{ type: 'xstate.done.actor.fetchClaim', output: { ...base, customerRegistered: false } }],
    'xstate.error.actor.fetchClaim': [
      { type: 'xstate.error.actor.fetchClaim', error: problem(500) },
      { type: 'xstate.error.actor.fetchClaim', error: problem(403) },
      { type: 'xstate.error.actor.fetchClaim', error: { problem: { kind: 'schema' } } },
    ],
    'xstate.done.actor.submitClaim': [
      answered(submitted),
      refused(alreadyClaimed),
      refused(problem(401)),
      refused(problem(422, 'Northern pays Delay Repay for delays of 15 minutes or more.')),
      refused(problem(400)),
      refused(noReturn),
      refused(problem(500)),
    ],
    // The attempt itself failing (never expected): "There was a problem", what was typed kept.
    'xstate.error.actor.submitClaim': [{ type: 'xstate.error.actor.submitClaim', error: new Error('attempt failed') }],
  }),
  serializeContext: (c) => ({
    first: c.first === null ? null : 'data' in c.first ? 'data' : 'error',
    values: c.values,
    dirty: c.dirty,
    status: c.claim?.status ?? null,
    type: c.claim?.claimType ?? null,
    // A refusal on a field is one of its own: the field is released when the customer changes it.
    submitError: c.submitError === null ? null : (c.submitError.field ?? 'above the form'),
    loadError: c.loadError,
    session: c.session,
    submitAttempted: c.submitAttempted,
    draft: c.draft !== null,
  }),
  maxPaths: 700,
  assert: (snapshot) => {
    const { context } = snapshot;
    if (snapshot.matches('noToken')) {
      expect(snapshot.status).toBe('done');
      expect(snapshot.output).toEqual({ claimId: null, status: null });
    }
    if (snapshot.matches('invalidToken')) {
      expect(snapshot.status).toBe('done');
      expect(context.token).toBeNull();
    }
    if (snapshot.matches('readingToken')) {
      // The token is spent once it became a session.
      expect(context.session).toBe('s1');
      expect(context.token).toBeNull();
    }
    if (snapshot.matches('loading')) expect(context.claimId).toBe('c1');
    if (snapshot.matches('loadFailed')) expect(['schema', 'notFound', 'failed']).toContain(context.loadError);
    if (snapshot.matches('loaded')) {
      expect(context.claim).not.toBeNull();
      expect(context.loadError).toBeNull();
      if (context.session) expect(context.customerRegistered).toBe(false);
    }
    if (snapshot.matches({ loaded: 'punchout' })) expect(context.claim?.claimType).toBe('Punchout');
    if (snapshot.matches({ loaded: 'closed' })) expect(context.claim?.status).not.toBe('eligible');
    if (snapshot.matches({ loaded: 'editing' })) {
      expect(context.claim?.status).toBe('eligible');
      expect(context.values.direction).toBe('outward');
    }
    if (snapshot.matches({ loaded: 'submitting' })) {
      expect(Object.keys(claimFormErrors(context.values))).toEqual([]);
      expect(context.dirty).toBe(true);
    }
    if (snapshot.matches({ loaded: 'submitFailed' })) {
      const error = context.submitError;
      expect(error).not.toBeNull();
      // A 422 keeps the server's own words for under the spec's message (which the screen words).
      if (error?.status === 422) {
        expect(error).toEqual({
          status: 422,
          kind: 'customer',
          detail: 'Northern pays Delay Repay for delays of 15 minutes or more.',
          code: null,
          field: null,
        });
      }
      // A 400 keeps its reason, its code and the field it names (docs/product/errors.md's sentence is the title).
      if (error?.status === 400 && error.code !== null) {
        expect(error).toEqual({
          status: 400,
          kind: 'customer',
          detail: 'This booking has no return journey.',
          code: 'NO_RETURN_JOURNEY',
          field: 'direction',
        });
      }
      if (error?.status === 400 && error.code === null) expect(error).toMatchObject({ kind: 'customer', field: null });
      if (error?.status === 500) expect(error).toMatchObject({ kind: 'platform', detail: null });
      // Nothing typed is lost.
      expect(context.values.paymentType).toBe('original-payment');
      expect(context.values.direction).toBe('outward');
    }
    if (context.justSubmitted) {
      // Submit success stores the claim.
      expect(context.claim?.status).toBe('submitted');
      expect(context.submitError).toBeNull();
    }
  },
  calls: {
    exchanging: { startClaimFlow: { token: 'claim-token' } },
    readingToken: { fetchClaimToken: undefined },
    loading: { fetchClaim: { claimId: 'c1' } },
    // Each submit with its own Idempotency-Key; the attempt's checks repeat it with the same one.
    'loaded.submitting': {
      submitClaim: (c: { values: ClaimForm; attempt: number }) => ({
        request: { claimId: 'c1', details: toSubmitClaimDetails(c.values), idempotencyKey: keyOf(c) },
      }),
    },
  },
  // docs/product/states.md and docs/product/errors.md "Delay repay": the link, loading, error, the claim by type and status, submitting.
  states: {
    exchanging: (check) => {
      const { context, event } = check;
      expect(['xstate.init', 'claim.retry']).toContain(event.type);
      expect([context.claimId, context.token, context.session]).toEqual([null, 'claim-token', null]);
      // 400 (malformed) or 401 (unknown or expired): the link is no good; anything else can be retried.
      const refused = (status: number | null) =>
        stepFrom(check, { type: 'xstate.error.actor.startClaimFlow', error: problem(status) } as never).snapshot.value;
      expect([refused(400), refused(401), refused(404), refused(503), refused(null)]).toEqual([
        'invalidToken',
        'invalidToken',
        'linkNotOffered',
        'tokenFailed',
        'tokenFailed',
      ]);
      // The session answer may name the claim (local server); without it, claim-token will.
      const session = (output: object) =>
        stepFrom(check, { type: 'xstate.done.actor.startClaimFlow', output } as never).snapshot.context;
      expect(session({ session: 's1', claimId: 'c9' }).claimId).toBe('c9');
      expect(session({ session: 's1' }).claimId).toBeNull();
    },
    readingToken: ({ event, actions, performed }) => {
      expect(['xstate.done.actor.startClaimFlow', 'claim.retry']).toContain(event.type);
      // The session is sent as the user flow from now on.
      if (event.type === 'xstate.done.actor.startClaimFlow')
        expect(performed).toContainEqual({ type: 'applyUserFlow', params: { session: 's1' } });
      else expect(actions).not.toContain('applyUserFlow');
    },
    tokenFailed: ({ snapshot, context, event }) => {
      expect(['xstate.error.actor.startClaimFlow', 'xstate.error.actor.fetchClaimToken']).toContain(event.type);
      expect([400, 401, 404]).not.toContain(errorOf(event)?.status);
      // The token (or the session made of it) is kept for the retry.
      expect(context.token ?? context.session).not.toBeNull();
      expect(snapshot.can({ type: 'claim.retry' })).toBe(true);
    },
    noToken: ({ snapshot, context, event }) => {
      expect(event.type).toBe('xstate.init');
      expect(context).toEqual({ ...opening, claimId: null, token: null });
      expect([context.claimId, context.token]).toEqual([null, null]);
      expect(snapshot.status).toBe('done');
    },
    invalidToken: ({ snapshot, event }) => {
      expect(event.type).toBe('xstate.error.actor.startClaimFlow');
      expect([400, 401]).toContain(errorOf(event)?.status);
      expect(snapshot.status).toBe('done');
    },
    linkNotOffered: ({ snapshot, context, event }) => {
      // A host without link sessions (404), or one whose answers never say which claim the link is
      // for: no claim is asked for with an empty id.
      if (event.type === 'xstate.done.actor.fetchClaimToken') {
        expect(outputOf(event)).not.toHaveProperty('claimId');
        expect([context.token, context.session, context.claimId]).toEqual([null, 's1', null]);
      } else {
        expect(event.type).toBe('xstate.error.actor.startClaimFlow');
        expect(errorOf(event)?.status).toBe(404);
        expect([context.token, context.session, context.claimId]).toEqual([null, null, null]);
      }
      // An end with no retry: the page points to sign-in and Find a booking; the token is dropped.
      expect([snapshot.status, snapshot.can({ type: 'claim.retry' })]).toEqual(['done', false]);
    },
    loading: (check) => {
      const { context, event } = check;
      expect([
        'xstate.init',
        'xstate.done.actor.fetchClaimToken',
        'claim.retry',
        'xstate.done.actor.submitClaim',
      ]).toContain(event.type);
      // A 409 CLAIM_NOT_OPEN: the claim was made already; it is read again to show its status.
      if (event.type === 'xstate.done.actor.submitClaim') expect(refusalIn(event)?.status).toBe(409);
      // The form starts on the journey the train company recorded as delayed, or the only one;
      // with two journeys and no record, the customer chooses.
      // (A kept draft's own choice wins: checked below.)
      const direction = (claim: Claim) =>
        stepFrom(check, { type: 'xstate.done.actor.fetchClaim', output: claim } as never).snapshot.context.values
          .direction;
      if (!context.draft)
        expect(direction({ ...base, journeys: [journey, inward], delayedJourney: 'inward' })).toBe('inward');
      if (!context.draft) expect(direction({ ...bare, journeys: [journey, inward] })).toBe('');
      if (!context.draft) expect(direction({ ...bare, journeys: [inward] })).toBe('inward');
      if (!context.draft) expect(direction(bare)).toBe('');
      // Not this customer's claim (403/404), a wrong shape, or anything else.
      const loadError = (error: object) =>
        stepFrom(check, { type: 'xstate.error.actor.fetchClaim', error } as never).snapshot.context.loadError;
      expect([
        loadError(problem(403)),
        loadError(problem(404)),
        loadError(problem(500)),
        loadError(problem(null)),
      ]).toEqual(['notFound', 'notFound', 'failed', 'failed']);
      expect(loadError({ problem: { kind: 'schema' } })).toBe('schema');
      if (event.type === 'xstate.init')
        expect(context).toEqual({ ...opening, claimId: 'c1', token: null, draft: context.draft });
      if (event.type === 'xstate.init') expect([null, draft]).toContainEqual(context.draft);
      if (event.type === 'xstate.done.actor.fetchClaimToken') expect(context.customerRegistered).toBe(false);
      if (event.type === 'xstate.init' || event.type === 'xstate.done.actor.fetchClaimToken')
        expect(context.claim).toBeNull();
      // A kept draft is laid over the loaded claim once, then forgotten.
      if (context.draft) {
        const restored = stepFrom(check, { type: 'xstate.done.actor.fetchClaim', output: base } as never);
        expect(restored.snapshot.context).toMatchObject({
          values: draft,
          dirty: true,
          draft: null,
          draftRestored: true,
        });
        expect(restored.actions).toContain('dropDraft');
        expect(restored.snapshot.value).toEqual({ loaded: 'editing' });
      }
    },
    loadFailed: ({ snapshot, context, event }) => {
      // The route's failed load starts here, named as the chart's own failed fetch is.
      if (!started({ context, event })) expect(event.type).toBe('xstate.error.actor.fetchClaim');
      const error = failedAt({ context, event });
      expect(context.loadError).toBe(
        error?.problem?.kind === 'schema'
          ? 'schema'
          : error?.status === 403 || error?.status === 404
            ? 'notFound'
            : 'failed',
      );
      expect(snapshot.can({ type: 'claim.retry' })).toBe(true);
    },
    loaded: ({ context, event, entered, performed }) => {
      if (entered) {
        if (!started({ context, event })) expect(event.type).toBe('xstate.done.actor.fetchClaim');
        expect(context.claim).toEqual(loadedAt({ context, event }));
        expect([context.submitAttempted, context.submitError]).toEqual([false, null]);
        expect(context.dirty).toBe(context.draftRestored);
      }
      // Started from the route's claim with a kept draft: the draft is laid over the form once, then forgotten.
      if (started({ context, event })) {
        const kept = performed.some((p) => p.type === 'dropDraft');
        expect(context.draftRestored).toBe(kept);
        if (kept) expect(context).toMatchObject({ values: draft, dirty: true, draft: null });
        else expect(context.values).toEqual({ ...opening.values, direction: 'outward' });
      }
    },
    'loaded.punchout': ({ snapshot, context }) => {
      expect(context.claim?.claimType).toBe('Punchout');
      expect(snapshot.can({ type: 'form.submit' })).toBe(false);
    },
    'loaded.closed': ({ snapshot, context, event }) => {
      if (!started({ context, event }))
        expect(['xstate.done.actor.fetchClaim', 'xstate.done.actor.submitClaim']).toContain(event.type);
      // Submit success stores the claim: a thank-you instead of the form.
      expect(context.justSubmitted).toBe(event.type === 'xstate.done.actor.submitClaim');
      if (event.type === 'xstate.done.actor.submitClaim') expect(context.claim).toEqual(submitted);
      expect(snapshot.can({ type: 'form.submit' })).toBe(false);
    },
    'loaded.editing': ({ snapshot, context, event }) => {
      // Leaving a field shows its error from then on.
      expect(nextFrom({ snapshot }, { type: 'form.blur', field: 'paymentType' }).context.touched.paymentType).toBe(
        true,
      );
      // What is typed shows in the field, and the form is no longer pristine.
      const typed = nextFrom({ snapshot }, { type: 'form.change', field: 'delay', value: '41' });
      expect([typed.value, typed.context.values.delay, typed.context.dirty]).toEqual([
        { loaded: 'editing' },
        '41',
        true,
      ]);
      expect(context.submitError).toBeNull();
      if (event.type === 'form.submit') {
        expect(context.submitAttempted).toBe(true);
        expect(context.dirty && Object.keys(claimFormErrors(context.values)).length === 0).toBe(false);
      }
      expect(snapshot.can({ type: 'form.submit' })).toBe(true);
    },
    'loaded.submitting': (check) => {
      const { snapshot, context, event } = check;
      expect(['form.submit', 'claim.check']).toContain(event.type);
      expect(snapshot.can({ type: 'form.submit' })).toBe(false);
      expect(context.attempt).toBeGreaterThan(0);
      expect(context.draftRestored).toBe(false);
      // The server's first answer (to the attempt or to its check) decides: accepted, or already made (409) read again.
      const accepted = nextFrom(check, answered(submitted) as never);
      expect([accepted.value, accepted.context.justSubmitted, accepted.context.submitError]).toEqual([
        { loaded: 'closed' },
        true,
        null,
      ]);
      expect(nextFrom(check, refused(alreadyClaimed) as never).value).toBe('loading');
      // Check again goes to the attempt (the same submit, the same key), never a new submit.
      expect(snapshot.can({ type: 'claim.check' })).toBe(true);
      const again = nextFrom(check, { type: 'claim.check' });
      expect([again.value, again.context.attempt]).toEqual([{ loaded: 'submitting' }, context.attempt]);
      // Only a 409 CLAIM_NOT_OPEN reloads the claim; a 409 for another reason is "There was a problem".
      const conflict = nextFrom(check, otherConflict as never);
      expect(conflict.value).toEqual({ loaded: 'submitFailed' });
      // It keeps its code and sentence: the screen says why in the page's words (decision 641).
      expect(conflict.context.submitError).toMatchObject({ status: 409, kind: 'platform', code: 'CLAIM_PUNCHOUT' });
      // The attempt itself failing: "There was a problem" (no status), what was typed kept.
      const failed = nextFrom(check, {
        type: 'xstate.error.actor.submitClaim',
        error: new Error('attempt failed'),
      } as never);
      expect([failed.value, failed.context.submitError]).toEqual([
        { loaded: 'submitFailed' },
        { status: null, kind: 'platform', detail: null, code: null, field: null },
      ]);
    },
    'loaded.submitFailed': ({ snapshot, context, event, performed }) => {
      // A 401 (signed out meanwhile): what was typed goes to the app's in-memory draft store for after sign-in.
      const signedOut = event.type === 'xstate.done.actor.submitClaim' && refusalIn(event)?.status === 401;
      if (signedOut) expect(performed).toContainEqual({ type: 'keepDraft', params: context.values });
      else expect(performed.filter((p) => p.type === 'keepDraft')).toEqual([]);
      expect(nextFrom({ snapshot }, { type: 'form.blur', field: 'sortCode' }).context.touched.sortCode).toBe(true);
      // Emptying the delay and pressing submit again: not sent, every field's error shows from now on.
      const emptied = nextFrom({ snapshot }, { type: 'form.change', field: 'delay', value: '' });
      const resubmitted = nextFrom({ snapshot: emptied }, { type: 'form.submit' });
      expect([resubmitted.value, resubmitted.context.submitAttempted]).toEqual([{ loaded: 'submitFailed' }, true]);
      if (event.type === 'xstate.done.actor.submitClaim')
        expect(context.submitError?.status).toBe(refusalIn(event)?.status);
      if (event.type === 'xstate.error.actor.submitClaim') expect(context.submitError?.status).toBeNull();
      expect(context.justSubmitted).toBe(false);
      expect(snapshot.can({ type: 'form.submit' })).toBe(true);
      // A refusal on the direction stays on it while other fields change; once the customer changes
      // the direction its reason goes, and the spec's sentence (its status) stays until the next submit.
      if (context.submitError?.field === 'direction') {
        const typed = nextFrom({ snapshot }, { type: 'form.change', field: 'delay', value: '40' });
        expect(typed.context.submitError).toEqual(context.submitError);
        const chosen = nextFrom({ snapshot }, { type: 'form.change', field: 'direction', value: 'outward' });
        expect(chosen.value).toEqual({ loaded: 'submitFailed' });
        expect(chosen.context.submitError).toEqual({
          status: 400,
          kind: 'customer',
          detail: null,
          code: null,
          field: null,
        });
      }
    },
  },
});

it('takes an empty claim id or token (an empty URL hash) as none', () => {
  const start = (claimId: string | null, token: string | null) =>
    getInitialSnapshot(delayRepayMachine, { claimId, token, keySeed: 'seed-claim' }).value;
  expect(start('', null)).toBe('noToken');
  expect(start(null, '')).toBe('noToken');
  expect(start('', 'claim-token')).toBe('exchanging');
});

describe('claim form', () => {
  const valid: ClaimForm = {
    direction: 'outward',
    delay: '34',
    paymentType: 'original-payment',
    sortCode: '',
    accountNumber: '',
  };

  it('asks for the journey, the delay in whole minutes and a payment method', () => {
    // The chart names each problem by its code (src/schemas/delay-repay.ts); the screen words it.
    expect(claimFormErrors({ direction: '', delay: '', paymentType: '', sortCode: '', accountNumber: '' })).toEqual({
      direction: 'direction',
      delay: 'delayRequired',
      paymentType: 'paymentType',
    });
    expect(claimFormErrors({ ...valid, delay: '3.5' }).delay).toBe('delayInvalid');
    expect(claimFormErrors({ ...valid, delay: '0' }).delay).toBe('delayInvalid');
    expect(claimFormErrors({ ...valid, delay: '1000' }).delay).toBe('delayInvalid');
    expect(claimFormErrors({ ...valid, delay: '1' })).toEqual({});
    // Spaces around the minutes are not an error; spaces alone are no answer.
    expect(claimFormErrors({ ...valid, delay: ' 34 ' })).toEqual({});
    expect(claimFormErrors({ ...valid, delay: '   ' }).delay).toBe('delayRequired');
    expect(toSubmitClaimDetails({ ...valid, delay: ' 34 ' }).delay).toEqual({ minutes: 34 });
    expect(claimFormErrors(valid)).toEqual({});
  });

  it('needs a sort code and account number for a bank transfer, spaces and dashes allowed', () => {
    const bank = { ...valid, paymentType: 'bank-transfer' as const };
    expect(claimFormErrors(bank)).toEqual({ sortCode: 'sortCode', accountNumber: 'accountNumber' });
    // Exactly 6 and 8 digits: one more is as wrong as one fewer.
    expect(claimFormErrors({ ...bank, sortCode: '40-12-345', accountNumber: '1234 56789' })).toEqual({
      sortCode: 'sortCode',
      accountNumber: 'accountNumber',
    });
    const filled = { ...bank, sortCode: '40-12-34', accountNumber: '1234 5678' };
    expect(claimFormErrors(filled)).toEqual({});
    expect(toSubmitClaimDetails(filled)).toEqual({
      journey: { direction: 'outward' },
      delay: { minutes: 34 },
      paymentMethod: { type: 'bank-transfer', sortCode: '401234', accountNumber: '12345678' },
    });
  });

  it('sends the journey chosen and the payment method without bank details otherwise', () => {
    expect(toSubmitClaimDetails({ ...valid, direction: 'inward' })).toEqual({
      journey: { direction: 'inward' },
      delay: { minutes: 34 },
      paymentMethod: { type: 'original-payment' },
    });
    expect(toSubmitClaimDetails({ ...valid, paymentType: 'rail-voucher' }).paymentMethod).toEqual({
      type: 'rail-voucher',
    });
    expect(toSubmitClaimDetails(valid).journey).toEqual({ direction: 'outward' });
  });

  it('maps submit errors as the spec says', () => {
    expect(submitErrorFor(422, 'x', 'CLAIM_EXPIRED')).toEqual({
      status: 422,
      kind: 'customer',
      detail: 'x',
      code: 'CLAIM_EXPIRED',
      field: null,
    });
    expect(submitErrorFor(400, null)).toMatchObject({ kind: 'customer' });
    // A 400 keeps why and the field it is about; no other status puts a refusal on a field.
    expect(submitErrorFor(400, 'why', 'NO_RETURN_JOURNEY', 'direction')).toEqual({
      status: 400,
      kind: 'customer',
      detail: 'why',
      code: 'NO_RETURN_JOURNEY',
      field: 'direction',
    });
    expect(submitErrorFor(422, 'why', 'X', 'delay').field).toBeNull();
    expect(submitErrorFor(500, 'why', 'X', 'delay')).toEqual({
      status: 500,
      kind: 'platform',
      detail: null,
      code: null,
      field: null,
    });
    expect(submitErrorFor(409, null)).toMatchObject({ kind: 'platform' });
    expect(submitErrorFor(null, null)).toMatchObject({ kind: 'platform' });
  });
});

it('reads the form field a refusal names from the request path, trusting nothing of the body', () => {
  expect(refusedFieldOf(noReturnBody)).toBe('direction');
  expect(refusedFieldOf({ errors: [{ code: 'X', field: 'delay.minutes' }] })).toBe('delay');
  expect(refusedFieldOf({ errors: [{ code: 'X' }, { code: 'Y', field: 'paymentMethod.sortCode' }] })).toBe('sortCode');
  expect(refusedFieldOf({ errors: [{ code: 'X', field: 'paymentMethod.accountNumber' }] })).toBe('accountNumber');
  expect(refusedFieldOf({ errors: [{ code: 'X', field: 'submitClaimDetails.paymentMethod.type' }] })).toBe(
    'paymentType',
  );
  for (const body of [
    null,
    'text',
    { errors: 'x' },
    { errors: [null, 3] },
    { errors: [{ field: 'constructor' }] },
    { errors: [{ field: 'journey' }] },
    { errors: [{ field: 7 }] },
  ])
    expect(refusedFieldOf(body)).toBeNull();
});

describe('the email link', () => {
  /** Where the link's flow ends once claim-token has answered so (after a session that named no claim). */
  const afterClaimToken = async (answer: { customerRegistered: boolean; claimId?: string }) => {
    const machine = delayRepayMachine.provide({
      actors: {
        startClaimFlow: fromPromise<{ session: string }, { token: string }>(async () => ({ session: 's1' })),
        fetchClaimToken: fromPromise(async () => answer),
        fetchClaim: fromPromise<Claim, { claimId: string }>(async ({ input }) => ({ ...base, claimId: input.claimId })),
      },
    });
    const actor = createActor(machine, {
      input: { claimId: null, token: 'claim-token', keySeed: 'seed-claim' },
    }).start();
    const snapshot = await waitFor(actor, (s) => s.matches('linkNotOffered') || s.matches('loaded'));
    actor.stop();
    return { state: snapshot.matches('loaded') ? 'loaded' : 'linkNotOffered', claimId: snapshot.context.claimId };
  };

  it('opens the claim claim-token names', async () => {
    expect(await afterClaimToken({ customerRegistered: false, claimId: 'c9' })).toEqual({
      state: 'loaded',
      claimId: 'c9',
    });
  });

  it('ends on "not available here" when nothing names the claim, never asking for an empty id', async () => {
    expect(await afterClaimToken({ customerRegistered: false })).toEqual({ state: 'linkNotOffered', claimId: null });
    expect(await afterClaimToken({ customerRegistered: true, claimId: '' })).toEqual({
      state: 'linkNotOffered',
      claimId: '',
    });
  });
});
