import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { refundQuoteMachine, type RefundQuoteInput } from '#machines/refund-quote';
import { refundQuoteMessages } from '#src/copy/refund-quote';
import { refundProblemText } from '#routes/-components/refunds/refund-copy';
import { m } from '#src/paraglide/messages.js';
import type { RefundQuote } from '#src/schemas/refunds';
import { REFUNDS_ACCOUNT } from '#server/seed/accounts.ts';
import { REFUND_SEED_KEYS, refundSeedBookingId } from '#server/seed/refunds.ts';
import { signedInClient, type TestServer } from '#test/helpers/server';
import { outputOf } from '#test/model/harness';
import { fraud, httpError, processing, quote, refundable, transformError } from '#test/model/fixtures/refund-fixtures';
import { refundQuoteVertex } from '#test/model/fixtures/vertices';
import { answerWithModelError, describeBrowserReplay, SharedData, type ReplayStep } from './replay/replay';

/**
 * "Cancel and refund" on booking detail replayed in Chromium, signed in as
 * refunds@example.com on the seeded data. The input's bookingId names the seeded booking
 * (server/seed/refunds.ts) whose answers the model gives:
 * - flexible: refundable (the refund page opens). Its failures come from the /__test/answer
 *   switch: a 500, a 409 CHANGE_OF_JOURNEY_SOURCE (the journey was changed meanwhile; the status
 *   call then finds no change of journey, a real 404), and a TRANSFORM_ERROR quote without
 *   unprocessable reasons, a status the spec lists that the local server never sends that way.
 * - advance: NON_REFUNDABLE for its terms (the ineligibility view opens).
 * - amountTooLow with the refund-ineligibility-enhanced-view feature off (page-data switch): the
 *   reasons are shown where the customer is.
 * - paperPost: a refund is requested in another tab while the quote is on its way: PROCESSING.
 * - fraud: the retailer's fraud check flags the order (a refund request from the API) while the
 *   quote is on its way: POTENTIAL_FRAUD_DETECTED.
 * - changeOfJourneySource: the status of its change of journey instead of a quote; its failure is
 *   the switch's 500.
 */
type Step = ReplayStep<typeof refundQuoteMachine>;
type Key = 'flexible' | 'advance' | 'amountTooLow' | 'paperPost' | 'fraud' | 'changeOfJourneySource';
const robin = { email: REFUNDS_ACCOUNT.email, password: REFUNDS_ACCOUNT.password };
const data = new SharedData();
const bookingIdOf = (input: RefundQuoteInput | undefined) =>
  refundSeedBookingId(REFUND_SEED_KEYS[input!.bookingId as Key]);
const input = (bookingId: Key, over: Partial<RefundQuoteInput> = {}): RefundQuoteInput => ({
  bookingId,
  orderId: 'its order',
  from: 'detail',
  changeOfJourneySource: false,
  enhancedIneligibleView: true,
  ...over,
});
const done = (output: RefundQuote) => ({ type: 'xstate.done.actor.fetchQuote', output });
const amountTooLow = quote({
  status: 'NON_REFUNDABLE',
  quoteId: null,
  unprocessableReasons: [{ reasonCode: 'AMOUNT_TOO_LOW', blocking: true }],
  cancellationDetails: null,
});
const termsIneligible = quote({
  status: 'NON_REFUNDABLE',
  quoteId: null,
  unprocessableReasons: [{ reasonCode: 'TERMS_AND_CONDITIONS', blocking: true }],
});

/** A refund request from robin's other tab, or the one that trips the fraud check: quote, then request. */
const requestElsewhere = async (server: TestServer, call: { path: string }) => {
  const client = await signedInClient(server.origin, robin);
  const { body } = await client.get<RefundQuote>(`/my-account/api${call.path}`);
  // Once requested (or flagged), later quotes have no quote id: nothing more to do.
  if (body.quoteId)
    await client.post(`/my-account/api/refund-quote/${body.quoteId}`, { token: null, bookingId: body.bookingId });
};
const entryButton = (page: Page) => page.getByRole('button', { name: m.refund_entry_cancel_and_refund(), exact: true });
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const alert = (page: Page, title: string) => page.getByText(title, { exact: true });
const busy = async ({ page }: Step) => {
  const pending = page.getByRole('button', { name: refundQuoteMessages.pending, exact: true });
  await expect.poll(() => pending.getAttribute('aria-busy'), { message: 'Cancel and refund is busy' }).toBe('true');
  expect(await pending.isDisabled()).toBe(true);
};
const message =
  (title: string, ...more: string[]) =>
  async ({ page }: Step) => {
    await alert(page, title).waitFor();
    for (const text of more) await page.getByText(text, { exact: true }).waitFor();
    await button(page, m.common_close()).waitFor();
    expect(await entryButton(page).count(), 'Cancel and refund gives way to the message').toBe(0);
  };

