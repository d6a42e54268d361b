import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { insuranceClaimMachine, insuranceClaimMessages, type InsuranceClaimInput } from '#machines/insurance-claim';
import { m } from '#src/paraglide/messages.js';
import { DEMO_ACCOUNT } from '#server/seed/accounts.ts';
import { bookingIdOf } from '#server/seed/context.ts';
import { httpError } from '#test/model/fixtures/refund-fixtures';
import { postFromAnotherTab } from './replay-helpers/another-tab';
import { answerWithModelError, describeBrowserReplay, SharedData, type ReplayStep } from './replay/replay';

/**
 * Flexible insurance claims replayed in Chromium, signed in as the demo account on the booking
 * page of a seeded product (server/seed/insurance.ts DEMO_INSURANCE; the input's insuranceProductId
 * names its booking's key):
 * - demo-upcoming-euston-manchester: Essential cover before departure, claimable; a claim is made.
 * - demo-past-more-rdg-bri: Essential cover after departure, not claimable (the server's detail).
 * An eligibility answer of the wrong shape, a failed check or claim and the lost answer (a
 * gateway's 504: the outcome is unknown, decision 310) come from the /__test/answer switch.
 * "Already claimed": the same claim is made from another tab first (the cover is then claimed for
 * real), and the held claim is answered 409 ALREADY_CLAIMED through the switch. The local server
 * itself answers a second claim on a claimed cover with the booking lifecycle's 409
 * INSURANCE_CLAIMED (server/api/insurance.ts checks the lifecycle, decision 320, before the cover),
 * which the app takes as "we couldn't submit your claim" although the claim went through: a finding
 * for the server or the machine, not hidden here.
 */
type Step = ReplayStep<typeof insuranceClaimMachine>;
type Key = 'demo-upcoming-euston-manchester' | 'demo-past-more-rdg-bri';
const data = new SharedData();
const input = (key: Key): InsuranceClaimInput => ({ orderId: 'its order', insuranceProductId: key, keySeed: 'replay-insurance' });
const keyOf = (c: { insuranceProductId: string }) => c.insuranceProductId as Key;

const eligible = { claimId: 'its claim', orderId: 'its order', insuranceProductId: 'its product', isClaimable: true };
const lost = httpError(504, 'GATEWAY_TIMEOUT');
const alreadyClaimed = httpError(409, 'ALREADY_CLAIMED', 'A claim has already been made on this cover.');
/** What the switch answers for "not the spec's shape": isClaimable is not a boolean. */
const wrongShape = { claimId: 'x', orderId: 'x', insuranceProductId: 'x', isClaimable: 'yes' };
const REFRESHED = 'xstate.after.insuranceRefreshDebounceMs.insuranceClaim.claimSuccess';

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const opener = (page: Page) => button(page, m.insurance_claim_section_claim_on_your_insurance());
const dialog = (page: Page) => page.getByRole('dialog', { name: m.insurance_claim_section_claim_on_your({ name: m.insurance_claim_section_essential() }) });
const claimMadeLine = (page: Page) => {
  const [before] = m.insurance_claim_section_claim_made_on_reference({ date: '\u0000', reference: '' }).split('\u0000');
  return page.getByText(before!, { exact: false });
};
/** The modal open, its claim button showing `label`, busy or not. */
const modal = async (page: Page, label: string, busy: boolean) => {
  await dialog(page).waitFor();
  const submit = dialog(page).locator('button[type="submit"]');
  await expect.poll(() => submit.textContent(), { message: 'the claim button' }).toBe(label);
  await expect.poll(() => submit.getAttribute('aria-busy'), { message: 'the claim button busy' }).toBe(busy ? 'true' : null);
};
const succeeded = async ({ page }: Step) => {
  await dialog(page).waitFor({ state: 'hidden' });
  await page.getByText(m.insurance_claim_section_your_insurance_claim_has_been(), { exact: true }).waitFor();
};

/** Makes the claim as another tab of the same customer would: the cover is then claimed. */
async function claimFromAnotherTab({ page, server, call }: Step): Promise<void> {
  expect(await postFromAnotherTab(page, server.url, call!.path), 'the claim made from another tab').toBe(200);
}

