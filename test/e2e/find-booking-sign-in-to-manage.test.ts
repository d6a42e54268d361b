import { beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../helpers/server';
import { openPage, seriousAxeViolations, type PageWatch } from './browser';
import { useE2eWorld } from './world';

/**
 * Knowledge is not ownership (docs/access-policy.md): someone who finds a signed-up customer's
 * booking with its four details sees it, is told to sign in to manage it, and is offered nothing the
 * server would refuse; signing in as its customer opens the booking with everything on it.
 */
const demo = { email: 'demo@example.com', password: 'RailDemo!2026' };

const world = useE2eWorld();
let w: PageWatch;

beforeAll(async () => {
  w = await openPage(world.browser);
});

const url = (path: string) => `${world.server.origin}/my-account${path}`;

type ListAnswer = { results: { booking: { id: string; isSeasonBooking: boolean } }[] };
type DetailAnswer = {
  bookings: { id: string; outward: { date: string }; passengers: { lastName: string }[] }[];
  order: { friendlyOrderId: string };
};

describe("Find a booking on an account holder's booking", () => {
  it('shows the booking, says to sign in to manage it, and signing in opens it', async () => {
    // The account's next booking, as its confirmation email prints it.
    const owner = await signedInClient(world.server.origin, demo);
    const list = await owner.get<ListAnswer>('/my-account/api/bookings/upcoming?page=0');
    const id = list.body.results.find((r) => !r.booking.isSeasonBooking)!.booking.id;
    const detail = (await owner.get<DetailAnswer>(`/my-account/api/booking/${id}`)).body;
    const booking = detail.bookings.find((b) => b.id === id)!;
    const target = { booking, order: detail.order };
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date(booking.outward.date));

    await w.page.goto(url('/find-booking'));
    await w.page.getByLabel('Booking reference').fill(target.order.friendlyOrderId);
    await w.page.getByLabel('Departure date').fill(day);
    await w.page.getByLabel("Passenger's surname").fill(target.booking.passengers[0]!.lastName);
    await w.page.getByLabel('Email address').fill(demo.email);
    await w.page.getByRole('button', { name: 'Find booking' }).click();
    await w.page.waitForURL(new RegExp(`/order-token/${target.booking.id}$`));

    await w.page.getByText('This booking belongs to an account', { exact: true }).waitFor();
    const signInLink = w.page.getByRole('link', { name: 'Sign in to manage this booking' });
    await signInLink.waitFor();
    // Nothing the server would refuse is offered: no refund, no ticket, no change of names.
    for (const name of ['Cancel and refund', 'Get ticket now', 'Change name', 'Resend booking email']) {
      expect(await w.page.getByRole('button', { name }).count()).toBe(0);
    }
    expect(await seriousAxeViolations(w.page)).toEqual([]);

    await signInLink.click();
    await w.page.waitForURL(/\/login\?redirect=/);
    await w.page.getByLabel('Email address').first().fill(demo.email);
    await w.page.getByLabel('Password', { exact: true }).fill(demo.password);
    await w.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await w.page.waitForURL(new RegExp(`/bookings/${target.booking.id}$`));
    await w.page.getByRole('button', { name: 'Cancel and refund' }).waitFor();
    expect(await w.page.getByText('This booking belongs to an account', { exact: true }).count()).toBe(0);
  });
});
