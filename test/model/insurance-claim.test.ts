import { createActor, fromPromise, SimulatedClock, transition } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  insuranceClaimMachine,
  insuranceClaimStatus,
  insuranceClaimStatuses,
  insuranceModalStatuses,
} from '#machines/insurance-claim';
import { submitWithLostAnswerMachine } from '#machines/submit-with-lost-answer';
import { describeMachineModel, nextFrom, outputOf } from './harness';

const ok = { claimId: 'ic1', orderId: 'o1', insuranceProductId: 'p1', isClaimable: true };
const KEY_SEED = 'seed-insurance';
const keyOf = (c: { attempt: number }) => `${KEY_SEED}.${c.attempt}`;
/**
 * Each claim is one attempt of the lost-answer chart (its checks after a lost answer are its own
 * model test): it ends with the server's answer, its refusal, or the customer leaving it unconfirmed.
 */
const answered = (answer: unknown) => ({ type: 'xstate.done.actor.submitClaim', output: { kind: 'answered', answer } });
const refused = (error: unknown) => ({ type: 'xstate.done.actor.submitClaim', output: { kind: 'refused', error } });
const left = { type: 'xstate.done.actor.submitClaim', output: { kind: 'left' } };
const claimed = answered({ claimId: 'ic1', reference: 'INS-1' });
const alreadyClaimed = refused({
  status: 409,
  problem: { kind: 'http', status: 409, codes: ['ALREADY_CLAIMED'], detail: null },
});
/** The booking's lifecycle refuses a second claim on a trip an insurance claim has paid for: also done. */
const tripClaimed = refused({
  status: 409,
  problem: { kind: 'http', status: 409, codes: ['INSURANCE_CLAIMED'], detail: null },
});
/** Any other 409 is a refusal, not a sign of an earlier claim: here the booking was refunded meanwhile. */
const refunded = refused({ status: 409, problem: { kind: 'http', status: 409, codes: ['REFUNDED'], detail: null } });
const kindOf = (event: { type: string }) => (outputOf(event) as { kind?: string } | undefined)?.kind;

