import { beforeEach, describe, expect, it } from 'vitest';
import { openPage, seriousAxeViolations, signIn, type PageWatch } from './browser';
import { useE2eWorld } from './world';
import { REFUND_GUEST_TOKEN, REFUND_SEED_KEYS, refundSeedBookingId } from '#server/seed/refunds.ts';
import { BOOKING_HISTORY_KEYS } from '#server/seed/booking-history';
import { stableId } from '#server/seed/context';

/** Refunds against the local server: full, partial, ineligible, declined card, guest. */
const robin = { email: 'refunds@example.com', password: 'RailDemo!2026' };
const id = (key: keyof typeof REFUND_SEED_KEYS) => refundSeedBookingId(REFUND_SEED_KEYS[key]);

const world = useE2eWorld();
let w: PageWatch;
beforeEach(async () => {
  await w?.context.close();
  w = await openPage(world.browser);
});

const url = (path: string) => `${world.server.origin}/my-account${path}`;
const heading = (name: string) => w.page.getByRole('heading', { level: 1, name });
/** axe clean and no sideways scrolling at 375 px, then back to desktop width. */
const checkScreen = async () => {
  expect(await seriousAxeViolations(w.page)).toEqual([]);
  await w.page.setViewportSize({ width: 375, height: 800 });
  expect(await w.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await w.page.setViewportSize({ width: 1280, height: 900 });
};
const confirmRefund = async () => {
  await w.page.getByRole('button', { name: 'Continue' }).click();
  await w.page.getByRole('heading', { name: 'Confirm your refund' }).waitFor();
  await w.page.getByRole('button', { name: 'Confirm refund' }).click();
};

describe('refunds', () => {
  it('a signed-in customer refunds a flexible ticket in full from booking detail', async () => {
    const bookingId = id('flexible');
    await signIn(w.page, world.server.origin, robin.email, robin.password, '', url(`/bookings/${bookingId}`));
    await w.page.getByRole('button', { name: 'Cancel and refund' }).click();
    await w.page.waitForURL(
      (u) =>
        u.pathname.endsWith(`/bookings/${bookingId}/refund`) &&
        u.searchParams.get('from') === 'detail' &&
        !!u.searchParams.get('quoteId'),
    );
    await heading('Cancel and refund').waitFor();
    await w.page.getByText('Total refund').waitFor();
    const summary = w.page.getByRole('region', { name: 'Your refund' });
    expect(await summary.getByText('£28.60').count()).toBeGreaterThan(0);
    expect(await summary.getByText('−£10.00').count()).toBe(1);
    await w.page.getByText('Delete the tickets from your phone').waitFor();
    await checkScreen();
    await confirmRefund();
    await w.page.waitForURL((u) => u.pathname.endsWith(`/bookings/${bookingId}`));
    await w.page.getByText('Refund processing', { exact: true }).waitFor();
    expect(w.errors).toEqual([]);
  });

  it('partially refunds one passenger of a two-passenger return and lands on the replacement with "Refund complete"', async () => {
    const bookingId = id('partialReturn');
    await signIn(w.page, world.server.origin, robin.email, robin.password, '', url(`/bookings/${bookingId}/history`));
    await w.page.getByRole('button', { name: 'Cancel and refund' }).click();
    await w.page.waitForURL((u) => u.pathname.endsWith('/refund') && u.searchParams.get('from') === 'history');
    // The selection is the refund: both passengers start ticked, the whole booking's total.
    await w.page.getByText("We'll email the refund confirmation to").waitFor();
    const total = w.page.locator('dd', { hasText: /^£\d/ }).last();
    await w.page.getByText('£29.00').first().waitFor();
    expect(await w.page.getByLabel(/Robin Hughes/).isChecked()).toBe(true);
    expect(await w.page.getByLabel(/Sasha Hughes/).isChecked()).toBe(true);
    // Unticking Robin re-quotes at once: no second button, the totals are Sasha's.
    await w.page.getByLabel(/Robin Hughes/).uncheck();
    await w.page.getByRole('heading', { name: 'Tickets in this refund' }).waitFor();
    const summary = w.page.getByRole('region', { name: 'Tickets in this refund' });
    await summary.getByText('Sasha Hughes').waitFor();
    expect(await summary.getByText('Robin Hughes').count()).toBe(0);
    expect(await total.textContent()).toBe('£14.50');
    expect(await w.page.getByRole('button', { name: /Refund this ticket|Refund \d+ tickets/ }).count()).toBe(0);
    // Unticking everyone leaves nothing to continue with; ticking Sasha again brings her refund back.
    await w.page.getByLabel(/Sasha Hughes/).uncheck();
    await w.page.getByText('Choose at least one passenger', { exact: false }).waitFor();
    expect(await w.page.getByRole('button', { name: 'Continue' }).isDisabled()).toBe(true);
    await w.page.getByLabel(/Sasha Hughes/).check();
    await summary.getByText('Sasha Hughes').waitFor();
    await checkScreen();
    // Continue takes what is ticked; the confirm step names who and which direction, and the amount.
    await w.page.getByRole('button', { name: 'Continue' }).click();
    await w.page.getByRole('heading', { name: 'Confirm your refund' }).waitFor();
    const confirm = w.page.getByRole('region', { name: 'Confirm your refund' });
    await confirm.getByText('What is refunded').waitFor();
    await confirm.getByText('Sasha Hughes, Return ticket (both ways): £14.50').waitFor();
    expect(await confirm.getByText(/Robin Hughes/).count()).toBe(0);
    await confirm.getByText(/£14\.50 will go back to/).waitFor();
    await w.page.getByRole('button', { name: 'Confirm refund' }).click();
    await w.page.getByText('Refund complete', { exact: true }).waitFor({ timeout: 30_000 });
    expect(new URL(w.page.url()).pathname).not.toContain(bookingId);
    await w.page
      .getByText(/Part refunded on .*Sasha Hughes/)
      .first()
      .waitFor();
    await w.page.getByRole('link', { name: /See the replacement, order/ }).waitFor();
    // Splitting does not dodge the admin fee: the replacement keeps its original's purchase date and
    // refund rules, so Robin's refund from it is £24.50 less the £10 fee, and the two refunds come to
    // the £29.00 quoted for the whole booking.
    const replacement = new URL(
      (await w.page.getByRole('link', { name: /See the replacement, order/ }).getAttribute('href')) ?? '',
      w.page.url(),
    );
    await w.page.goto(replacement.href);
    await w.page.getByRole('button', { name: 'Cancel and refund' }).click();
    await w.page.waitForURL((u) => u.pathname.endsWith('/refund') && !u.pathname.includes(bookingId));
    await heading('Cancel and refund').waitFor();
    const rest = w.page.getByRole('region', { name: 'Your refund' });
    await rest.getByText('−£10.00').waitFor();
    expect(await w.page.locator('dd', { hasText: /^£\d/ }).last().textContent()).toBe('£14.50');
    expect(await w.page.getByText(/same.day|no admin fee/i).count()).toBe(0);
    expect(w.errors).toEqual([]);
  });

  it("explains an Advance ticket's ineligibility and offers a disruption refund", async () => {
    const bookingId = id('advance');
    await signIn(w.page, world.server.origin, robin.email, robin.password, '', url(`/bookings/${bookingId}`));
    await w.page.getByRole('button', { name: 'Cancel and refund' }).click();
    await w.page.waitForURL((u) => u.pathname.endsWith(`/bookings/${bookingId}/refund/ineligible`));
    await heading('Refund not available').waitFor();
    await w.page.getByText("The ticket's terms don't allow a refund.").waitFor();
    // No reason was chosen yet (the first quote is for the default one): the view does not say "the reason you chose".
    await w.page.getByText("We can't refund this booking as it is. Here is why, and what you can do.").waitFor();
    expect(await w.page.getByText(/for the reason you chose/).count()).toBe(0);
    await w.page.getByText(/What you can do: You can still get a full refund if your train was cancelled/).waitFor();
    // Only the disruption on record refunds it: engineering works are announced on its
    // train; no cancellation or delay is, and the picker says so.
    expect(await w.page.getByText('No refund for this reason: No such disruption on record').count()).toBe(2);
    await checkScreen();
    // Keyboard only: arrow through the reasons; the picker keeps focus while each one is re-quoted.
    await w.page.locator('#reason-CHANGED_PLANS').focus();
    await w.page.keyboard.press('ArrowDown');
    await w.page.keyboard.press('ArrowDown');
    // Disruption refunds: the page becomes the refund (its h1 changes and takes focus).
    await heading('Cancel and refund').waitFor();
    await w.page.getByText('Total refund').waitFor();
    expect(await w.page.getByRole('region', { name: 'Your refund' }).getByText('£54.20').count()).toBeGreaterThan(0);
    // "My train was cancelled" is refused with why, and the picker keeps focus.
    await w.page.locator('#reason-DISRUPTION_UPCOMING').focus();
    await w.page.keyboard.press('ArrowDown');
    await w.page.waitForFunction(
      () =>
        (document.getElementById('reason-DISRUPTION_SERVICE_CANCELLATION') as HTMLInputElement | null)?.checked ===
        true,
    );
    await w.page.getByText(/No such disruption on record\./).waitFor();
    // Why, in the customer's language (the catalogue's words for DISRUPTION_NOT_RECORDED, not the server's English).
    await w.page
      .getByText(
        "The train company's running data does not show the cancellation, delay or announced disruption this reason is for.",
        { exact: false },
      )
      .first()
      .waitFor();
    expect(await w.page.getByText('Total refund').count()).toBe(0);
    expect(await w.page.getByRole('button', { name: 'Continue' }).count()).toBe(0);
    expect(await w.page.evaluate(() => document.activeElement?.id)).toBe('reason-DISRUPTION_SERVICE_CANCELLATION');
    expect(w.errors).toEqual([]);
  });

  it('shows how a season ticket refund is worked out: days used, the rates, the fee, the total', async () => {
    const bookingId = stableId('booking', 'demo-season-annual-reading:0');
    await signIn(w.page, world.server.origin, 'demo@example.com', 'RailDemo!2026', '', url(`/bookings/${bookingId}`));
    await w.page.getByRole('button', { name: 'Cancel and refund' }).click();
    await w.page.waitForURL((u) => u.pathname.endsWith(`/bookings/${bookingId}/refund`));
    const calc = w.page.getByRole('region', { name: 'How your season ticket refund is worked out' });
    await calc.waitFor();
    await calc.getByText('3 × monthly season at £527.70').waitFor();
    await calc.getByText('1 × weekly season at £137.40').waitFor();
    await calc.getByText('4 × Anytime Day Return at £31.60').waitFor();
    expect(await calc.getByText('−£1,846.90').count()).toBe(1);
    expect(await calc.getByText('−£10.00').count()).toBe(1);
    expect(await calc.getByText('£3,423.10').count()).toBe(1);
    expect(await calc.locator('dd').first().textContent()).toBe('101');
    await checkScreen();
    expect(w.errors).toEqual([]);
  });

  it('tells the owner of an activated mobile ticket that no disruption reason refunds it either', async () => {
    // The demo customer's mobile ticket, activated (docs/product/domain.md: it cannot be refunded for any reason).
    const bookingId = stableId('booking', `${BOOKING_HISTORY_KEYS.activatedToday}:0`);
    await signIn(w.page, world.server.origin, 'demo@example.com', 'RailDemo!2026', '', url(`/bookings/${bookingId}`));
    await w.page.getByRole('button', { name: 'Cancel and refund' }).click();
    await w.page.waitForURL((u) => u.pathname.endsWith(`/bookings/${bookingId}/refund/ineligible`));
    await heading('Refund not available').waitFor();
    await w.page.getByText(/What you can do: No disruption reason would refund this booking either/).waitFor();
    expect(await w.page.getByText(/You can still get a full refund/).count()).toBe(0);
    expect(await w.page.getByText(/^No refund for this reason/).count()).toBe(6);
    expect(w.errors).toEqual([]);
  });

  it('recovers from a declined card with a new card the server tokenises', async () => {
    const bookingId = id('declinedCard');
    await signIn(w.page, world.server.origin, robin.email, robin.password);
    const cardCalls: string[] = [];
    w.page.on('request', (r) => {
      if (r.url().includes('/payment/card-token')) cardCalls.push(r.postData() ?? '');
    });
    await w.page.goto(url(`/bookings/${bookingId}`));
    await w.page.getByRole('button', { name: 'Cancel and refund' }).click();
    await w.page.waitForURL((u) => u.pathname.endsWith('/refund'));
    await confirmRefund();
    await w.page.getByText('Your card was declined').waitFor();
    const submit = w.page.getByRole('button', { name: 'Use this card and refund' });
    expect(await submit.isDisabled()).toBe(true);
    await w.page.getByLabel('Card number').fill('4242 4242 4242 4241');
    await w.page.getByLabel('Card number').blur();
    await w.page.getByText('Please enter a valid card number').waitFor();
    await w.page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await w.page.getByLabel('Expiry date').fill('12/30');
    await w.page.getByLabel('Security code (CVC)').fill('123');
    await w.page.getByLabel('Name on card').fill('Robin Hughes');
    await checkScreen();
    await submit.click();
    await w.page.waitForURL((u) => u.pathname.endsWith(`/bookings/${bookingId}`));
    await w.page.getByText('Refund processing', { exact: true }).waitFor();
    expect(cardCalls).toHaveLength(1);
    expect(w.page.url()).not.toContain('4242');
    expect(
      await w.page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage })),
    ).not.toContain('4242');
    expect(w.errors).toEqual([]);
  });

  it('a guest refunds through an order-token link', async () => {
    const bookingId = id('guest');
    await w.page.goto(url(`/order-token/${bookingId}#token=${REFUND_GUEST_TOKEN}`));
    await w.page.getByRole('button', { name: 'Cancel and refund' }).click();
    await w.page.waitForURL(
      (u) => u.pathname.endsWith(`/order-token/${bookingId}/refund`) && !!u.searchParams.get('quoteId'),
    );
    await w.page.getByText('Total refund').waitFor();
    expect(w.page.url()).not.toContain(REFUND_GUEST_TOKEN);
    await checkScreen();
    await confirmRefund();
    await w.page.waitForURL((u) => u.pathname.endsWith(`/order-token/${bookingId}`));
    await w.page.getByText('Refund processing', { exact: true }).waitFor();
    expect(w.errors).toEqual([]);
  });

  it('says where each refund is on the bookings list, booking detail and a part-refunded history', async () => {
    // A rejected refund leaves the journey's tickets standing: still upcoming.
    await signIn(w.page, world.server.origin, robin.email, robin.password, '', url('/bookings/upcoming'));
    await w.page.getByText('Refund rejected:').first().waitFor();
    expect(await w.page.getByText('Refund: action required:').count()).toBe(0);
    expect(await seriousAxeViolations(w.page)).toEqual([]);
    // A refund under way has cancelled them: the journey is under Past (decision 410), saying why.
    await w.page.goto(url('/bookings/past'));
    await w.page.getByText('Refund: action required:').first().waitFor();
    await w.page
      .getByText(/Post your paper tickets to Refunds, Freepost RTTR-REFUNDS/)
      .first()
      .waitFor();
    expect(await seriousAxeViolations(w.page)).toEqual([]);

    await w.page.goto(url(`/bookings/${id('actionRequired')}`));
    const refund = w.page.getByRole('region', { name: 'Refund' });
    await refund.getByText('Refund: action required').waitFor();
    await refund.getByRole('heading', { name: 'In progress' }).waitFor();
    await refund.getByText(/Waiting for your tickets/).waitFor();

    await w.page.goto(url(`/bookings/${id('partRefunded')}/history`));
    await w.page
      .getByText(/Part refunded on .*: Sasha Hughes/)
      .first()
      .waitFor();
    await w.page.getByRole('link', { name: /See the replacement, order/ }).click();
    expect(new URL(w.page.url()).hash).toMatch(/^#order-/);
    expect(w.errors).toEqual([]);
  });
});
