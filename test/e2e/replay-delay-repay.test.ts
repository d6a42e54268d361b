import { expect } from 'vitest';
import type { Page, Route } from 'playwright-core';
import {
  claimFormErrors,
  delayRepayMachine,
  type ClaimForm,
  type DelayRepayContext,
  type DelayRepayInput,
} from '#machines/delay-repay';
import { m } from '#src/paraglide/messages.js';
import type { Claim } from '#src/schemas/delay-repay';
import { paymentLabels, submitErrorTitle } from '#routes/-components/delay-repay/delay-repay-copy';
import { DEMO_ACCOUNT } from '#server/seed/accounts.ts';
import { claimId, DEMO_CLAIM_TOKEN } from '#server/seed/delay-repay.ts';
import { httpError } from '#test/model/fixtures/refund-fixtures';
import { postFromAnotherTab } from './replay-helpers/another-tab';
import { answerWithModelError, describeBrowserReplay, SharedData, type ReplayStep } from './replay/replay';

/**
 * Delay Repay replayed in Chromium: signed in as the demo account on /claims/{claimId} (the input's
 * claimId names a seeded claim, server/seed/delay-repay.ts), from the email link (/claim-token#token=…,
 * the seeded guest claim) and from /claim-token with no token. The seed answers:
 * - demo-past-leeds-sheffield: an eligible Submission claim (34 minutes late), accepted when sent;
 * - demo-past-more-man-lds: a Punchout claim, made on the operator's site;
 * - demo-past-more-bhm-cov: a claim already processing (closed);
 * - the guest link: the guest's eligible claim, no account behind the email.
 * The server's failures (a link it cannot check, a claim it cannot load or take) come from the
 * /__test/answer switch. Each send is one attempt of the lost-answer chart, whose checks after a
 * lost answer are its own model test and test/e2e/lost-answers.test.ts. "Already made" (409 CLAIM_NOT_OPEN) is real: the same claim is sent from another tab
 * first. A 401 on send is the switch's too: the app then goes to sign in, and the kept draft
 * (input `draft`) is made that way in `open` before the claim loads again.
 */
type Step = ReplayStep<typeof delayRepayMachine>;
type Key = 'demo-past-leeds-sheffield' | 'demo-past-more-man-lds' | 'demo-past-more-bhm-cov';
const KEY_SEED = 'replay-claim';
const data = new SharedData();

const draft: ClaimForm = {
  direction: 'outward',
  delay: '34',
  paymentType: 'original-payment',
  sortCode: '',
  accountNumber: '',
};
const signedIn = (key: Key, withDraft = false): DelayRepayInput => ({
  claimId: key,
  token: null,
  keySeed: KEY_SEED,
  ...(withDraft ? { draft } : {}),
});

/** The claim as the model needs it (routing reads claimType and status only). */
const claimOf = (claimType: Claim['claimType'], status: Claim['status']): Claim => ({
  claimId: 'c',
  orderId: 'o',
  claimType,
  status,
  serviceFee: { amount: 0 },
  compensationToCustomer: { amount: 0 },
  customerRegistered: true,
  journeys: [],
  delayedJourney: 'outward',
});
const seeded: Record<Key, Claim> = {
  'demo-past-leeds-sheffield': claimOf('Submission', 'eligible'),
  'demo-past-more-man-lds': claimOf('Punchout', 'eligible'),
  'demo-past-more-bhm-cov': claimOf('Integrated', 'processing'),
};
const submitted = claimOf('Submission', 'submitted');
const alreadyMade = httpError(409, 'CLAIM_NOT_OPEN', 'This claim has already been made.');
/**
 * A journey the booking does not have (a return chosen on a single, where a host serving only the
 * spec's fields offers both): the local server's 400, naming the request's field and why.
 */
