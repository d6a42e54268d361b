import { beforeAll, describe, expect, it } from 'vitest';
import { openPage, seriousAxeViolations, signIn, type PageWatch } from './browser';
import { useE2eWorld } from './world';

/**
 * "Add to my account" wherever a signed-in customer sees a guest booking: the booking
 * Find a booking opens and the one the email link opens (/order-token/{bookingId}).
 */
const demo = { email: 'demo@example.com', password: 'RailDemo!2026' };

const world = useE2eWorld();
let w: PageWatch;

beforeAll(async () => {
  w = await openPage(world.browser);
  await signIn(w.page, world.server.origin, demo.email, demo.password);
});

const url = (path: string) => `${world.server.origin}/my-account${path}`;
const addHeading = () => w.page.getByRole('heading', { level: 2, name: 'Add this booking to your account' });

type TokenAnswer = {
  bookings: { booking: { id: string; outward: { date: string } }; order: { friendlyOrderId: string } }[];
};
/** A guest order's booking, reference and departure day, as its confirmation email prints them. */
const guestOrder = async (token: string) => {
  const res = await fetch(url(`/api/booking/token?token=${token}`));
  const target = ((await res.json()) as TokenAnswer).bookings[0]!;
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(
    new Date(target.booking.outward.date),
  );
  return { bookingId: target.booking.id, reference: target.order.friendlyOrderId, day };
};

const findBooking = async (details: { reference: string; day: string; surname: string; email: string }) => {
  await w.page.goto(url('/find-booking'));
  await w.page.getByLabel('Booking reference').fill(details.reference);
  await w.page.getByLabel('Departure date').fill(details.day);
  await w.page.getByLabel("Passenger's surname").fill(details.surname);
  await w.page.getByLabel('Email address').fill(details.email);
  await w.page.getByRole('button', { name: 'Find booking' }).click();
};

describe('Add to my account on a guest booking, signed in', () => {
  it('is offered on the booking Find a booking opens; an unverified email is told to confirm it first', async () => {
    const order = await guestOrder('demo-guest-token-3');
    await findBooking({ reference: order.reference, day: order.day, surname: 'Morgan', email: demo.email });
    await w.page.waitForURL(new RegExp(`/order-token/${order.bookingId}$`));
    await addHeading().waitFor();
    await w.page.getByRole('button', { name: 'Add to my account' }).waitFor();
    expect(await seriousAxeViolations(w.page)).toEqual([]);

    // Decision 303: a Find a booking token does not prove the mailbox of an unverified account.
    await w.page.route('**/my-account/api/order/associate-guest-orders', (route) =>
      route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({ errors: [{ code: 'EMAIL_NOT_VERIFIED' }] }),
      }),
    );
    await w.page.getByRole('button', { name: 'Add to my account' }).click();
    await w.page
      .getByRole('alert')
      .getByText(/^Your email address isn't confirmed yet/)
      .waitFor();
    // It stays on the booking: nothing was added, and the customer reads what to do.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(w.page.url()).toMatch(new RegExp(`/order-token/${order.bookingId}$`));
    await w.page.unrouteAll();
  });

  it('is offered on the booking the email link opens, and adds it', async () => {
    const order = await guestOrder('demo-guest-token-3');
    await w.page.goto('about:blank'); // a fresh load, not a same-document hash change
    await w.page.goto(url(`/order-token/${order.bookingId}#token=demo-guest-token-3`));
    await addHeading().waitFor();
    expect(w.page.url()).not.toContain('token=');
    await w.page.getByRole('button', { name: 'Add to my account' }).click();
    await w.page.waitForURL(/\/bookings\/upcoming\?bookingsImported=true$/);
    await w.page.getByText('Your guest bookings are now in your account.').waitFor();
    await w.page.getByRole('link', { name: 'York to Newcastle' }).waitFor();
    expect(w.errors).toEqual([]);
  });

  it("is not offered on a booking made with someone else's email", async () => {
    const order = await guestOrder('demo-guest-token-1');
    await findBooking({ reference: order.reference, day: order.day, surname: 'Lee', email: 'guest@example.com' });
    await w.page.waitForURL(new RegExp(`/order-token/${order.bookingId}$`));
    await w.page.getByRole('heading', { level: 2, name: 'Your journey' }).waitFor();
    expect(await addHeading().count()).toBe(0);
    expect(await w.page.getByRole('button', { name: 'Add to my account' }).count()).toBe(0);
  });
});