describeBrowserReplay(
  insuranceClaimMachine,
  {
    name: 'insuranceClaimMachine',
    inputs: [input('demo-upcoming-euston-manchester'), input('demo-past-more-rdg-bri')],
    events: {
      // A product that is not claimable offers no second check (its button goes).
      'insurance.checkEligibility': (snap) => (snap.context.errorType === 'ineligible-product' ? [] : [{ type: 'insurance.checkEligibility' as const }]),
      'xstate.done.actor.checkEligibility': (snap) =>
        keyOf(snap.context) === 'demo-past-more-rdg-bri'
          ? [{ type: 'xstate.done.actor.checkEligibility', output: { ...eligible, isClaimable: false, detail: 'Essential cover applies only before your journey departs.' } }]
          : [
              { type: 'xstate.done.actor.checkEligibility', output: eligible },
              { type: 'xstate.done.actor.checkEligibility', output: wrongShape },
            ],
      'xstate.error.actor.checkEligibility': (snap) =>
        keyOf(snap.context) === 'demo-upcoming-euston-manchester' ? [{ type: 'xstate.error.actor.checkEligibility', error: httpError(500, 'INTERNAL_ERROR') }] : [],
      'xstate.done.actor.submitClaim': [{ type: 'xstate.done.actor.submitClaim', output: { claimId: 'its claim', reference: 'its reference' } }],
      'xstate.error.actor.submitClaim': [
        { type: 'xstate.error.actor.submitClaim', error: lost },
        { type: 'xstate.error.actor.submitClaim', error: alreadyClaimed },
        { type: 'xstate.error.actor.submitClaim', error: httpError(500, 'INTERNAL_ERROR') },
      ],
    },
    serializeContext: (c) => ({ errorType: c.errorType, errorMessage: c.errorMessage, claimId: c.claimId, claimUnconfirmed: c.claimUnconfirmed, key: c.insuranceProductId }),
  },
  {
    async prepare(path, server, browser) {
      const claims = path.steps.some((s) => s.state.matches('claimSuccess') || s.state.matches('refreshed'));
      await data.use(server, path.input!.insuranceProductId, claims);
      return data.signedIn(browser, server, DEMO_ACCOUNT);
    },
    async open(page, path, server) {
      await page.goto(`${server.url}bookings/${bookingIdOf(path.input!.insuranceProductId)}`);
    },
    calls: {
      checkEligibility: { method: 'POST', path: /^\/flexible-insurance\/[^/]+\/[^/]+\/eligibility$/ },
      submitClaim: { method: 'POST', path: /^\/flexible-insurance\/[^/]+\/[^/]+\/[^/]+\/claim$/ },
    },
    events: {
      'insurance.checkEligibility': async ({ page }) => opener(page).click(),
      // Submit claim, or Check again once the outcome is unknown (the same button).
      'insurance.claim': async ({ page }) => dialog(page).locator('button[type="submit"]').click(),
      'modal.close': async ({ page }) => dialog(page).getByRole('button', { name: m.common_cancel(), exact: true }).click(),
      // The booking page reloads the booking by itself, insuranceRefreshDebounceMs after the claim.
      [REFRESHED]: async () => {},
      'xstate.done.actor.checkEligibility': async (step) => {
        const output = (step.event as { output?: { isClaimable?: unknown } }).output;
        if (output?.isClaimable === wrongShape.isClaimable) await step.server.answer('POST', step.call!.path, 200, wrongShape);
      },
      'xstate.error.actor.checkEligibility': answerWithModelError,
      'xstate.error.actor.submitClaim': async (step) => {
        const code = (step.event as { error?: { problem?: { codes?: string[] } } }).error?.problem?.codes?.[0];
        if (code === 'ALREADY_CLAIMED') await claimFromAnotherTab(step);
        await answerWithModelError(step);
      },
    },
    states: {
      none: async ({ page }) => {
        await dialog(page).waitFor({ state: 'hidden' });
        await expect.poll(() => opener(page).getAttribute('aria-busy'), { message: 'Claim on your insurance ready' }).toBeNull();
      },
      eligibilityRequest: async ({ page }) => {
        await page.locator('button[aria-busy="true"]').filter({ hasText: m.insurance_claim_section_checking_your_cover() }).waitFor();
      },
      eligibilityFailed: async ({ page, snapshot }) => {
        const { errorMessage, errorType, detail } = snapshot.context;
        const alert = page.getByRole('alert').filter({ hasText: errorMessage! });
        await alert.waitFor();
        if (errorType === 'ineligible-product') await alert.getByText(detail!, { exact: true }).waitFor();
        // A system error can be checked again; an ineligible product cannot.
        expect(await opener(page).count(), 'Claim on your insurance offered').toBe(errorType === 'system-error' ? 1 : 0);
      },
      eligibilitySuccess: async ({ page }) => modal(page, m.insurance_claim_section_submit_claim(), false),
      claimRequest: async ({ page }) => modal(page, m.insurance_claim_section_submitting_your_claim(), true),
      checking: async ({ page }) => modal(page, insuranceClaimMessages.checking, true),
      claimFailed: async ({ page }) => {
        await dialog(page).getByText(insuranceClaimMessages.claimFailed, { exact: true }).waitFor();
        await modal(page, m.insurance_claim_section_submit_claim(), false);
      },
      unconfirmed: async ({ page }) => {
        await dialog(page).getByText(insuranceClaimMessages.unconfirmed, { exact: true }).waitFor();
        await modal(page, m.common_check_again(), false);
      },
      claimSuccess: succeeded,
      // The booking reloaded: the claim comes back from the server with the booking.
      refreshed: async (step) => {
        await succeeded(step);
        await claimMadeLine(step.page).waitFor();
        expect(await opener(step.page).count(), 'no second claim offered').toBe(0);
      },
    },
  },
);
