import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  insuranceClaimMachine,
  insuranceClaimMessages,
  insuranceClaimStatus,
  insuranceClaimStatuses,
  insuranceModalStatuses,
} from '#machines/insurance-claim';
import { describeMachineModel, errorOf, nextFrom, outputOf } from './harness';

const ok = { claimId: 'ic1', orderId: 'o1', insuranceProductId: 'p1', isClaimable: true };
const KEY_SEED = 'seed-insurance';
const keyOf = (c: { attempt: number }) => `${KEY_SEED}.${c.attempt}`;
/** The answer was lost: the connection was reset after the server got the claim. */
const lost = { type: 'xstate.error.actor.submitClaim', error: { problem: { kind: 'network', message: 'Failed to fetch' } } };
const alreadyClaimed = { type: 'xstate.error.actor.submitClaim', error: { status: 409, problem: { kind: 'http', status: 409, codes: ['ALREADY_CLAIMED'], detail: null } } };
/** The booking's lifecycle refuses a second claim on a trip an insurance claim has paid for: also done. */
const tripClaimed = { type: 'xstate.error.actor.submitClaim', error: { status: 409, problem: { kind: 'http', status: 409, codes: ['INSURANCE_CLAIMED'], detail: null } } };
/** Any other 409 is a refusal, not a sign of an earlier claim: here the booking was refunded meanwhile. */
const refunded = { type: 'xstate.error.actor.submitClaim', error: { status: 409, problem: { kind: 'http', status: 409, codes: ['REFUNDED'], detail: null } } };