describeMachineModel(insuranceClaimMachine, {
  name: 'insuranceClaimMachine',
  input: { orderId: 'o1', insuranceProductId: 'p1', keySeed: KEY_SEED },
  events: {
    'xstate.done.actor.checkEligibility': [
      { type: 'xstate.done.actor.checkEligibility', output: ok },
      {
        type: 'xstate.done.actor.checkEligibility',
        output: { ...ok, isClaimable: false, detail: 'Essential cover applies only before your journey departs.' },
      },
      // Not the spec's shape: isClaimable is not a boolean, or claimId is missing.
      { type: 'xstate.done.actor.checkEligibility', output: { ...ok, isClaimable: 'yes' } },
    ],
    'xstate.error.actor.checkEligibility': [{ type: 'xstate.error.actor.checkEligibility', error: { status: 500 } }],
    'xstate.done.actor.submitClaim': [claimed, alreadyClaimed, refused({ status: 500 }), left],
    // The attempt itself failing (never expected): a failed claim.
    'xstate.error.actor.submitClaim': [{ type: 'xstate.error.actor.submitClaim', error: new Error('attempt failed') }],
  },
  serializeContext: (c) => ({ errorType: c.errorType, errorReason: c.errorReason, claimId: c.claimId }),
  assert: (snapshot) => {
    const status = insuranceClaimStatus(snapshot);
    // docs/product/constants.md: a fixed named delay, not a value carried in context.
    expect(insuranceClaimMachine.implementations.delays['insuranceRefreshDebounceMs']).toBe(400);
    // Exactly one spec status per state.
    expect(snapshot.tags.size).toBe(1);
    // The modal shows in ELIGIBILITY_SUCCESS, CLAIM_REQUEST and CLAIM_FAILED only.
    const modal =
      snapshot.matches('eligibilitySuccess') || snapshot.matches('claimRequest') || snapshot.matches('claimFailed');
    expect(insuranceModalStatuses.includes(status)).toBe(modal);
    // An attempt that could not confirm its outcome is CLAIM_FAILED, read from the attempt's phase.
    expect(insuranceClaimStatus(snapshot, true)).toBe(status === 'CLAIM_REQUEST' ? 'CLAIM_FAILED' : status);
    // Eligibility attempt allowed from NONE or ELIGIBILITY_FAILED; a claim from ELIGIBILITY_SUCCESS or
    // CLAIM_FAILED (while an attempt runs, the same button is passed to it: Check again once unconfirmed).
    expect(snapshot.can({ type: 'insurance.checkEligibility' })).toBe(
      status === 'NONE' || status === 'ELIGIBILITY_FAILED',
    );
    expect(snapshot.can({ type: 'insurance.claim' })).toBe(
      status === 'ELIGIBILITY_SUCCESS' || status === 'CLAIM_FAILED' || status === 'CLAIM_REQUEST',
    );
  },
  calls: {
    eligibilityRequest: { checkEligibility: { orderId: 'o1', insuranceProductId: 'p1' } },
    // Each attempt with its own Idempotency-Key; the attempt's checks repeat it with the same one.
    claimRequest: {
      submitClaim: (c: { attempt: number }) => ({
        request: { orderId: 'o1', insuranceProductId: 'p1', claimId: 'ic1', idempotencyKey: keyOf(c) },
      }),
    },
  },
  // docs/product/states.md "Insurance": one status per state, the eligibility outcome and the claim.
  states: {
    none: (check) => {
      const { snapshot, context, event } = check;
      expect(insuranceClaimStatus(snapshot)).toBe('NONE');
      expect(snapshot.hasTag('NONE')).toBe(true);
      if (event.type === 'xstate.init') {
        expect(context).toEqual({
          orderId: 'o1',
          insuranceProductId: 'p1',
          claimId: null,
          isClaimable: null,
          errorType: null,
          errorReason: null,
          detail: null,
          reference: null,
          claimFailed: false,
          keySeed: KEY_SEED,
          attempt: 0,
        });
      }
      // Closed (or the unconfirmed attempt left with Cancel), the insurance section starts again.
      expect(['xstate.init', 'modal.close', 'xstate.done.actor.submitClaim']).toContain(event.type);
      if (event.type === 'xstate.done.actor.submitClaim') expect(kindOf(event)).toBe('left');
      expect([context.claimId, context.isClaimable, context.errorType, context.claimFailed]).toEqual([
        null,
        null,
        null,
        false,
      ]);
      if (event.type !== 'xstate.init') {
        // Closed after any outcome, the modal opens again offering a new claim, with no attempt running.
        const reopened = nextFrom({ snapshot: nextFrom(check, { type: 'insurance.checkEligibility' }) }, {
          type: 'xstate.done.actor.checkEligibility',
          output: ok,
        } as never);
        expect([insuranceClaimStatus(reopened), reopened.children['submitClaim']]).toEqual([
          'ELIGIBILITY_SUCCESS',
          undefined,
        ]);
      }
    },
    eligibilityRequest: ({ snapshot, context, event }) => {
      expect(insuranceClaimStatus(snapshot)).toBe('ELIGIBILITY_REQUEST');
      expect(event.type).toBe('insurance.checkEligibility');
      // A new attempt starts clean: no error, reason or failed claim from before.
      expect([context.errorType, context.errorReason, context.detail, context.claimFailed]).toEqual([
        null,
        null,
        null,
        false,
      ]);
    },
    eligibilitySuccess: ({ snapshot, context, event }) => {
      expect(insuranceClaimStatus(snapshot)).toBe('ELIGIBILITY_SUCCESS');
      expect(event.type).toBe('xstate.done.actor.checkEligibility');
      expect(outputOf(event)).toEqual(ok);
      expect(context.claimId).toBe('ic1');
      expect(context.isClaimable).toBe(true);
      expect(context.errorType).toBeNull();
    },
    eligibilityFailed: ({ snapshot, context, event }) => {
      expect(insuranceClaimStatus(snapshot)).toBe('ELIGIBILITY_FAILED');
      expect(['xstate.done.actor.checkEligibility', 'xstate.error.actor.checkEligibility']).toContain(event.type);
      expect(['ineligible-product', 'system-error']).toContain(context.errorType);
      // The chart names the failure; the screen words it ('Product is not claimable', 'Unexpected response format').
      if (context.errorType === 'ineligible-product') expect(context.errorReason).toBe('not-claimable');
      if (context.errorType === 'system-error')
        expect(['unexpected-format', 'check-failed']).toContain(context.errorReason);
      // Which failure: a call error, a wrong shape, or isClaimable false.
      const out = outputOf(event) as { isClaimable?: unknown; detail?: string } | undefined;
      if (event.type === 'xstate.error.actor.checkEligibility') expect(context.errorReason).toBe('check-failed');
      else if (out?.isClaimable === false) {
        expect([context.errorType, context.isClaimable, context.detail]).toEqual([
          'ineligible-product',
          false,
          out.detail,
        ]);
      } else expect([context.errorType, context.errorReason]).toEqual(['system-error', 'unexpected-format']);
      expect(context.claimId).toBeNull();
    },
    claimRequest: (check) => {
      const { snapshot, context, event } = check;
      // docs/product/api.md lists no answer fields for the claim: an empty body is a success with no reference.
      for (const answer of [null, undefined]) {
        const done = nextFrom(check, answered(answer) as never);
        expect(insuranceClaimStatus(done)).toBe('CLAIM_SUCCESS');
        expect([done.context.reference, done.context.claimFailed]).toEqual([null, false]);
      }
      expect(insuranceClaimStatus(snapshot)).toBe('CLAIM_REQUEST');
      expect(['insurance.claim', 'modal.close']).toContain(event.type);
      expect(context.claimId).toBe('ic1');
      expect(context.attempt).toBeGreaterThan(0);
      // A new attempt is not failed while it is sent.
      expect(context.claimFailed).toBe(false);
      // The server's first answer decides (to the attempt or its check): the reference, or "already claimed" (done).
      const found = nextFrom(check, claimed as never);
      expect([insuranceClaimStatus(found), found.context.claimFailed, found.context.reference]).toEqual([
        'CLAIM_SUCCESS',
        false,
        'INS-1',
      ]);
      for (const done of [alreadyClaimed, tripClaimed]) {
        const before = nextFrom(check, done as never);
        expect([insuranceClaimStatus(before), before.context.claimFailed, before.context.reference]).toEqual([
          'CLAIM_SUCCESS',
          false,
          null,
        ]);
      }
      // Only ALREADY_CLAIMED or INSURANCE_CLAIMED means done: another 409 (the booking was refunded) is a failed claim.
      expect(nextFrom(check, refunded as never).value).toBe('claimFailed');
      // Trying again while the attempt runs is its Check again (the same key, never a second claim);
      // Cancel leaves an unconfirmed attempt, which then ends `left`.
      for (const [type, sent] of [
        ['insurance.claim', 'submit.check'],
        ['modal.close', 'submit.leave'],
      ] as const) {
        const [passed, executed] = transition(insuranceClaimMachine, snapshot as never, { type });
        expect([passed.value, passed.context.attempt]).toEqual(['claimRequest', context.attempt]);
        expect(executed.map((a) => [a.type, a.params])).toEqual([
          ['xstate.sendTo', expect.objectContaining({ targetId: 'submitClaim', event: { type: sent } })],
        ]);
      }
      expect(nextFrom(check, left as never).value).toBe('none');
    },
    claimFailed: ({ snapshot, context, event }) => {
      expect(insuranceClaimStatus(snapshot)).toBe('CLAIM_FAILED');
      expect(['xstate.done.actor.submitClaim', 'xstate.error.actor.submitClaim']).toContain(event.type);
      if (event.type === 'xstate.done.actor.submitClaim') expect(kindOf(event)).toBe('refused');
      expect(context.claimFailed).toBe(true);
      expect(context.claimId).toBe('ic1');
    },
    claimSuccess: ({ snapshot, context, event, actions }) => {
      expect(insuranceClaimStatus(snapshot)).toBe('CLAIM_SUCCESS');
      expect(event.type).toBe('xstate.done.actor.submitClaim');
      // The answer's reference, or none for "already claimed" (409): the refreshed booking shows it.
      expect(context.reference).toBe(kindOf(event) === 'answered' ? 'INS-1' : null);
      expect(context.claimFailed).toBe(false);
      // The refresh waits for the debounce.
      expect(actions).not.toContain('refreshBooking');
    },
    refreshed: ({ snapshot, context, event, actions }) => {
      expect(insuranceClaimStatus(snapshot)).toBe('CLAIM_SUCCESS');
      expect(event.type).toBe('xstate.after.insuranceRefreshDebounceMs.insuranceClaim.claimSuccess');
      expect(
        actions.filter((a) => a === 'refreshBooking'),
        'the booking is refreshed once',
      ).toHaveLength(1);
      expect([null, 'INS-1']).toContain(context.reference);
      expect(snapshot.output).toEqual({ claimId: 'ic1', reference: context.reference });
    },
  },
});