describeBrowserReplay(
  refundQuoteMachine,
  {
    name: 'refundQuoteMachine',
    inputs: [
      input('flexible'),
      input('advance'),
      input('amountTooLow', { enhancedIneligibleView: false }),
      input('paperPost'),
      input('fraud'),
      input('changeOfJourneySource', { changeOfJourneySource: true }),
    ],
    events: {
      'xstate.done.actor.fetchQuote': (snap) =>
        ({
          flexible: [done(refundable), done(transformError)],
          advance: [done(termsIneligible)],
          amountTooLow: [done(amountTooLow)],
          paperPost: [done(processing)],
          fraud: [done(fraud)],
          changeOfJourneySource: [],
        })[snap.context.bookingId as Key],
      'xstate.error.actor.fetchQuote': (snap) =>
        snap.context.bookingId === 'flexible'
          ? [
              { type: 'xstate.error.actor.fetchQuote', error: httpError(500, 'INTERNAL_ERROR') },
              { type: 'xstate.error.actor.fetchQuote', error: httpError(409, 'CHANGE_OF_JOURNEY_SOURCE') },
            ]
          : [],
      'xstate.done.actor.fetchChangeOfJourneyStatus': (snap) =>
        snap.context.changeOfJourneySource
          ? [
              {
                type: 'xstate.done.actor.fetchChangeOfJourneyStatus',
                output: { status: 'IN_PROGRESS', sourceBookingId: snap.context.bookingId },
              },
            ]
          : [],
      'xstate.error.actor.fetchChangeOfJourneyStatus': [
        { type: 'xstate.error.actor.fetchChangeOfJourneyStatus', error: httpError(500, 'INTERNAL_ERROR') },
      ],
    },
    serializeContext: refundQuoteVertex,
  },
  {
    async prepare(path, server, browser) {
      const key = path.input!.bookingId;
      // A refund requested or a fraud check tripped meanwhile changes that booking for good.
      await data.use(server, key, key === 'paperPost' || key === 'fraud');
      const res = await fetch(`${server.origin}/__test/page-data`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          features: { 'refund-ineligibility-enhanced-view': path.input!.enhancedIneligibleView },
        }),
      });
      expect(res.status).toBe(200);
      return data.signedIn(browser, server, robin);
    },
    async open(page, path, server) {
      await page.goto(`${server.url}bookings/${bookingIdOf(path.input)}`);
    },
    calls: {
      fetchQuote: { method: 'GET', path: /^\/refund-quote\/[^/]+\/[^/]+$/ },
      fetchChangeOfJourneyStatus: { method: 'GET', path: /^\/change-of-journey\/status\/[^/]+\/[^/]+$/ },
    },
    events: {
      'refund.requestQuote': async ({ page }) => entryButton(page).click(),
      'quote.retry': async ({ page }) => button(page, m.common_try_again()).click(),
      'quote.dismiss': async ({ page }) => button(page, m.common_close()).click(),
      'xstate.done.actor.fetchQuote': async ({ server, call, event, previous }) => {
        const answer = outputOf(event) as RefundQuote;
        const key = previous!.context.bookingId as Key;
        if (key === 'paperPost' || key === 'fraud') await requestElsewhere(server, call!);
        if (answer.status === 'TRANSFORM_ERROR') {
          const client = await signedInClient(server.origin, robin);
          const { body } = await client.get<RefundQuote>(`/my-account/api${call!.path}`);
          const unpriced = {
            ...body,
            quoteId: null,
            status: 'TRANSFORM_ERROR',
            unprocessableReasons: [],
            cancellationDetails: null,
            message: answer.message,
          };
          await server.answer('GET', call!.path, 200, unpriced);
        }
      },
      'xstate.error.actor.fetchQuote': answerWithModelError,
      // Without a change of journey the server's own answer is the failure (404).
      'xstate.error.actor.fetchChangeOfJourneyStatus': async (step) => {
        if (step.previous!.context.changeOfJourneySource) await answerWithModelError(step);
      },
    },
    states: {
      idle: async ({ page }) => {
        await expect.poll(() => entryButton(page).isEnabled(), { message: 'Cancel and refund enabled' }).toBe(true);
      },
      quoting: busy,
      checkingChangeOfJourney: busy,
      failed: async (step) => {
        const { quoteError } = step.snapshot.context;
        await message(
          m.refund_entry_we_couldnt_check_your_refund(),
          refundProblemText(quoteError, refundQuoteMessages.error),
        )(step);
        await button(step.page, m.common_try_again()).waitFor();
      },
      notRefundable: message(refundQuoteMessages.notRefundable),
      inProgress: message(m.refund_entry_refund_in_progress()),
      fraudSuspected: message(m.refund_entry_we_cant_refund_this_booking()),
      changeOfJourney: message(m.refund_entry_this_journey_was_changed(), refundQuoteMessages.changeOfJourney),
      changeOfJourneyFailed: async (step) => {
        await message(m.refund_entry_we_couldnt_check_the_change(), refundQuoteMessages.changeOfJourneyError)(step);
        await button(step.page, m.common_try_again()).waitFor();
      },
      toRefundPage: async ({ page, path }) => {
        await page.waitForURL(
          (u) =>
            u.pathname.endsWith(`/bookings/${bookingIdOf(path.input)}/refund`) &&
            !!u.searchParams.get('quoteId') &&
            u.searchParams.get('from') === 'detail',
        );
      },
      toIneligibleView: async ({ page, path }) => {
        await page.waitForURL((u) => u.pathname.endsWith(`/bookings/${bookingIdOf(path.input)}/refund/ineligible`));
      },
    },
  },
);
