import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  insuranceClaimMachine,
  insuranceClaimMessages,
  insuranceClaimStatus,
  insuranceModalStatuses,
} from '#machines/insurance-claim';
import { describeMachineModel } from './harness';

const ok = { claimId: 'ic1', orderId: 'o1', insuranceProductId: 'p1', isClaimable: true };

describeMachineModel(insuranceClaimMachine, {
  name: 'insuranceClaimMachine',
  input: { orderId: 'o1', insuranceProductId: 'p1' },
  events: {
    'xstate.done.actor.checkEligibility': [
      { type: 'xstate.done.actor.checkEligibility', output: ok },
      { type: 'xstate.done.actor.checkEligibility', output: { ...ok, isClaimable: false, detail: 'Essential cover applies only before your journey departs.' } },
      // Not the spec's shape: isClaimable is not a boolean, or claimId is missing.
      { type: 'xstate.done.actor.checkEligibility', output: { ...ok, isClaimable: 'yes' } },
    ],
    'xstate.error.actor.checkEligibility': [{ type: 'xstate.error.actor.checkEligibility', error: { status: 500 } }],
    'xstate.done.actor.submitClaim': [{ type: 'xstate.done.actor.submitClaim', output: { claimId: 'ic1', reference: 'INS-1' } }],
    'xstate.error.actor.submitClaim': [{ type: 'xstate.error.actor.submitClaim', error: { status: 409 } }],
  },
  serializeContext: (c) => ({ errorType: c.errorType, errorMessage: c.errorMessage, claimId: c.claimId }),
  assert: (snapshot) => {
    const status = insuranceClaimStatus(snapshot);
    const { context } = snapshot;
    expect(context.insuranceRefreshDebounceMs).toBe(400);
    // Exactly one spec status per state.
    expect(snapshot.tags.size).toBe(1);
    if (snapshot.matches('none')) expect(status).toBe('NONE');
    if (snapshot.matches('eligibilityRequest')) expect(status).toBe('ELIGIBILITY_REQUEST');
    if (snapshot.matches('eligibilitySuccess')) {
      expect(status).toBe('ELIGIBILITY_SUCCESS');
      expect(context.claimId).toBe('ic1');
      expect(context.isClaimable).toBe(true);
    }
    if (snapshot.matches('eligibilityFailed')) {
      expect(status).toBe('ELIGIBILITY_FAILED');
      expect(['ineligible-product', 'system-error']).toContain(context.errorType);
      if (context.errorType === 'ineligible-product') expect(context.errorMessage).toBe('Product is not claimable');
      if (context.errorType === 'system-error') {
        expect([insuranceClaimMessages.unexpectedFormat, insuranceClaimMessages.systemError]).toContain(context.errorMessage);
      }
      expect(context.claimId).toBeNull();
    }
    if (snapshot.matches('claimRequest')) {
      expect(status).toBe('CLAIM_REQUEST');
      expect(context.claimId).toBe('ic1');
    }
    if (snapshot.matches('claimFailed')) {
      expect(status).toBe('CLAIM_FAILED');
      expect(context.claimFailed).toBe(true);
      expect(context.claimId).toBe('ic1');
    }
    if (snapshot.matches('claimSuccess') || snapshot.matches('refreshed')) {
      expect(status).toBe('CLAIM_SUCCESS');
      expect(context.reference).toBe('INS-1');
    }
    if (snapshot.matches('refreshed')) expect(snapshot.output).toEqual({ claimId: 'ic1', reference: 'INS-1' });
    // The modal shows in ELIGIBILITY_SUCCESS, CLAIM_REQUEST and CLAIM_FAILED only.
    const modal = snapshot.matches('eligibilitySuccess') || snapshot.matches('claimRequest') || snapshot.matches('claimFailed');
    expect(insuranceModalStatuses.includes(status)).toBe(modal);
  },
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
      { input: { orderId: 'o1', insuranceProductId: 'p1' }, clock },
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