const noReturnBody = {
  errors: [{ code: 'NO_RETURN_JOURNEY', field: 'submitClaimDetails.journey.direction' }],
  detail: 'This booking has no return journey.',
};
const noReturn = {
  problem: {
    kind: 'http',
    status: 400,
    codes: ['NO_RETURN_JOURNEY'],
    detail: noReturnBody.detail,
    body: noReturnBody,
  },
};
/** The refusal a send's attempt ended with, if it was refused. */
const refusalIn = (event: { type: string }) => {
  const output = (event as { output?: { kind?: string; error?: unknown } }).output;
  return output?.kind === 'refused' ? (output.error as { problem?: { codes?: string[] } }) : undefined;
};
const viaLink = (c: DelayRepayContext) => c.token !== null || c.session !== null;
const signedOut = (c: DelayRepayContext) => c.submitError?.status === 401;

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const delayField = (page: Page) =>
  page.getByRole('textbox', { name: m.delay_repay_screen_how_many_minutes_late_did() });
const sendClaim = (page: Page) => button(page, m.delay_repay_screen_send_claim());
const status = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first().waitFor();

/** What the form shows: the delay typed, the payment chosen, Send claim usable only when it can send. */
const formShown = async ({ page, snapshot }: Step, busy: boolean) => {
  const { values, dirty } = snapshot.context;
  await expect.poll(() => delayField(page).inputValue(), { message: 'the delay typed' }).toBe(values.delay);
  if (values.paymentType) {
    await expect
      .poll(
        () =>
          page
            .getByRole('radio', { name: paymentLabels[values.paymentType as keyof typeof paymentLabels] })
            .isChecked(),
        { message: 'the payment chosen' },
      )
      .toBe(true);
  }
  const usable = !busy && dirty && Object.keys(claimFormErrors(values)).length === 0;
  await expect
    .poll(async () => (await sendClaim(page).getAttribute('aria-disabled')) !== 'true', {
      message: 'Send claim usable',
    })
    .toBe(usable);
  if (snapshot.context.draftRestored) await page.getByText(m.delay_repay_draft_restored(), { exact: true }).waitFor();
};

/** Sends the claim as another tab of the same customer would: the server then holds it as made. */
async function sendFromAnotherTab(page: Page, serverUrl: string, key: Key): Promise<void> {
  const body = {
    submitClaimDetails: {
      journey: { direction: 'outward' },
      delay: { minutes: 34 },
      paymentMethod: { type: 'original-payment' },
    },
  };
  expect(
    await postFromAnotherTab(page, serverUrl, `/claim/${claimId(key)}`, body),
    'the claim sent from another tab',
  ).toBe(200);
}

/** The sign-in page's form, as a customer fills it. */
async function signInOnPage(page: Page): Promise<void> {
  await page.getByRole('textbox', { name: m.common_email_address() }).first().fill(DEMO_ACCOUNT.email);
  await page.getByLabel(m.login_page_password(), { exact: true }).fill(DEMO_ACCOUNT.password);
  await button(page, m.common_sign_in()).click();
}

