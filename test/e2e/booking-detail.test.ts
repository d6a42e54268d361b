import { beforeEach, describe, expect, it } from 'vitest';
import { openPage, seriousAxeViolations, signIn, signInContext, type PageWatch } from './browser';
import { useE2eWorld } from './world';
import { BOOKING_HISTORY_KEYS } from '#server/seed/booking-history';
import { stableId } from '#server/seed/context';
import { REFUND_SEED_KEYS } from '#server/seed/refunds';

const demo = { email: 'demo@example.com', password: 'RailDemo!2026' };
const bookingId = (key: string) => stableId('booking', `${key}:0`);

const world = useE2eWorld();
let w: PageWatch;
beforeEach(async () => {
  await w?.context.close();
});

const heading = (name: string | RegExp) => w.page.getByRole('heading', { level: 1, name });

describe('booking detail', () => {
  it('shows legs, calling points, price, changeability, and edits a passenger name', async () => {
    await world.server.reset();
    w = await openPage(world.browser, 375);
    await signIn(
      w.page,
      world.server.origin,
      demo.email,
      demo.password,
      '',
      `${world.server.origin}/my-account/bookings/${bookingId('demo-upcoming-kingscross-york')}`,
    );
    await heading("London King's Cross to York").waitFor();
    await w.page.getByText('Total paid:').waitFor();
    expect(await w.page.getByText('£98.40').count()).toBe(1);
    await w.page.getByText('You can change this journey before it departs.', { exact: false }).waitFor();
    // Already there as the booking opens, and the customer can close and reopen it.
    await w.page
      .getByRole('list', { name: /Calling points between/ })
      .first()
      .getByText('Peterborough')
      .waitFor();
    const hide = w.page.getByRole('button', { name: 'Hide calling points' }).first();
    expect(await hide.getAttribute('aria-expanded')).toBe('true');
    await hide.click();
    const show = w.page.getByRole('button', { name: 'Show calling points' }).first();
    expect(await show.getAttribute('aria-expanded')).toBe('false');
    await show.click();
    await w.page
      .getByRole('list', { name: /Calling points between/ })
      .first()
      .getByText('Peterborough')
      .waitFor();
    expect(await seriousAxeViolations(w.page)).toEqual([]);
    expect(await w.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // Edit: a server refusal shows its detail and keeps the input; Escape closes; success reloads.
    const change = w.page.getByRole('button', { name: 'Change name of Jamie Morgan' });
    await change.click();
    const dialog = w.page.getByRole('dialog', { name: 'Change passenger name' });
    const save = dialog.getByRole('button', { name: 'Save name' });
    expect(await save.isDisabled()).toBe(true);
    await dialog.getByLabel('First name').fill('J');
    await dialog.getByLabel('First name').blur();
    await dialog.getByText('Names cannot be shorter than 2 characters').waitFor();
    await dialog.getByLabel('First name').fill('Alex');
    await save.click();
    await dialog
      .getByRole('link', { name: 'First name: Each passenger on a booking needs a different name.' })
      .waitFor();
    expect(await dialog.getByLabel('First name').getAttribute('aria-invalid')).toBe('true');
    expect(await dialog.getByLabel('First name').inputValue()).toBe('Alex');
    await w.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await change.evaluate((el) => el === document.activeElement)).toBe(true);
    await change.click();
    await dialog.getByLabel('First name').fill('Jo');
    await save.click();
    await w.page.getByText('Passenger details updated.').waitFor();
    await w.page.getByRole('button', { name: 'Change name of Jo Morgan' }).waitFor();
    expect(w.errors).toEqual([]);
  });

  it('says when calling points are unavailable and the journey cannot be changed', async () => {
    w = await openPage(world.browser);
    await signIn(
      w.page,
      world.server.origin,
      demo.email,
      demo.password,
      '',
      `${world.server.origin}/my-account/bookings/${bookingId(BOOKING_HISTORY_KEYS.activatedToday)}`,
    );
    await heading('London Euston to Coventry').waitFor();
    await w.page
      .getByText('Your mobile ticket has been activated, so this journey can no longer be changed.')
      .waitFor();
    await w.page.getByText('Calling points are unavailable for this train.').waitFor();
    expect(w.errors).toEqual([]);
  });

  it('sends a moved booking (308) through history to its replacement', async () => {
    w = await openPage(world.browser);
    await signIn(
      w.page,
      world.server.origin,
      demo.email,
      demo.password,
      '',
      `${world.server.origin}/my-account/bookings/${bookingId('demo-changed-original')}`,
    );
    await w.page.waitForURL(new RegExp(`/bookings/${bookingId('demo-changed-replacement')}/history$`));
    await heading('Booking history').waitFor();
    await w.page.getByText('Ticket changed from Advance Single to Off-Peak Single').waitFor();
    expect(await w.page.getByText('Refund complete').count()).toBe(0);
    expect(await seriousAxeViolations(w.page)).toEqual([]);
    expect(w.errors).toEqual([]);
  });

  it('waits for a replacement, then opens its history marked refund complete', async () => {
    w = await openPage(world.browser);
    await signIn(
      w.page,
      world.server.origin,
      demo.email,
      demo.password,
      '',
      `${world.server.origin}/my-account/bookings/${bookingId(BOOKING_HISTORY_KEYS.refundProcessing)}/history?waitForSuperseders=true`,
    );
    await w.page.getByText("We're updating your booking").waitFor();
    await w.page.waitForURL(/refundComplete=true/, { timeout: 15_000 });
    expect(w.page.url()).toContain(`/bookings/${bookingId(BOOKING_HISTORY_KEYS.refundProcessingReplacement)}/history`);
    await w.page.getByText('Refund complete').waitFor();
    await w.page.getByText('Passengers removed: Jamie Morgan').waitFor();
    expect(w.errors).toEqual([]);
  });
});

