import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { refundRequestMachine, type RefundRequestInput } from '#machines/refund-request';
import { partialRefundMessages } from '#src/copy/partial-refund';
import { refundProblemText } from '#routes/-components/refunds/refund-copy';
import { m } from '#src/paraglide/messages.js';
import type { PartialRefundsResponse, RefundQuote, RefundReason } from '#src/schemas/refunds';
import { REFUNDS_ACCOUNT } from '#server/seed/accounts.ts';
import { REFUND_SEED_KEYS, refundSeedBookingId } from '#server/seed/refunds.ts';
import {
  cardRequired,
  fraud,
  httpError,
  ineligible,
  partlyRefundable,
  processing,
  refundBooking,
  refundable,
} from '#test/model/fixtures/refund-fixtures';
import { refundRequestVertex } from '#test/model/fixtures/vertices';
import { answerWithModelError, describeBrowserReplay, SharedData, type ReplayStep } from './replay/replay';

/**
 * The refund page replayed in Chromium, signed in as refunds@example.com on the seeded
 * data. The input's bookingId names the seeded booking (server/seed/refunds.ts) whose
 * answers the model gives:
 * - flexible: refundable for any reason, refunded in full. Its failures (loading the booking, a
 *   quote, the request) come from the /__test/answer switch with the model's error.
 * - partialReturn: opened with a quote for one of its two passengers (made through the API):
 *   PARTIALLY_REFUNDABLE, then the history waits for the replacement order.
 * - advance (on /refund/ineligible): not refundable for changed plans, refundable for disruption.
 * - inProgress: PROCESSING whatever the reason.
 * - declinedCard: the card paid with is declined (422 INVALID_CREDIT_CARD), then every quote asks
 *   for a new card; a card the server tokenises is refunded.
 * - fraud: the request trips the fraud check (422 POTENTIAL_FRAUD_DETECTED), then every quote is
 *   POTENTIAL_FRAUD_DETECTED.
 * Each confirm is one attempt of the lost-answer chart (machines/submit-with-lost-answer.ts), which
 * ends with the server's answer or its refusal; its checks after a lost answer are its own model
 * test and test/e2e/lost-answers.test.ts.
 */
type Step = ReplayStep<typeof refundRequestMachine>;
type Key = 'flexible' | 'partialReturn' | 'advance' | 'inProgress' | 'declinedCard' | 'fraud';
const robin = { email: REFUNDS_ACCOUNT.email, password: REFUNDS_ACCOUNT.password };
const data = new SharedData();
const bookingIdOf = (input: RefundRequestInput | undefined) =>
  refundSeedBookingId(REFUND_SEED_KEYS[input!.bookingId as Key]);
const input = (bookingId: Key): RefundRequestInput => ({
  bookingId,
  quoteId: bookingId === 'partialReturn' ? 'one passenger' : null,
  today: 'today',
  keySeed: `replay-${bookingId}`,
});
const quoteDone = (output: RefundQuote) => ({ type: 'xstate.done.actor.fetchQuote', output });
const submitDone = (waitForSuperseders: boolean) => ({
  type: 'xstate.done.actor.submitRefund',
  output: {
    kind: 'answered',
    answer: { status: 'PROCESSING', creditCardForm: null, refundId: 'its refund', waitForSuperseders },
  },
});
const submitFailed = (error: ReturnType<typeof httpError>) => ({
  type: 'xstate.done.actor.submitRefund',
  output: { kind: 'refused', error },
});
/** The refusal an attempt ended with, if it was refused. */
const refusalIn = (event: { type: string }) => {
  const output = (event as { output?: { kind?: string; error?: unknown } }).output;
  return output?.kind === 'refused' ? output.error : undefined;
};
/** The card was declined earlier in the path: the server asks for a new card from then on. */
const declined = (c: { requestError: unknown; quote: RefundQuote | null; card: unknown }) =>
  c.requestError === 'INVALID_CREDIT_CARD' || c.quote?.creditCardForm?.required === true || c.card !== null;

