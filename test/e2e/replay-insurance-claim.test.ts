import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { insuranceClaimMachine, type InsuranceClaimInput } from '#machines/insurance-claim';
import { m } from '#src/paraglide/messages.js';
import { insuranceErrorWords } from '#routes/-components/insurance/insurance-words';
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
 * An eligibility answer of the wrong shape and a failed check or claim come from the /__test/answer
 * switch. Each claim is one attempt of the lost-answer chart, whose checks after a lost answer are
 * its own model test and test/e2e/lost-answers.test.ts.
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
const input = (key: Key): InsuranceClaimInput => ({
  orderId: 'its order',
  insuranceProductId: key,
  keySeed: 'replay-insurance',
});
const keyOf = (c: { insuranceProductId: string }) => c.insuranceProductId as Key;

const eligible = { claimId: 'its claim', orderId: 'its order', insuranceProductId: 'its product', isClaimable: true };
const alreadyClaimed = httpError(409, 'ALREADY_CLAIMED', 'A claim has already been made on this cover.');
/** What the switch answers for "not the spec's shape": isClaimable is not a boolean. */
const wrongShape = { claimId: 'x', orderId: 'x', insuranceProductId: 'x', isClaimable: 'yes' };
const REFRESHED = 'xstate.after.insuranceRefreshDebounceMs.insuranceClaim.claimSuccess';

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const opener = (page: Page) => button(page, m.insurance_claim_section_claim_on_your_insurance());
const dialog = (page: Page) =>
  page.getByRole('dialog', {
    name: m.insurance_claim_section_claim_on_your({ name: m.insurance_claim_section_essential() }),
  });
