import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { cardFormView, refundCardFormMachine } from '#machines/refund-card-form';
import { cardFormMessages } from '#src/copy/refund-card-form';
import { m } from '#src/paraglide/messages.js';
import type { CardField } from '#src/schemas/card-form';
import { REFUNDS_ACCOUNT } from '#server/seed/accounts.ts';
import { REFUND_SEED_KEYS, refundSeedBookingId } from '#server/seed/refunds.ts';
import { httpError } from '#test/model/fixtures/refund-fixtures';
import { answerWithModelError, describeBrowserReplay, SharedData, type ReplayStep } from './replay/replay';

/**
 * The card form of a refund replayed in Chromium (refundCardFormMachine, a child of the refund
 * page's machine), signed in as refunds@example.com on the seeded booking whose card is declined
 * (server/seed/refunds.ts declinedCard): `open` asks for the refund, the server declines the card
 * it was paid with (422 INVALID_CREDIT_CARD), and the form for a new card opens. A card the server
 * tokenises (POST payment/card-token) goes on to the refund; a card it refuses comes from the
 * /__test/answer switch. Declining changes the booking for good, so every path starts from the seed.
 */
type Step = ReplayStep<typeof refundCardFormMachine>;
const robin = { email: REFUNDS_ACCOUNT.email, password: REFUNDS_ACCOUNT.password };
const data = new SharedData();
const today = new Date().toISOString().slice(0, 10);
const validCard: Record<CardField, string> = {
  number: '4242 4242 4242 4242',
  expiry: '12/30',
  cvc: '123',
  name: 'Robin Hughes',
};
const order: CardField[] = ['number', 'expiry', 'cvc', 'name'];
const labels: Record<CardField, string> = {
  number: m.refunds_card_form_card_number(),
  expiry: m.refunds_card_form_expiry_date(),
  cvc: m.refunds_card_form_security_code_cvc(),
  name: m.refunds_card_form_name_on_card(),
};

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const field = (page: Page, name: CardField) => page.getByRole('textbox', { name: labels[name] });
const useCard = (page: Page) => button(page, m.refunds_card_form_use_this_card_and_refund());
const canSend = (snapshot: Step['snapshot']) => cardFormView(snapshot.context, false).canSubmit;

describeBrowserReplay(
  refundCardFormMachine,
  {
    name: 'refundCardFormMachine',
    input: { today },
    events: {
      // One field at a time, in the form's order.
      'form.change': (snap) => {
        const next = order.find((f) => snap.context.values[f] === '');
        return next ? [{ type: 'form.change', field: next, value: validCard[next] } as const] : [];
      },
      'form.blur': [{ type: 'form.blur', field: 'number' }],
      'xstate.done.actor.tokeniseCard': [
        { type: 'xstate.done.actor.tokeniseCard', output: { token: 'its token', last4: '4242', brand: 'Visa' } },
      ],
      'xstate.error.actor.tokeniseCard': [
        { type: 'xstate.error.actor.tokeniseCard', error: httpError(422, 'CARD_DECLINED', 'This card was declined.') },
      ],
    },
    serializeContext: (c) => ({ values: c.values, dirty: c.dirty, error: c.tokeniseError !== null }),
  },
  {
    async prepare(_path, server, browser) {
      await data.use(server, 'declinedCard', true);
      return data.signedIn(browser, server, robin);
    },
    // The refund is asked for; the server declines the card paid with, and the form opens.
    async open(page, _path, server) {
      await page.goto(`${server.url}bookings/${refundSeedBookingId(REFUND_SEED_KEYS.declinedCard)}/refund?from=detail`);
      await button(page, m.refund_screen_continue()).click();
      await button(page, m.refund_screen_confirm_refund()).click();
      await page.getByText(m.refund_screen_your_card_was_declined(), { exact: true }).waitFor();
    },
    calls: {
      tokeniseCard: { method: 'POST', path: /^\/payment\/card-token$/ },
    },
    offers: {
      // "Use this card and refund" ignores clicks and Enter unless the card can be sent.
      'form.submit': (snap) => canSend(snap),
    },
    events: {
      'form.change': async ({ page, event }) => {
        if (event.type === 'form.change') await field(page, event.field as CardField).fill(event.value);
      },
      'form.blur': async ({ page }) => {
        await field(page, 'number').focus();
        await page.keyboard.press('Tab');
      },
      'form.submit': async ({ page }) => useCard(page).click(),
      'xstate.error.actor.tokeniseCard': answerWithModelError,
    },
    states: {
      editing: async ({ page, snapshot }) => {
        for (const f of order) {
          await expect
            .poll(() => field(page, f).inputValue(), { message: `${labels[f]} as typed` })
            .toBe(snapshot.context.values[f]);
        }
        const { tokeniseError } = snapshot.context;
        if (tokeniseError !== null)
          await page
            .getByRole('alert')
            .filter({ hasText: tokeniseError === true ? cardFormMessages.tokeniseFailed : tokeniseError })
            .waitFor();
        await expect
          .poll(async () => (await useCard(page).getAttribute('aria-disabled')) !== 'true', {
            message: 'Use this card usable',
          })
          .toBe(canSend(snapshot));
      },
      tokenising: async ({ page }) => {
        await page
          .locator('button[aria-busy="true"]')
          .filter({ hasText: m.refunds_card_form_checking_your_card() })
          .waitFor();
      },
      // The token goes on to the refund: the form closes.
      tokenised: async ({ page }) => {
        await field(page, 'number').waitFor({ state: 'detached' });
      },
    },
    notUserActions: {
      '#refundCardForm.editing form.submit [1]':
        '"Use this card and refund" ignores clicks and Enter while the form is pristine or invalid (src/ui/button.tsx), so the screen never sends a submit the guard refuses; the model test walks it',
    },
  },
);