/** Why the lost-answer edges are not replayed here. */
const lostAnswer =
  "Check again, passed to the attempt, shows only after a lost answer whose check got no answer either: caused by the network, not by the customer; test/e2e/lost-answers.test.ts resets it in the browser, the lost-answer chart's model test walks every edge (decisions 310 and 575)";
const specialIn200 =
  'the local server answers INVALID_CREDIT_CARD and POTENTIAL_FRAUD_DETECTED with 422 (decision 080); a retailer may answer them with 200, which the model test walks';

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const status = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first().waitFor();
const title = (page: Page, text: string) => page.getByRole('heading', { level: 1, name: text }).waitFor();
const reasonChecked = async ({ page, snapshot }: Step) => {
  await expect
    .poll(() => page.locator(`#reason-${snapshot.context.refundReason}`).isChecked(), { message: 'the chosen reason' })
    .toBe(true);
};

/** The partial return's passengers as the replay names them; the page opens with Robin's quote (the URL's selection). */
const passengers = ['robin', 'sasha'] as const;
const tickedOf = (selection: string[] | null): string[] => selection ?? ['robin'];

describeBrowserReplay(
  refundRequestMachine,
  {
    name: 'refundRequestMachine',
    inputs: [
      input('flexible'),
      input('partialReturn'),
      input('advance'),
      input('inProgress'),
      input('declinedCard'),
      input('fraud'),
    ],
    events: {
      'xstate.done.actor.fetchRefundBooking': [
        { type: 'xstate.done.actor.fetchRefundBooking', output: refundBooking() },
      ],
      'xstate.error.actor.fetchRefundBooking': (snap) =>
        snap.context.bookingId === 'flexible'
          ? [{ type: 'xstate.error.actor.fetchRefundBooking', error: httpError(500, 'INTERNAL_ERROR') }]
          : [],
      'xstate.done.actor.fetchQuote': (snap) => {
        const c = snap.context;
        const answer = {
          flexible: refundable,
          partialReturn: partlyRefundable,
          advance: c.refundReason === 'CHANGED_PLANS' ? ineligible : refundable,
          inProgress: processing,
          declinedCard: declined(c) ? cardRequired : refundable,
          fraud: c.fraud ? fraud : refundable,
        }[c.bookingId as Key];
        return [quoteDone(answer)];
      },
      'xstate.error.actor.fetchQuote': (snap) =>
        snap.context.bookingId === 'flexible'
          ? [{ type: 'xstate.error.actor.fetchQuote', error: httpError(409, 'ALREADY_REFUNDED', 'Already refunded.') }]
          : [],
      'xstate.done.actor.cardForm': [
        { type: 'xstate.done.actor.cardForm', output: { token: 'the server’s token', last4: '4242', brand: 'Visa' } },
      ],
      'xstate.done.actor.submitRefund': (snap) => {
        const c = snap.context;
        if (c.bookingId === 'fraud') return [submitFailed(httpError(422, 'POTENTIAL_FRAUD_DETECTED'))];
        if (c.bookingId === 'declinedCard')
          return c.card === null ? [submitFailed(httpError(422, 'INVALID_CREDIT_CARD'))] : [submitDone(false)];
        const done = [submitDone(c.bookingId === 'partialReturn')];
        return c.bookingId === 'flexible'
          ? [...done, submitFailed(httpError(410, 'QUOTE_EXPIRED', 'This quote has expired.'))]
          : done;
      },
      // The attempt itself failing: no answer of the server causes it.
      'xstate.error.actor.submitRefund': [],
      // Another reason than the one chosen (a radio button changes nothing when clicked again).
      'refund.setReason': (snap) => [
        {
          type: 'refund.setReason' as const,
          reason: (snap.context.refundReason === 'CHANGED_PLANS'
            ? 'DISRUPTION_UPCOMING'
            : 'CHANGED_PLANS') as RefundReason,
        },
      ],
      // A tick or untick of Robin or Sasha in the partial refund panel (the selection is the refund).
      'refund.select': (snap) =>
        snap.context.bookingId !== 'partialReturn'
          ? []
          : passengers.map((p) => {
              const ticked = tickedOf(snap.context.selection);
              return {
                type: 'refund.select' as const,
                refundables: ticked.includes(p) ? ticked.filter((x) => x !== p) : [...ticked, p],
              };
            }),
    },
    serializeContext: (c) => ({ ...refundRequestVertex(c), ticked: tickedOf(c.selection).slice().sort().join() }),
  },
  {
    async prepare(path, server, browser) {
      const key = path.input!.bookingId as Key;
      // A refund made, a card declined or a fraud check tripped changes that booking for good.
      const changes = path.steps.some(
        (s) =>
          s.event.type === 'xstate.done.actor.submitRefund' && (refusalIn(s.event) === undefined || key !== 'flexible'),
      );
      await data.use(server, key, changes);
      return data.signedIn(browser, server, robin);
    },
    async open(page, path, server) {
      const bookingId = bookingIdOf(path.input);
      const base = `${server.url}bookings/${bookingId}/refund`;
      if (path.input?.bookingId === 'advance') return void (await page.goto(`${base}/ineligible`));
      if (path.input?.bookingId !== 'partialReturn') return void (await page.goto(`${base}?from=detail`));
      // One passenger's quote, as "Refund this ticket" makes it.
      const booking = (await (
        await page.request.get(`${server.url}api/partial-refunds/${bookingId}`)
      ).json()) as PartialRefundsResponse;
      const one = booking.booking.outward.fares.flatMap((f) => f.farePassengers).find((p) => p.refundableId)!
        .refundableId!;
      const res = await page.request.get(
        `${server.url}api/refund-quote/${booking.orderId}/${bookingId}?refundables=${encodeURIComponent(JSON.stringify([one]))}`,
      );
      const { quoteId, status: quoted } = (await res.json()) as RefundQuote;
      expect(quoted).toBe('PARTIALLY_REFUNDABLE');
      await page.goto(`${base}?quoteId=${quoteId}&from=history`);
    },
    calls: {
      fetchRefundBooking: { method: 'GET', path: /^\/partial-refunds\/[^/]+$/ },
      fetchQuote: { method: 'GET', path: /^\/refund-quote\/[^/]+\/[^/]+$/ },
      submitRefund: { method: 'POST', path: /^\/refund-quote\/[^/]+$/ },
    },
    offers: {
      // Check again shows only once the attempt could not confirm its outcome: the attempt's own chart.
      'refund.check': () => false,
      // The reason picker shows while a reason is being re-quoted, not during the first quote.
      'refund.setReason': (snap) => !snap.matches('quoting') || snap.context.quote !== null,
      // The passengers show with a quote on screen, as the picker does.
      'refund.select': (snap) => !snap.matches('quoting') || snap.context.quote !== null,
    },
    events: {
      'refund.retry': async ({ page }) => button(page, m.common_try_again()).click(),
      'quote.retry': async ({ page }) => button(page, m.common_try_again()).click(),
      'quote.dismiss': async ({ page }) => button(page, m.common_close()).click(),
      'refund.setReason': async ({ page, event }) => {
        // A click, not check(): with no quote yet the picker gives way to "Working out your refund…".
        if (event.type === 'refund.setReason') await page.locator(`#reason-${event.reason}`).click();
      },
      'refund.select': async ({ page, event, previous }) => {
        if (event.type !== 'refund.select') return;
        const before = tickedOf(previous!.context.selection);
        const toggled = passengers.find((p) => before.includes(p) !== event.refundables.includes(p));
        await page
          .getByRole('checkbox', { name: new RegExp(`^${toggled === 'robin' ? 'Robin' : 'Sasha'} Hughes`) })
          .click();
      },
      'refund.continue': async ({ page }) => button(page, m.refund_screen_continue()).click(),
      'refund.back': async ({ page }) => button(page, m.refund_screen_back()).click(),
      'refund.confirm': async ({ page }) => button(page, m.refund_screen_confirm_refund()).click(),
      'card.cancel': async ({ page }) => button(page, m.common_cancel()).click(),
      // A card in the customer's name, which the server tokenises (POST payment/card-token).
      'xstate.done.actor.cardForm': async ({ page }) => {
        await page.getByLabel(m.refunds_card_form_card_number()).fill('4242 4242 4242 4242');
        await page.getByLabel(m.refunds_card_form_expiry_date()).fill('12/30');
        await page.getByLabel(m.refunds_card_form_security_code_cvc()).fill('123');
        await page.getByLabel(m.refunds_card_form_name_on_card()).fill('Robin Hughes');
        await button(page, m.refunds_card_form_use_this_card_and_refund()).click();
      },
      'xstate.error.actor.fetchRefundBooking': answerWithModelError,
      'xstate.error.actor.fetchQuote': answerWithModelError,
      // The declined card and the fraud check are the seed's own answers.
      'xstate.done.actor.submitRefund': async (step) => {
        const error = refusalIn(step.event);
        if (error !== undefined && step.previous!.context.bookingId === 'flexible')
          await answerWithModelError({ ...step, event: { type: step.event.type, error } });
      },
    },
    states: {
      // Signed in, the first load is the route's loader (decision 730), its call held like the
      // chart's own. Opened from a link, the route's pending page shows the chart's loading words;
      // opened by its URL, the account area's loading indicator stays up until every loader of the
      // first load has settled.
      loading: async ({ page, previous }) =>
        previous === undefined
          ? page
              .getByRole('status')
              .filter({ hasText: m.ui_page_loading() })
              .or(page.getByRole('status').filter({ hasText: m.refund_request_loading() }))
              .first()
              .waitFor()
          : status(page, m.refund_request_loading()),
      loadFailed: async ({ page }) => {
        await page.getByRole('alert').filter({ hasText: m.refund_request_load_failed() }).waitFor();
        await button(page, m.common_try_again()).waitFor();
      },
      quoting: async ({ page }) => status(page, m.refund_request_quoting()),
      quoteFailed: async ({ page, snapshot }) => {
        const { quoteError } = snapshot.context;
        const alert = page.getByRole('alert').filter({ hasText: m.refund_screen_we_couldnt_work_out_your() });
        await alert
          .getByText(refundProblemText(quoteError, m.refund_request_quote_failed()), { exact: true })
          .waitFor();
        await button(page, m.common_try_again()).waitFor();
        await button(page, m.common_close()).waitFor();
      },
      reviewing: async (step) => {
        await title(step.page, m.refund_screen_cancel_and_refund());
        await step.page.getByText(m.refund_screen_total_refund(), { exact: true }).waitFor();
        await expect
          .poll(() => button(step.page, m.refund_screen_continue()).isEnabled(), { message: 'Continue enabled' })
          .toBe(true);
        await reasonChecked(step);
      },
      nothingSelected: async ({ page }) => {
        await title(page, m.refund_screen_cancel_and_refund());
        await page.getByText(partialRefundMessages.nothingSelected, { exact: true }).waitFor();
        await expect
          .poll(() => button(page, m.refund_screen_continue()).isDisabled(), { message: 'Continue disabled' })
          .toBe(true);
      },
      confirming: async ({ page }) => {
        await page.getByRole('heading', { name: m.refund_screen_confirm_your_refund() }).waitFor();
        await button(page, m.refund_screen_confirm_refund()).waitFor();
        await button(page, m.refund_screen_back()).waitFor();
      },
      cardForm: async ({ page, snapshot }) => {
        const { requestError, declinedCard } = snapshot.context;
        if (requestError === 'INVALID_CREDIT_CARD' && declinedCard) {
          // A new card declined: tied to the card number and listed in the error summary (decision 670).
          const declined = m.refund_request_new_card_declined({ brand: declinedCard.brand, last4: declinedCard.last4 });
          await page
            .getByRole('link', { name: `${m.refunds_card_form_card_number()}: ${declined}`, exact: true })
            .waitFor();
        } else {
          await page
            .getByText(
              requestError === 'INVALID_CREDIT_CARD'
                ? m.refund_screen_your_card_was_declined()
                : m.refund_screen_we_need_a_card_for(),
              { exact: true },
            )
            .waitFor();
        }
        await page.getByLabel(m.refunds_card_form_card_number()).waitFor();
        await button(page, m.common_cancel()).waitFor();
      },
      requesting: async ({ page }) => status(page, m.refund_request_requesting()),
      requestFailed: async ({ page, snapshot }) => {
        const { requestError } = snapshot.context;
        const alert = page.getByRole('alert').filter({ hasText: m.refund_screen_your_refund_didnt_go_through() });
        await alert
          .getByText(
            refundProblemText(
              typeof requestError === 'string' ? { code: requestError, detail: null } : requestError,
              m.refund_request_request_failed(),
            ),
            { exact: true },
          )
          .waitFor();
        await button(page, m.common_try_again()).waitFor();
      },
      fraudHeld: async ({ page }) => {
        await page
          .getByRole('alert')
          .filter({ hasText: m.refund_screen_we_cant_complete_this_refund() })
          .getByText(m.refund_request_fraud())
          .waitFor();
      },
      ineligible: async (step) => {
        await title(step.page, m.refund_screen_refund_not_available());
        // "For the reason you chose" only once the customer chose one; the opening quote's reason is the
        // default. The chart's states do not tell the two apart (the model test checks which shows when).
        const intros = [
          m.refund_screen_we_cant_refund_this_booking(),
          m.refund_screen_we_cant_refund_this_booking_as_it_is(),
        ];
        const escape = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        await step.page.getByText(new RegExp(`^(${intros.map(escape).join('|')})$`)).waitFor();
        await reasonChecked(step);
      },
      unavailable: async (step) => {
        await title(step.page, m.refund_screen_cancel_and_refund());
        const { quote } = step.snapshot.context;
        await step.page
          .getByText(
            quote?.status === 'PROCESSING'
              ? m.refund_screen_refund_in_progress()
              : m.refund_screen_we_couldnt_work_out_a(),
            { exact: true },
          )
          .waitFor();
        await step.page.getByText(m.refund_screen_choose_another_reason(), { exact: true }).waitFor();
        await reasonChecked(step);
      },
      refunded: async ({ page, path }) => {
        await page.waitForURL((u) => u.pathname.endsWith(`/bookings/${bookingIdOf(path.input)}`));
        await page.getByText(m.refund_tracking_refund_processing(), { exact: true }).first().waitFor();
      },
      partiallyRefunded: async ({ page, path }) => {
        // The wait is handed over in history state: the URL carries no flag.
        await page.waitForURL(
          (u) =>
            u.pathname.endsWith(`/bookings/${bookingIdOf(path.input)}/history`) &&
            !u.searchParams.has('waitForSuperseders'),
        );
      },
    },
    notUserActions: {
      '#refundRequest.starting always [0]':
        "Signed in, the route's loader makes the first call: the replay holds it as the chart's fetchRefundBooking and answers it at that step, so the page goes from its loading words to the quote as the path says; the chart takes its starting edge from the loaded booking, which the model test walks",
      '#refundRequest.starting always [1]':
        "Signed in, the loader's failed call is held and failed as the chart's fetchRefundBooking, and the page shows the load's error with Try again; the model test walks the starting edge",
      // The local server answers the two special statuses with 422 (decision 080); a retailer may answer them with 200.
      '#refundRequest.requesting xstate.done.actor.submitRefund [0]': specialIn200,
      '#refundRequest.requesting xstate.done.actor.submitRefund [1]': specialIn200,
      '#refundRequest.requesting xstate.done.actor.submitRefund [4]':
        'a 409 IN_PROGRESS needs another refund of the same tickets requested (another tab) between this quote and its confirm; the model test covers it',
      '#refundRequest.requesting xstate.error.actor.submitRefund [0]':
        'the attempt chart itself failing: no answer of the server causes it',
      '#refundRequest.requesting refund.check [0]': lostAnswer,
    },
  },
);