const claimMadeLine = (page: Page) => {
  const [before] = m.insurance_claim_section_claim_made_on_reference({ date: '\u0000', reference: '' }).split('\u0000');
  return page.getByText(before!, { exact: false });
};
/** The modal open, its claim button showing `label`, busy or not. */
const modal = async (page: Page, label: string, busy: boolean) => {
  await dialog(page).waitFor();
  const submit = dialog(page).locator('button[type="submit"]');
  await expect.poll(() => submit.textContent(), { message: 'the claim button' }).toBe(label);
  await expect
    .poll(() => submit.getAttribute('aria-busy'), { message: 'the claim button busy' })
    .toBe(busy ? 'true' : null);
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
      'insurance.checkEligibility': (snap) =>
        snap.context.errorType === 'ineligible-product' ? [] : [{ type: 'insurance.checkEligibility' as const }],
      'xstate.done.actor.checkEligibility': (snap) =>
        keyOf(snap.context) === 'demo-past-more-rdg-bri'
          ? [
              {
                type: 'xstate.done.actor.checkEligibility',
                output: {
                  ...eligible,
                  isClaimable: false,
                  detail: 'Essential cover applies only before your journey departs.',
                },
              },
            ]
          : [
              { type: 'xstate.done.actor.checkEligibility', output: eligible },
              { type: 'xstate.done.actor.checkEligibility', output: wrongShape },
            ],
      'xstate.error.actor.checkEligibility': (snap) =>
        keyOf(snap.context) === 'demo-upcoming-euston-manchester'
          ? [{ type: 'xstate.error.actor.checkEligibility', error: httpError(500, 'INTERNAL_ERROR') }]
          : [],
      'xstate.done.actor.submitClaim': [
        {
          type: 'xstate.done.actor.submitClaim',
          output: { kind: 'answered', answer: { claimId: 'its claim', reference: 'its reference' } },
        },
        { type: 'xstate.done.actor.submitClaim', output: { kind: 'refused', error: alreadyClaimed } },
        { type: 'xstate.done.actor.submitClaim', output: { kind: 'refused', error: httpError(500, 'INTERNAL_ERROR') } },
      ],
      // The attempt itself failing, or left while unconfirmed: no answer of the server causes either here.
      'xstate.error.actor.submitClaim': [],
    },
    serializeContext: (c) => ({
      errorType: c.errorType,
      errorReason: c.errorReason,
      claimId: c.claimId,
      key: c.insuranceProductId,
    }),
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
      'modal.close': async ({ page }) =>
        dialog(page).getByRole('button', { name: m.common_cancel(), exact: true }).click(),
      // The booking page reloads the booking by itself, insuranceRefreshDebounceMs after the claim.
      [REFRESHED]: async () => {},
      'xstate.done.actor.checkEligibility': async (step) => {
        const output = (step.event as { output?: { isClaimable?: unknown } }).output;
        if (output?.isClaimable === wrongShape.isClaimable)
          await step.server.answer('POST', step.call!.path, 200, wrongShape);
      },
      'xstate.error.actor.checkEligibility': answerWithModelError,
      'xstate.done.actor.submitClaim': async (step) => {
        const outcome = (step.event as { output?: { kind: string; error?: { problem?: { codes?: string[] } } } })
          .output;
        if (outcome?.kind !== 'refused') return;
        if (outcome.error?.problem?.codes?.[0] === 'ALREADY_CLAIMED') await claimFromAnotherTab(step);
        await answerWithModelError({ ...step, event: { type: step.event.type, error: outcome.error } });
      },
    },
    // Check again and leaving an unconfirmed claim show only once the attempt could not confirm its
    // outcome: the attempt's own chart.
    offers: {
      // While a claim is sent its buttons are disabled; they act on the attempt only once it is unconfirmed.
      'insurance.claim': (snap) => !snap.matches('claimRequest'),
      'modal.close': (snap) => !snap.matches('claimRequest'),
    },
    notUserActions: {
      '#insuranceClaim.claimRequest xstate.done.actor.submitClaim [2]':
        "Cancel after a claim whose outcome could not be confirmed (its answer and its check's lost): caused by the network; the lost-answer chart's model test and this chart's model test walk it",
      '#insuranceClaim.claimRequest xstate.error.actor.submitClaim [0]':
        'the attempt chart itself failing: no answer of the server causes it',
      '#insuranceClaim.claimRequest insurance.claim [0]':
        "Check again, passed to the attempt, shows only after a lost answer whose check got no answer either: the lost-answer chart's model test and test/e2e/lost-answers.test.ts",
      '#insuranceClaim.claimRequest modal.close [0]':
        'Cancel while a claim is sent is disabled; it leaves the attempt only once its outcome is unconfirmed (the lost-answer chart)',
    },
    states: {
      none: async ({ page }) => {
        await dialog(page).waitFor({ state: 'hidden' });
        await expect
          .poll(() => opener(page).getAttribute('aria-busy'), { message: 'Claim on your insurance ready' })
          .toBeNull();
      },
      eligibilityRequest: async ({ page }) => {
        await page
          .locator('button[aria-busy="true"]')
          .filter({ hasText: m.insurance_claim_section_checking_your_cover() })
          .waitFor();
      },
      eligibilityFailed: async ({ page, snapshot }) => {
        const { errorReason, errorType, detail } = snapshot.context;
        const alert = page.getByRole('alert').filter({ hasText: insuranceErrorWords[errorReason!]() });
        await alert.waitFor();
        if (errorType === 'ineligible-product') await alert.getByText(detail!, { exact: true }).waitFor();
        // A system error can be checked again; an ineligible product cannot.
        expect(await opener(page).count(), 'Claim on your insurance offered').toBe(
          errorType === 'system-error' ? 1 : 0,
        );
      },
      eligibilitySuccess: async ({ page }) => modal(page, m.insurance_claim_section_submit_claim(), false),
      claimRequest: async ({ page }) => modal(page, m.insurance_claim_section_submitting_your_claim(), true),
      claimFailed: async ({ page }) => {
        await dialog(page).getByText(m.insurance_claim_claim_failed(), { exact: true }).waitFor();
        await modal(page, m.insurance_claim_section_submit_claim(), false);
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