describeBrowserReplay(
  delayRepayMachine,
  {
    name: 'delayRepayMachine',
    inputs: [
      signedIn('demo-past-leeds-sheffield'),
      signedIn('demo-past-leeds-sheffield', true),
      signedIn('demo-past-more-man-lds'),
      signedIn('demo-past-more-bhm-cov'),
      { claimId: null, token: DEMO_CLAIM_TOKEN, keySeed: KEY_SEED },
      { claimId: null, token: null, keySeed: KEY_SEED },
    ],
    events: {
      // The delay goes '' → 'abc' (not whole minutes) → '34' → ''; the card paid with is chosen once.
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
      'xstate.done.actor.startClaimFlow': [
        { type: 'xstate.done.actor.startClaimFlow', output: { session: 'the link’s session' } },
      ],
      'xstate.error.actor.startClaimFlow': [
        { type: 'xstate.error.actor.startClaimFlow', error: httpError(401, 'UNAUTHORISED') },
        { type: 'xstate.error.actor.startClaimFlow', error: httpError(503, 'UNAVAILABLE') },
        // A host without POST /user-flow-access (beyond docs/product/api.md): the link cannot open the claim.
        { type: 'xstate.error.actor.startClaimFlow', error: httpError(404, 'NOT_FOUND') },
      ],
      'xstate.done.actor.fetchClaimToken': [
        {
          type: 'xstate.done.actor.fetchClaimToken',
          output: { claimId: 'the guest’s claim', customerRegistered: false },
        },
      ],
      'xstate.error.actor.fetchClaimToken': [
        { type: 'xstate.error.actor.fetchClaimToken', error: httpError(500, 'INTERNAL_ERROR') },
      ],
      'xstate.done.actor.fetchClaim': (snap) => {
        const c = snap.context;
        // Loaded again after "already made": the claim is sent now.
        if (c.claim !== null) return [{ type: 'xstate.done.actor.fetchClaim', output: submitted }];
        if (viaLink(c))
          return [
            {
              type: 'xstate.done.actor.fetchClaim',
              output: { ...seeded['demo-past-leeds-sheffield'], customerRegistered: false },
            },
          ];
        return [{ type: 'xstate.done.actor.fetchClaim', output: seeded[c.claimId as Key] }];
      },
      'xstate.error.actor.fetchClaim': (snap) =>
        snap.context.claim === null
          ? [{ type: 'xstate.error.actor.fetchClaim', error: httpError(500, 'INTERNAL_ERROR') }]
          : [],
      'xstate.done.actor.submitClaim': (snap) => [
        { type: 'xstate.done.actor.submitClaim', output: { kind: 'answered', answer: submitted } },
        // The platform's failure from the link; signed in, the 400 naming the journey question (the
        // same edge: each path that fails a send says why in its own way).
        {
          type: 'xstate.done.actor.submitClaim',
          output: { kind: 'refused', error: viaLink(snap.context) ? httpError(500, 'INTERNAL_ERROR') : noReturn },
        },
        // Signed in only: another tab of the account, and a session that ended.
        ...(viaLink(snap.context)
          ? []
          : [
              { type: 'xstate.done.actor.submitClaim', output: { kind: 'refused', error: alreadyMade } },
              {
                type: 'xstate.done.actor.submitClaim',
                output: { kind: 'refused', error: httpError(401, 'UNAUTHORISED') },
              },
            ]),
      ],
      // The attempt itself failing: no answer of the server causes it.
      'xstate.error.actor.submitClaim': [],
    },
    serializeContext: (c) => ({
      values: [c.values.delay, c.values.paymentType],
      dirty: c.dirty,
      claim: c.claim ? `${c.claim.claimType} ${c.claim.status}` : null,
      submitError: c.submitError?.status ?? null,
      loadError: c.loadError,
      session: c.session,
      draft: c.draft !== null,
      draftRestored: c.draftRestored,
      key: c.claimId,
    }),
  },
  {
    async prepare(path, server, browser) {
      const input = path.input!;
      // A claim sent (or made from another tab) is made for good: the next path on it starts from the seed.
      const sends = path.steps.some(
        (s) =>
          s.event.type === 'xstate.done.actor.submitClaim' &&
          (refusalIn(s.event) === undefined || s.state.matches('loading')),
      );
      // A 401 signs the app out (auth.unauthorised), which may end the shared session: the next path signs in afresh.
      const signsOut = Boolean(input.draft) || path.steps.some((s) => s.state.context.submitError?.status === 401);
      await data.use(server, 'the demo account’s session', signsOut);
      await data.use(server, input.claimId ?? 'the guest claim', sends);
      if (input.claimId) return data.signedIn(browser, server, DEMO_ACCOUNT);
    },
    async open(page, path, server) {
      const input = path.input!;
      if (!input.claimId)
        return void (await page.goto(`${server.url}claim-token${input.token ? `#token=${input.token}` : ''}`));
      const claimPage = `${server.url}claims/${claimId(input.claimId)}`;
      if (!input.draft) return void (await page.goto(claimPage));
      // The draft: typed, then a 401 on send takes the customer to sign in; signed in again, the
      // claim loads once more with what was typed (the load the path starts with).
      const api = new RegExp(`/api/claim/${claimId(input.claimId)}$`);
      const before = (route: Route) =>
        route.request().method() === 'POST'
          ? route.fulfill({
              status: 401,
              contentType: 'application/json',
              body: JSON.stringify(httpError(401, 'UNAUTHORISED').problem.body),
            })
          : route.continue();
      await page.route(api, before);
      await page.goto(claimPage);
      await delayField(page).fill(input.draft.delay);
      await page.getByRole('radio', { name: paymentLabels['original-payment'] }).check();
      await sendClaim(page).click();
      await page.waitForURL((u) => u.pathname.endsWith('/login'));
      await page.unroute(api, before);
      await signInOnPage(page);
    },
    calls: {
      startClaimFlow: { method: 'POST', path: /^\/user-flow-access$/ },
      fetchClaimToken: { method: 'GET', path: /^\/claim-token$/ },
      fetchClaim: { method: 'GET', path: /^\/claim\/[^/]+$/ },
      submitClaim: { method: 'POST', path: /^\/claim\/[^/]+$/ },
    },
    offers: {
      // Check again shows only once the attempt could not confirm its outcome: the attempt's own chart.
      'claim.check': () => false,
      // Signed out by a 401, the customer is on the sign-in page: nothing of the claim is on screen.
      // A kept draft is only shown (its path costs a sign-in in the browser); sending is replayed from a form filled in.
      'form.change': (snap) => !signedOut(snap.context) && !snap.context.draftRestored,
      'form.blur': (snap) => !signedOut(snap.context) && !snap.context.draftRestored,
      // Send claim ignores clicks and Enter unless the form can be sent.
      'form.submit': (snap) =>
        !signedOut(snap.context) &&
        !snap.context.draftRestored &&
        snap.context.dirty &&
        Object.keys(claimFormErrors(snap.context.values)).length === 0,
    },
    events: {
      'form.change': async ({ page, event }) => {
        if (event.type !== 'form.change') return;
        if (event.field === 'delay') await delayField(page).fill(event.value);
        else await page.getByRole('radio', { name: paymentLabels[event.value as keyof typeof paymentLabels] }).check();
      },
      // Leaving the delay field with Tab.
      'form.blur': async ({ page }) => {
        await delayField(page).focus();
        await page.keyboard.press('Tab');
      },
      'form.submit': async ({ page }) => sendClaim(page).click(),
      'claim.retry': async ({ page }) => button(page, m.common_try_again()).click(),
      'xstate.error.actor.startClaimFlow': answerWithModelError,
      'xstate.error.actor.fetchClaimToken': answerWithModelError,
      'xstate.error.actor.fetchClaim': answerWithModelError,
      'xstate.done.actor.submitClaim': async (step) => {
        const { event, page, server, previous } = step;
        const error = refusalIn(event);
        if (error === undefined) return;
        if (error.problem?.codes?.[0] === 'CLAIM_NOT_OPEN')
          await sendFromAnotherTab(page, server.url, previous!.context.claimId as Key);
        else await answerWithModelError({ ...step, event: { type: event.type, error } });
      },
    },
    states: {
      exchanging: async ({ page }) => status(page, m.common_checking_your_link()),
      readingToken: async ({ page }) => status(page, m.common_checking_your_link()),
      tokenFailed: async ({ page }) => {
        await page.getByText(m.delay_repay_token_failed(), { exact: true }).waitFor();
        await button(page, m.common_try_again()).waitFor();
      },
      noToken: async ({ page }) => page.getByText(m.delay_repay_no_token(), { exact: true }).waitFor(),
      invalidToken: async ({ page }) => page.getByText(m.delay_repay_invalid_token(), { exact: true }).waitFor(),
      linkNotOffered: async ({ page }) => page.getByText(m.delay_repay_link_not_offered(), { exact: true }).waitFor(),
      // A signed-in claim's first load is its route's loader (docs/decisions/730), its call held like the
      // chart's own. Opened from a link, the route's pending page shows the claim's loading words; opened
      // by its URL (or back from sign-in), the account area's loading indicator may stay up until every
      // loader of the first load has settled.
      loading: async ({ page, previous }) => {
        const words = page.getByRole('status').filter({ hasText: m.delay_repay_screen_loading_your_claim() });
        const shown =
          previous === undefined ? words.or(page.getByRole('status').filter({ hasText: m.ui_page_loading() })) : words;
        await shown.first().waitFor();
      },
      loadFailed: async ({ page }) => {
        await page.getByText(m.delay_repay_load_failed(), { exact: true }).waitFor();
        await button(page, m.common_try_again()).waitFor();
      },
      'loaded.punchout': async ({ page }) => {
        await page
          .getByRole('link', {
            name: m.delay_repay_screen_continue_to_s_claim_form({ operator: 'TransPennine Express' }),
          })
          .waitFor();
        expect(await sendClaim(page).count(), 'nothing to send here').toBe(0);
      },
      'loaded.closed': async ({ page, snapshot }) => {
        if (snapshot.context.justSubmitted)
          await page.getByText(m.delay_repay_screen_thank_you_your_claim_has(), { exact: true }).waitFor();
        await page.getByRole('heading', { level: 2, name: m.delay_repay_screen_claim_details() }).waitFor();
        expect(await sendClaim(page).count(), 'no form on a closed claim').toBe(0);
      },
      'loaded.editing': async (step) => {
        await step.page.getByRole('heading', { level: 2, name: m.delay_repay_screen_send_your_claim() }).waitFor();
        await formShown(step, false);
      },
      'loaded.submitting': async ({ page }) => {
        await page
          .locator('button[aria-busy="true"]')
          .filter({ hasText: m.delay_repay_screen_sending_your_claim() })
          .waitFor();
      },
      'loaded.submitFailed': async (step) => {
        const { page, snapshot } = step;
        if (signedOut(snapshot.context)) {
          // docs/product/roles.md: a 401 goes to sign in, to come back to the claim.
          await page.waitForURL(
            (u) => u.pathname.endsWith('/login') && (u.searchParams.get('redirect') ?? '').includes('/claims/'),
          );
          return;
        }
        await page
          .getByRole('alert')
          .filter({ hasText: submitErrorTitle(snapshot.context.submitError!) })
          .waitFor();
        // A refusal naming the direction is that question's error, listed in the error summary.
        if (snapshot.context.submitError?.field === 'direction') {
          const question = page.getByRole('group', { name: m.delay_repay_screen_which_journey_was_delayed() });
          await question.getByText(m.delay_repay_refusal_no_return(), { exact: true }).waitFor();
          await page
            .getByRole('link', {
              name: `${m.delay_repay_screen_which_journey_was_delayed()}: ${m.delay_repay_refusal_no_return()}`,
            })
            .waitFor();
        }
        await formShown(step, false);
      },
    },
    notUserActions: {
      '#delayRepay.starting always [0]':
        "Signed in again with a kept draft, the route's loader makes the first call: the replay holds it as the chart's fetchClaim and answers it at that step, so the page goes from its loading words to the form with the draft as the path says; the chart takes its starting edge from the loaded claim, which the model test walks",
      '#delayRepay.starting always [1]':
        "The signed-in route's loader makes the first call, held and answered as the chart's fetchClaim; the model test walks the starting edge",
      '#delayRepay.starting always [2]':
        "The loader's failed call is held and failed as the chart's fetchClaim, and the page shows its error with Try again; the model test walks the starting edge",
      '#delayRepay.loaded.submitting claim.check [0]':
        "Check again, passed to the attempt, shows only after a lost answer whose check got no answer either: caused by the network, not by the customer; the lost-answer chart's model test and test/e2e/lost-answers.test.ts",
      '#delayRepay.loaded.submitting xstate.error.actor.submitClaim [0]':
        'the attempt chart itself failing: no answer of the server causes it',
      '#delayRepay.loaded.editing form.submit [1]':
        'Send claim ignores clicks and Enter while the form is pristine or invalid (src/ui/button.tsx), so the screen never sends a submit the guard refuses; the model test walks it',
      '#delayRepay.loaded.submitFailed form.submit [1]':
        'Send claim ignores clicks and Enter while the form is invalid, as above; the model test walks it',
      '#delayRepay.readingToken xstate.done.actor.fetchClaimToken [1]':
        'A host whose link session and claim-token answer both leave out the claim id: the local server names it in the session answer (a local extra), which the app keeps, so no answer the replay can give claim-token leaves it unknown; the model test walks it',
    },
  },
);