describe('after a part refund or a change of journey', () => {
  it('Total paid includes the booking fee the VAT receipt lists (Euston → Manchester: £42.50 fare + £1.50 fee)', async () => {
    w = await openPage(world.browser);
    await signIn(
      w.page,
      world.server.origin,
      demo.email,
      demo.password,
      '',
      `${world.server.origin}/my-account/bookings/${bookingId('demo-upcoming-euston-manchester')}`,
    );
    const tickets = w.page.getByRole('region', { name: 'Tickets and price' });
    await tickets.getByText('Booking fee').waitFor();
    await tickets.getByText('£1.50').waitFor();
    expect(((await tickets.getByText('Total paid:').textContent()) ?? '').replace(/\s+/g, ' ')).toContain('£44.00');
    expect(w.errors).toEqual([]);
  });

  it('history says the Liverpool → Euston original was part refunded, not unchanged nor Current; its replacement is dated by the refund', async () => {
    await world.server.reset();
    // The seed makes the refund, and so its replacement order, an hour before the reset.
    const refundedAt = new Date(Date.now() - 60 * 60 * 1000);
    w = await openPage(world.browser);
    await signIn(
      w.page,
      world.server.origin,
      demo.email,
      demo.password,
      '',
      `${world.server.origin}/my-account/bookings/${bookingId(BOOKING_HISTORY_KEYS.refundProcessing)}/history`,
    );
    await heading('Booking history').waitFor();
    await w.page
      .getByText(/^Part refunded on .*: the refunded passengers' tickets are cancelled/)
      .first()
      .waitFor();
    expect(await w.page.getByText("This booking hasn't been changed since it was made.").count()).toBe(0);
    expect(await w.page.getByText('Current', { exact: true }).count()).toBe(0);
    expect(await seriousAxeViolations(w.page)).toEqual([]);
    // The replacement order was made by the refund: ordered on the refund's day (yesterday, just after
    // midnight), not when the fares were bought.
    await w.page.goto(
      `${world.server.origin}/my-account/bookings/${bookingId(BOOKING_HISTORY_KEYS.refundProcessingReplacement)}/history`,
    );
    await heading('Booking history').waitFor();
    const refundDay = refundedAt.toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'short',
      timeZone: 'Europe/London',
    });
    const ordered = await w.page.getByText(/^Ordered /).allTextContents();
    expect(ordered.at(-1)).toContain(refundDay);
    expect(w.errors).toEqual([]);
  });

  it("King's Cross → Leeds, exchanged: its card says so under Past and its detail opens the new booking", async () => {
    w = await openPage(world.browser);
    const source = stableId('booking', `${REFUND_SEED_KEYS.changeOfJourneySource}:0`);
    const replacement = stableId('booking', `${REFUND_SEED_KEYS.changeOfJourneyNew}:0`);
    await signIn(
      w.page,
      world.server.origin,
      'refunds@example.com',
      demo.password,
      '',
      `${world.server.origin}/my-account/bookings/past`,
    );
    const card = w.page.getByRole('article').filter({ has: w.page.locator(`a[href$="/bookings/${source}"]`) });
    await card.getByText('This journey was changed: the new booking is in your list.').waitFor();
    await card.getByText('Changed', { exact: true }).waitFor();
    await w.page.goto(`${world.server.origin}/my-account/bookings/${source}`);
    await w.page
      .getByText('Changed: this journey was exchanged for a new booking, which holds the tickets now')
      .waitFor();
    expect(await w.page.getByRole('button', { name: 'Get ticket now' }).count()).toBe(0);
    await w.page.getByRole('link', { name: 'Open the new booking' }).click();
    await w.page.waitForURL(new RegExp(`/bookings/${replacement}$`));
    // The new booking says which booking it replaces, by its order reference, and links to the trail of both.
    await w.page.getByText('Journey changed', { exact: true }).waitFor();
    await w.page.getByText(/^This booking replaces booking TL-\w+, whose tickets were cancelled/).waitFor();
    expect(await seriousAxeViolations(w.page)).toEqual([]);
    // Its history says the same, not "hasn't been changed"; the source's history opens the new booking.
    await w.page.getByRole('link', { name: 'See the history of this booking and the one it replaces' }).click();
    await w.page.waitForURL(new RegExp(`/bookings/${replacement}/history$`));
    await heading('Booking history').waitFor();
    await w.page.getByText(/^Changed from booking TL-/).waitFor();
    expect(await w.page.getByText("This booking hasn't been changed since it was made.").count()).toBe(0);
    await w.page.goto(`${world.server.origin}/my-account/bookings/${source}/history`);
    await heading('Booking history').waitFor();
    await w.page.getByRole('link', { name: 'Open the new booking' }).click();
    await w.page.waitForURL(new RegExp(`/bookings/${replacement}$`));
    expect(w.errors).toEqual([]);
  });
});