describeMachineModel(insuranceClaimMachine, {
  name: 'insuranceClaimMachine',
  input: { orderId: 'o1', insuranceProductId: 'p1', keySeed: KEY_SEED },
  events: {
    'xstate.done.actor.checkEligibility': [
      { type: 'xstate.done.actor.checkEligibility', output: ok },
      { type: 'xstate.done.actor.checkEligibility', output: { ...ok, isClaimable: false, detail: 'Essential cover applies only before your journey departs.' } },
      // Not the spec's shape: isClaimable is not a boolean, or claimId is missing.
      { type: 'xstate.done.actor.checkEligibility', output: { ...ok, isClaimable: 'yes' } },
    ],
    'xstate.error.actor.checkEligibility': [{ type: 'xstate.error.actor.checkEligibility', error: { status: 500 } }],
    'xstate.done.actor.submitClaim': [{ type: 'xstate.done.actor.submitClaim', output: { claimId: 'ic1', reference: 'INS-1' } }],
    'xstate.error.actor.submitClaim': [lost, alreadyClaimed, { type: 'xstate.error.actor.submitClaim', error: { status: 500 } }],
  },
  serializeContext: (c) => ({ errorType: c.errorType, errorMessage: c.errorMessage, claimId: c.claimId, claimUnconfirmed: c.claimUnconfirmed }),
  assert: (snapshot) => {
    const status = insuranceClaimStatus(snapshot);
    // docs/product/constants.md: a fixed named delay, not a value carried in context.
    expect(insuranceClaimMachine.implementations.delays['insuranceRefreshDebounceMs']).toBe(400);
    // Exactly one spec status per state.
    expect(snapshot.tags.size).toBe(1);
    // The modal shows in ELIGIBILITY_SUCCESS, CLAIM_REQUEST and CLAIM_FAILED only.
    const modal =
      snapshot.matches('eligibilitySuccess') ||
      snapshot.matches('claimRequest') ||
      snapshot.matches('claimFailed') ||
      snapshot.matches('checking') ||
      snapshot.matches('unconfirmed');
    expect(insuranceModalStatuses.includes(status)).toBe(modal);
    // Eligibility attempt allowed from NONE or ELIGIBILITY_FAILED; a claim from ELIGIBILITY_SUCCESS or CLAIM_FAILED.
    expect(snapshot.can({ type: 'insurance.checkEligibility' })).toBe(status === 'NONE' || status === 'ELIGIBILITY_FAILED');
    expect(snapshot.can({ type: 'insurance.claim' })).toBe(status === 'ELIGIBILITY_SUCCESS' || status === 'CLAIM_FAILED');
  },
  calls: {
    eligibilityRequest: { checkEligibility: { orderId: 'o1', insuranceProductId: 'p1' } },
    // Each attempt with its own Idempotency-Key; the check repeats the attempt with the same one.
    claimRequest: { submitClaim: (c: { attempt: number }) => ({ orderId: 'o1', insuranceProductId: 'p1', claimId: 'ic1', idempotencyKey: keyOf(c) }) },
    checking: { submitClaim: (c: { attempt: number }) => ({ orderId: 'o1', insuranceProductId: 'p1', claimId: 'ic1', idempotencyKey: keyOf(c) }) },
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
          errorMessage: null,
          detail: null,
          reference: null,
          claimFailed: false,
          claimUnconfirmed: false,
          keySeed: KEY_SEED,
          attempt: 0,
        });
      }
      expect(['xstate.init', 'modal.close']).toContain(event.type);
      expect([context.claimId, context.isClaimable, context.errorType, context.claimFailed, context.claimUnconfirmed]).toEqual([null, null, null, false, false]);
      if (event.type === 'modal.close') {
        // Closed after any outcome, the modal opens again offering "Submit claim", not "Check again".
        const reopened = nextFrom({ snapshot: nextFrom(check, { type: 'insurance.checkEligibility' }) }, { type: 'xstate.done.actor.checkEligibility', output: ok } as never);
        expect([insuranceClaimStatus(reopened), reopened.context.claimUnconfirmed]).toEqual(['ELIGIBILITY_SUCCESS', false]);
      }
    },
    eligibilityRequest: ({ snapshot, context, event }) => {
      expect(insuranceClaimStatus(snapshot)).toBe('ELIGIBILITY_REQUEST');
      expect(event.type).toBe('insurance.checkEligibility');
      // A new attempt starts clean: no error, reason or failed claim from before.
      expect([context.errorType, context.errorMessage, context.detail, context.claimFailed]).toEqual([null, null, null, false]);
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
      if (context.errorType === 'ineligible-product') expect(context.errorMessage).toBe('Product is not claimable');
      if (context.errorType === 'system-error') {
        expect([insuranceClaimMessages.unexpectedFormat, insuranceClaimMessages.systemError]).toContain(context.errorMessage);
      }
      // Which failure: a call error, a wrong shape, or isClaimable false.
      const out = outputOf(event) as { isClaimable?: unknown; detail?: string } | undefined;
      if (event.type === 'xstate.error.actor.checkEligibility') expect(context.errorMessage).toBe(insuranceClaimMessages.systemError);
      else if (out?.isClaimable === false) {
        expect([context.errorType, context.isClaimable, context.detail]).toEqual(['ineligible-product', false, out.detail]);
      } else expect([context.errorType, context.errorMessage]).toEqual(['system-error', 'Unexpected response format']);
      expect(context.claimId).toBeNull();
    },
    claimRequest: (check) => {
      const { snapshot, context, event } = check;
      // docs/product/api.md lists no answer fields for the claim: an empty body is a success with no reference.
      for (const output of [null, undefined]) {
        const done = nextFrom(check, { type: 'xstate.done.actor.submitClaim', output } as never);
        expect(insuranceClaimStatus(done)).toBe('CLAIM_SUCCESS');
        expect([done.context.reference, done.context.claimFailed]).toEqual([null, false]);
      }
      expect(insuranceClaimStatus(snapshot)).toBe('CLAIM_REQUEST');
      expect(event.type).toBe('insurance.claim');
      expect(context.claimId).toBe('ic1');
      expect(context.attempt).toBeGreaterThan(0);
      // A new attempt is neither failed nor unconfirmed while it is sent.
      expect([context.claimFailed, context.claimUnconfirmed]).toEqual([false, false]);
      // A lost answer is checked with the same key, not reported as "we couldn't submit your claim".
      const checking = nextFrom(check, lost as never);
      expect([checking.value, checking.context.attempt, checking.context.claimFailed, checking.context.claimUnconfirmed]).toEqual(['checking', context.attempt, false, false]);
      // So is a gateway's 504; a 500 from the server itself is a failure.
      expect(nextFrom(check, { type: 'xstate.error.actor.submitClaim', error: { status: 504 } } as never).value).toBe('checking');
      expect(nextFrom(check, { type: 'xstate.error.actor.submitClaim', error: { status: 500 } } as never).value).toBe('claimFailed');
      // Only ALREADY_CLAIMED or INSURANCE_CLAIMED means done: another 409 (the booking was refunded) is a failed claim.
      expect(nextFrom(check, refunded as never).value).toBe('claimFailed');
    },
    checking: (check) => {
      const { snapshot, context, event } = check;
      expect(insuranceClaimStatus(snapshot)).toBe('CLAIM_REQUEST');
      expect(['xstate.error.actor.submitClaim', 'insurance.claim']).toContain(event.type);
      if (event.type === 'xstate.error.actor.submitClaim') expect(errorOf(event)).toEqual(lost.error);
      // The server's first answer decides: the reference, or "already claimed" (done).
      expect(insuranceClaimStatus(nextFrom(check, { type: 'xstate.done.actor.submitClaim', output: { claimId: 'ic1', reference: 'INS-1' } } as never))).toBe('CLAIM_SUCCESS');
      expect(insuranceClaimStatus(nextFrom(check, alreadyClaimed as never))).toBe('CLAIM_SUCCESS');
      expect(insuranceClaimStatus(nextFrom(check, tripClaimed as never))).toBe('CLAIM_SUCCESS');
      expect(nextFrom(check, refunded as never).value).toBe('claimFailed');
      // Even when checking again after "we couldn't confirm": found, the claim is no longer unconfirmed.
      const found = nextFrom(check, { type: 'xstate.done.actor.submitClaim', output: { claimId: 'ic1', reference: 'INS-1' } } as never);
      expect([found.context.claimFailed, found.context.claimUnconfirmed, found.context.reference]).toEqual([false, false, 'INS-1']);
      const claimedBefore = nextFrom(check, alreadyClaimed as never);
      expect([claimedBefore.context.claimFailed, claimedBefore.context.claimUnconfirmed, claimedBefore.context.reference]).toEqual([false, false, null]);
      const again = nextFrom(check, lost as never);
      expect([again.value, again.context.attempt, again.context.claimUnconfirmed]).toEqual(['unconfirmed', context.attempt, true]);
    },
    unconfirmed: (check) => {
      const { snapshot, context, event } = check;
      expect(insuranceClaimStatus(snapshot)).toBe('CLAIM_FAILED');
      expect(event.type).toBe('xstate.error.actor.submitClaim');
      expect([context.claimFailed, context.claimUnconfirmed]).toEqual([true, true]);
      // Trying again repeats the check with the same key: never a second claim.
      const again = nextFrom(check, { type: 'insurance.claim' });
      expect([again.value, again.context.attempt]).toEqual(['checking', context.attempt]);
    },
    claimFailed: ({ snapshot, context, event }) => {
      expect(insuranceClaimStatus(snapshot)).toBe('CLAIM_FAILED');
      expect(event.type).toBe('xstate.error.actor.submitClaim');
      expect(context.claimFailed).toBe(true);
      expect(context.claimUnconfirmed).toBe(false);
      expect(context.claimId).toBe('ic1');
    },
    claimSuccess: ({ snapshot, context, event, actions }) => {
      expect(insuranceClaimStatus(snapshot)).toBe('CLAIM_SUCCESS');
      expect(['xstate.done.actor.submitClaim', 'xstate.error.actor.submitClaim']).toContain(event.type);
      // The answer's reference, or none for "already claimed" (409): the refreshed booking shows it.
      expect(context.reference).toBe(event.type === 'xstate.done.actor.submitClaim' ? 'INS-1' : null);
      expect([context.claimFailed, context.claimUnconfirmed]).toEqual([false, false]);
      // The refresh waits for the debounce.
      expect(actions).not.toContain('refreshBooking');
    },
    refreshed: ({ snapshot, context, event, actions }) => {
      expect(insuranceClaimStatus(snapshot)).toBe('CLAIM_SUCCESS');
      expect(event.type).toBe('xstate.after.insuranceRefreshDebounceMs.insuranceClaim.claimSuccess');
      expect(actions.filter((a) => a === 'refreshBooking'), 'the booking is refreshed once').toHaveLength(1);
      expect([null, 'INS-1']).toContain(context.reference);
      expect(snapshot.output).toEqual({ claimId: 'ic1', reference: context.reference });
    },
  },
});

describe('insurance claim statuses (docs/product/states.md)', () => {
  it('are the seven of the spec, NONE first', () => {
    expect(insuranceClaimStatuses).toEqual(['NONE', 'ELIGIBILITY_REQUEST', 'ELIGIBILITY_SUCCESS', 'ELIGIBILITY_FAILED', 'CLAIM_REQUEST', 'CLAIM_SUCCESS', 'CLAIM_FAILED']);
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
          submitClaim: fromPromise(async () => ({ claimId: 'ic1' })),
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