describe('insurance claim statuses (docs/product/states.md)', () => {
  it('are the seven of the spec, NONE first', () => {
    expect(insuranceClaimStatuses).toEqual([
      'NONE',
      'ELIGIBILITY_REQUEST',
      'ELIGIBILITY_SUCCESS',
      'ELIGIBILITY_FAILED',
      'CLAIM_REQUEST',
      'CLAIM_SUCCESS',
      'CLAIM_FAILED',
    ]);
  });
});

describe('insuranceClaimMachine timing', () => {
  const run = () => {
    const clock = new SimulatedClock();
    let refreshes = 0;
    const actor = createActor(
      insuranceClaimMachine.provide({
        actors: {
          checkEligibility: fromPromise<unknown, { orderId: string; insuranceProductId: string }>(async () => ok),
          submitClaim: submitWithLostAnswerMachine.provide({
            actors: { submit: fromPromise<unknown, unknown>(async () => ({ claimId: 'ic1' })) },
          }),
        },
        actions: { refreshBooking: () => void refreshes++ },
      }),
      { input: { orderId: 'o1', insuranceProductId: 'p1', keySeed: KEY_SEED }, clock },
    );
    actor.start();
    return { actor, clock, refreshes: () => refreshes };
  };
  const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

  it('refreshes the booking once, 400 ms after the claim succeeds (not at 399 ms)', async () => {
    const { actor, clock, refreshes } = run();
    actor.send({ type: 'insurance.checkEligibility' });
    await settle();
    expect(insuranceClaimStatus(actor.getSnapshot())).toBe('ELIGIBILITY_SUCCESS');
    actor.send({ type: 'insurance.claim' });
    await settle();
    expect(insuranceClaimStatus(actor.getSnapshot())).toBe('CLAIM_SUCCESS');
    clock.increment(399);
    expect(refreshes()).toBe(0);
    expect(actor.getSnapshot().matches('claimSuccess')).toBe(true);
    clock.increment(1);
    expect(refreshes()).toBe(1);
    expect(actor.getSnapshot().status).toBe('done');
    clock.increment(5000);
    expect(refreshes()).toBe(1);
  });

  it('ignores a claim attempt before eligibility (no claim id yet)', () => {
    const { actor } = run();
    actor.send({ type: 'insurance.claim' });
    expect(insuranceClaimStatus(actor.getSnapshot())).toBe('NONE');
  });
});
