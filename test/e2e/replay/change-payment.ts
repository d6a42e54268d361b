import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { AnyEventObject, AnyStateMachine } from 'xstate';
import type { CardChoice } from '#machines/lib/change-payment';
import { formatMoney } from '#src/i18n/format';
import { m } from '#src/paraglide/messages.js';
import { payAnswered, payRefused } from '#test/model/change-payment-answers';
import { answerWithModelError, type ReplayStep } from './replay';
import { cardBrandLabel } from '#src/schemas/cards';

/**
 * What the browser replays of a change of journey and a change of a season's start date do alike
 * around their one payment (machines/lib/change-payment.ts): the model's payment answers, the
 * review's card and notices, the card form, and the server's refusals answered through the switch.
 * Each replay keeps its own screens' words and data; these take them as arguments.
 */
export { payAnswered, payRefused };

/** The refusal a payment's model answer carries (its error), or undefined for an answer. */
export const refusalIn = (event: { type: string }) => {
  const output = (event as { output?: { kind?: string; error?: unknown } }).output;
  return output?.kind === 'refused' ? output.error : undefined;
};

/** The code of that refusal (the HTTP problem's first error). */
export const codeIn = (event: { type: string }) =>
  (refusalIn(event) as { problem?: { body?: { errors?: { code?: string }[] } } } | undefined)?.problem?.body
    ?.errors?.[0]?.code;

/** The page data's portal: the business portal charges no fee to change. */
export const portal = (server: { origin: string }, name: string) =>
  fetch(`${server.origin}/__test/page-data`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ portal: name }),
  });

export const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
export const status = (page: Page, text: string) =>
  page.getByRole('status').filter({ hasText: text }).first().waitFor();
export const heading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name }).waitFor();

/** A saved card as "Pay with" names it. */
interface SavedCardName {
  brand: string;
  last4: string;
}

/** The quote a payment reviews, as the review's button names it. */
interface QuoteTotal {
  total: { amount: number; currencyCode: string };
}

const money = (quote: QuoteTotal) => formatMoney(quote.total.amount, quote.total.currencyCode, 'en-GB');

const payWithRadio = (page: Page, choice: CardChoice, saved: SavedCardName) =>
  page.getByRole('radio', {
    name:
      choice.kind === 'new'
        ? m.journey_change_new_card()
        : m.journey_change_saved_card({ brand: cardBrandLabel(saved.brand), last4: saved.last4 }),
    exact: true,
  });

/** `pay.select`: the card chosen in "Pay with". */
export const choosePayWith = async (page: Page, event: { type: string; choice?: CardChoice }, saved: SavedCardName) => {
  if (event.type !== 'pay.select' || !event.choice) return;
  await payWithRadio(page, event.choice, saved).check();
};

/** `change.confirm`: the review's button, naming the amount when something is owed. */
export const confirmPayment = (page: Page, quote: QuoteTotal | null) =>
  button(
    page,
    quote && quote.total.amount > 0
      ? m.journey_change_pay_and_change({ amount: money(quote) })
      : m.journey_change_confirm_change(),
  ).click();

/**
 * `xstate.done.actor.cardForm`: a new card typed; its last four `0002` types the local payment
 * provider's decline (`4000 0000 0000 0002`), any other a card that pays.
 */
export const typeNewCard = async (page: Page, event: AnyEventObject, quote: QuoteTotal | null, cardholder: string) => {
  const last4 = (event as { output?: { last4?: string } }).output?.last4;
  await page
    .getByLabel(m.refunds_card_form_card_number())
    .fill(last4 === '0002' ? '4000 0000 0000 0002' : '4242 4242 4242 4242');
  await page.getByLabel(m.refunds_card_form_expiry_date()).fill('12/30');
  await page.getByLabel(m.refunds_card_form_security_code_cvc()).fill('123');
  await page.getByLabel(m.refunds_card_form_name_on_card()).fill(cardholder);
  await button(page, m.journey_change_card_submit({ amount: quote ? money(quote) : '' })).click();
};

/**
 * `xstate.done.actor.pay`: a declined new card is the payment provider's own answer; the server's
 * other refusals come from the answer switch.
 */
export const answerPayRefusal = async (step: Pick<ReplayStep<AnyStateMachine>, 'server' | 'call' | 'event'>) => {
  const error = refusalIn(step.event);
  if (error !== undefined && codeIn(step.event) !== 'CARD_DECLINED')
    await answerWithModelError({ ...step, event: { type: step.event.type, error } });
};

/** What the review shows of the payment: a moved price, a refused card, and the card chosen when something is owed. */
export const expectPaymentReview = async (
  page: Page,
  c: {
    priceMoved: boolean;
    cardDeclined: boolean;
    error: unknown;
    cardChoice: CardChoice;
    quote: { total: { amount: number } } | null;
  },
  saved: SavedCardName,
) => {
  if (c.priceMoved) await page.getByText(m.journey_change_price_moved_title(), { exact: true }).waitFor();
  // The refusal shows until the next payment or a new choice; the flag stays in the context.
  if (c.cardDeclined && c.error !== null)
    await page.getByText(m.journey_change_card_refused_title(), { exact: true }).waitFor();
  if ((c.quote?.total.amount ?? 0) > 0) {
    const radio = payWithRadio(page, c.cardChoice, saved);
    await expect.poll(() => radio.isChecked(), { message: 'the card chosen' }).toBe(true);
  }
};

/** The card form is open: its number and its Cancel. */
export const expectCardForm = async (page: Page) => {
  await page.getByLabel(m.refunds_card_form_card_number()).waitFor();
  await button(page, m.common_cancel()).waitFor();
};

/** The payment's transitions no customer causes, for the chart `id`; its own tests walk them. */
export const paymentNotUserActions = (id: string): Record<string, string> => ({
  [`#${id}.paying xstate.error.actor.pay [0]`]:
    'the attempt chart itself failing: no answer of the server causes it; the model test walks it',
  [`#${id}.paying change.check [0]`]:
    'Check again shows only after a lost answer whose check got no answer either: caused by the network, not by the customer; the lost-answer chart’s model test and test/e2e/lost-answers.test.ts walk it (decision 575)',
});

/**
 * A host without the change calls (docs/decisions/863): the options call answers as the local
 * server in API_SHAPE=spec answers a call docs/product/api.md does not list (404, NOT_FOUND), and the
 * spec's booking call, not held, answers for the booking as the seed has it. Only for the model's
 * null answer; any other answer is the server's own.
 */
export const answerNotOffered = async ({
  server,
  call,
  event,
}: Pick<ReplayStep<AnyStateMachine>, 'server' | 'call' | 'event'>) => {
  if ((event as { output?: unknown }).output !== null) return false;
  await server.answer('GET', call!.path, 404, { errors: [{ code: 'NOT_FOUND' }] });
  return true;
};

/** The change is not offered here: the page's sentence, the booking's contact block and the way back, no Try again. */
export const expectNotOffered = async (page: Page, sentence: string) => {
  await page.getByRole('status').filter({ hasText: sentence }).first().waitFor();
  await page.getByText(m.journey_change_contact_retailer(), { exact: true }).waitFor();
  await page.getByRole('region', { name: m.contact_details_heading() }).getByRole('link').first().waitFor();
  await page.getByRole('link', { name: m.journey_change_back_to_booking() }).last().waitFor();
  expect(await button(page, m.common_try_again()).count(), 'no Try again: it cannot succeed').toBe(0);
};