describe("the running data on a journey's card", () => {
  it('says a train was cancelled or arrived late, and says nothing of a train without a record', async () => {
    w = await openPage(world.browser, 375);
    await signInContext(w.page, world.server.origin, 'refunds@example.com', demo.password);
    const open = async (key: string) => {
      await w.page.goto(`${world.server.origin}/my-account/bookings/${stableId('booking', `${key}:0`)}`);
      return w.page.getByRole('article', { name: 'Outward' });
    };
    await (await open(REFUND_SEED_KEYS.amountTooLow)).getByText('Train cancelled').waitFor();
    expect(await seriousAxeViolations(w.page)).toEqual([]);
    await (await open(REFUND_SEED_KEYS.delayed)).getByText('Delayed: arrived 75 min late').waitFor();
    await (await open(REFUND_SEED_KEYS.advance))
      .getByText('Disruption announced on this train: check before you travel')
      .waitFor();
    const plain = await open(REFUND_SEED_KEYS.flexible);
    await plain.getByText('Leeds').first().waitFor();
    expect(await plain.getByText(/Train cancelled|arrived .* late|Disruption announced/).count()).toBe(0);
    expect(w.errors).toEqual([]);
  });
});

describe('guest booking detail', () => {
  it('opens the booking from a guest link and nothing else with that token', async () => {
    const link = world.server.seeded.guestLinks[0]!;
    w = await openPage(world.browser);
    await w.page.goto(`${world.server.origin}/my-account/order-token/${link.bookingId}#token=${link.token}`);
    await heading('Newcastle to Edinburgh Waverley').waitFor();
    expect(new URL(w.page.url()).hash).toBe('');
    await w.page.getByRole('link', { name: 'View booking history' }).click();
    await heading('Booking history').waitFor();
    await w.page.getByText("This booking hasn't been changed since it was made.").waitFor();
    expect(await seriousAxeViolations(w.page)).toEqual([]);

    const other = world.server.seeded.guestLinks[1]!;
    await w.page.goto(`${world.server.origin}/my-account/order-token/${other.bookingId}#token=${link.token}`);
    await w.page.getByText("We couldn't load this booking").waitFor();
  });
});

describe('money paid once', () => {
  it('Euston → Manchester: once its insurance has paid for the trip, Cancel and refund and Get ticket now are withdrawn, and the booking says why', async () => {
    await world.server.reset();
    w = await openPage(world.browser);
    await signIn(
      w.page,
      world.server.origin,
      demo.email,
      demo.password,
      '',
      `${world.server.origin}/my-account/bookings/${bookingId('demo-upcoming-euston-manchester')}`,
    );
    await w.page.getByRole('button', { name: 'Cancel and refund' }).waitFor();
    await w.page.getByRole('button', { name: 'Claim on your insurance' }).click();
    const dialog = w.page.getByRole('dialog', { name: 'Claim on your Essential flexible insurance' });
    await dialog.getByRole('button', { name: 'Submit claim' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await w.page.getByText(/^Insurance claimed on .*: tickets cancelled$/).waitFor();
    expect(await w.page.getByRole('button', { name: 'Cancel and refund' }).count()).toBe(0);
    expect(await w.page.getByRole('button', { name: 'Get ticket now' }).count()).toBe(0);
    await w.page
      .getByRole('listitem')
      .filter({ hasText: /^Cancel and refund$/ })
      .waitFor();
    expect(await seriousAxeViolations(w.page)).toEqual([]);
    expect(w.errors).toEqual([]);
    await world.server.reset();
  });
});
