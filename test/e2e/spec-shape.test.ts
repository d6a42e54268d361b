import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFUND_SEED_KEYS, refundSeedBookingId } from '#server/seed/refunds.ts';
import { claimId } from '#server/seed/delay-repay.ts';
import { DEMO_MARKETING_TOKEN } from '#server/seed/consents.ts';
import { bookingIdOf, stableId } from '#server/seed/context.ts';
import { ASSISTANCE_BOOKING_KEY, ASSISTANCE_IDS } from '#server/seed/passenger-assistance.ts';
import { DEMO_PASSENGERS, DEMO_RAILCARDS } from '#server/seed/passengers.ts';
import { openInApp, openPage, signIn, signInContext, type PageWatch } from './browser';
import { alertTexts, useE2eWorld } from './world';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * Decision 340: the app against a host that answers only with docs/product/entities.md and docs/product/api.md's
 * fields and calls (the local server's API_SHAPE=spec and spec-nulls). One server per variant, the
 * worker's browser.
 */
const demo = { email: 'demo@example.com', password: 'RailDemo!2026' };
const robin = { email: 'refunds@example.com', password: 'RailDemo!2026' };

const world = useE2eWorld();

/**
 * Whether a screen under heading `next` can be opened in the app after one under `last`: the wait
 * for its heading (a case-insensitive part of the name) must not be met by the screen before.
 */
const otherHeading = (last: string | RegExp | undefined, next: string | RegExp) =>
  typeof last === 'string' &&
  typeof next === 'string' &&
  !last.toLowerCase().includes(next.toLowerCase()) &&
  !next.toLowerCase().includes(last.toLowerCase());

/** Account screens of docs/product/screens.md and what each shows once loaded. */
const accountScreens: [path: string, heading: string, content: RegExp][] = [
  ['/bookings/upcoming', 'My bookings', /Journey on /],
  ['/bookings/past', 'My bookings', /Journey on /],
  ['/bookings/season', 'My bookings', /Journey on /],
  ['/bookings/guest', 'My bookings', /This isn't available in your account here\./],
  ['/account-overview', 'My account', /Personal details/],
  ['/personal-details', 'Personal details', /First name/],
  ['/payment-methods', 'Payment methods', /Saved card 1/],
  ['/smartcards', 'Smartcards', /This isn't available in your account here\./],
  ['/contact-preferences', 'Contact preferences', /marketing/i],
  ['/sustainability-dashboard', 'Sustainability dashboard', /trees planted/],
  ['/find-booking', 'Find a booking', /Booking reference/],
  ['/passengers-and-railcards', 'Passengers and railcards', /Alex/],
  ['/address-book', 'Address book', /Save addresses/],
  ['/account-controls', 'Account controls', /Current password/],
  // The list across bookings is not in docs/product/api.md: the page says where assistance is booked instead.
  ['/passenger-assistance', 'Passenger assistance', /from its booking/],
];

describe.each(['spec', 'spec-nulls'] as const)(
  "against a host with the spec's calls and fields alone (API_SHAPE=%s)",
  (apiShape) => {
    let server: TestServer;
    let w: PageWatch;
    const url = (path: string) => `${server.origin}/my-account${path}`;
    const heading = (name: string | RegExp) => w.page.getByRole('heading', { level: 1, name });
    /** No error box: nothing on the page is announced as an alert (alertTexts: alerts with text). */
    const noAlert = async () => expect(await alertTexts(w.page)).toEqual([]);

    beforeAll(async () => {
      server = await startTestServer({ apiShape });
      w = await openPage(world.browser);
    });
    afterAll(async () => {
      await w.context.close();
      await server.close();
    });

    it('opens the account screens of docs/product/screens.md: content shown, no error state, no uncaught error', async () => {
      await signInContext(w.page, server.origin, demo.email, demo.password);
      // The first screen is loaded whole, the others opened as the app's links open them (one
      // session, one document), unless the screen before had the same heading.
      let last: string | undefined;
      for (const [path, name, content] of accountScreens) {
        if (otherHeading(last, name)) await openInApp(w.page, `/my-account${path}`);
        else await w.page.goto(url(path));
        last = name;
        await heading(name).waitFor();
        await w.page.getByText(content).first().waitFor();
        expect({ path, alerts: await alertTexts(w.page) }).toEqual({ path, alerts: [] });
      }
      // The season renewal calls are not in docs/product/api.md (decision 440): no renewal control, nothing said.
      const renewals = w.page.waitForResponse((r) => r.url().includes('/customer/season-renewals'));
      await w.page.goto(url('/payment-methods'));
      expect((await renewals).status()).toBe(404);
      await w.page
        .getByText(/Saved card 1/)
        .first()
        .waitFor();
      expect(await w.page.getByRole('region', { name: 'Season ticket renewals' }).count()).toBe(0);
      await noAlert();
      // The calendar feed's calls are not in docs/product/api.md either: its section stays out of sight.
      await w.page.goto(url('/account-controls'));
      await w.page.getByLabel('Current password').first().waitFor();
      await w.page.waitForLoadState('networkidle');
      expect(await w.page.getByRole('heading', { name: 'Your journeys in your calendar' }).count()).toBe(0);
      // Nor are Your data's (decisions 610, 611): the section says how to ask the retailer instead.
      const yourData = w.page.getByRole('region', { name: 'Your data' });
      await yourData.getByText(/To get a copy of your data or to close your account, contact /).waitFor();
      await yourData.getByText('Email: privacy@example.com').waitFor();
      expect(await w.page.getByRole('button', { name: 'Request my data' }).count()).toBe(0);
      expect(await w.page.getByRole('button', { name: 'Close my account' }).count()).toBe(0);
      await w.page.goto(url('/passenger-assistance'));
      await w.page.getByText(/from its booking/).waitFor();
      await w.page.getByRole('main').getByRole('link', { name: 'Your bookings' }).click();
      await w.page
        .getByRole('link', { name: /Journey on / })
        .first()
        .waitFor();
      // Once the guest list answered 404 (its call is not in docs/product/api.md), there is no Guest tab.
      await w.page.goto(url('/bookings/guest'));
      await w.page.getByText("This isn't available in your account here.").waitFor();
      await w.page
        .getByRole('navigation', { name: 'Booking lists' })
        .getByRole('link', { name: /Upcoming/ })
        .click();
      await w.page
        .getByRole('link', { name: /Journey on / })
        .first()
        .waitFor();
      expect(
        await w.page
          .getByRole('navigation', { name: 'Booking lists' })
          .getByRole('link', { name: /Guest bookings/ })
          .count(),
      ).toBe(0);
      // A booking, named by its date (a leg is its date in docs/product/entities.md), and its history.
      await w.page
        .getByRole('link', { name: /Journey on / })
        .first()
        .click();
      await heading(/^Journey on /).waitFor();
      await noAlert();
      const bookingUrl = w.page.url();
      await w.page.goto(`${bookingUrl}/history`);
      await heading('Booking history').waitFor();
      await noAlert();
      // Its passenger assistance: a leg without stations is not "a journey that has left".
      await w.page.goto(`${bookingUrl}/passenger-assistance`);
      await w.page.getByText("the booking doesn't say which stations it runs between").waitFor();
      expect(await w.page.getByText(/it has left/).count()).toBe(0);
      await noAlert();
      expect(w.errors).toEqual([]);
    });

    it("opens the sign-in screens and the form screens of docs/product/screens.md (ids from the spec's own answers)", async () => {
      await w.context.clearCookies();
      const signedOut: [path: string, heading: string, content: RegExp][] = [
        ['/login', 'Sign in or create an account', /Forgotten your password\?/],
        ['/register', 'Create an account or sign in', /Create a password/],
        ['/forgot-password', 'Reset your password', /we'll send you a link/],
        ['/webtoapp', 'Open in the app', /See your bookings/],
      ];
      let last: string | RegExp | undefined;
      /** Loads the screen whole, or (`inApp`, signed in) opens it as the app's links do when its heading is another. */
      const visit = async ([path, name, content]: [string, string | RegExp, RegExp], inApp = false) => {
        if (inApp && otherHeading(last, name)) await openInApp(w.page, `/my-account${path}`);
        else await w.page.goto(url(path));
        last = name;
        await heading(name).waitFor();
        await w.page.getByText(content).first().waitFor();
        expect({ path, alerts: await alertTexts(w.page) }).toEqual({ path, alerts: [] });
      };
      for (const screen of signedOut) await visit(screen);
      // A reset link, from the server's own reset flow: forgot password is a docs/product/api.md call, and the
      // link's check (validate-reset-password-token) too. Saving the new password is not (integrators.md).
      await w.page.goto(url('/forgot-password'));
      await w.page.getByLabel('Email address').fill('sam.patel@example.com');
      await w.page.getByRole('button', { name: 'Continue' }).click();
      await w.page.getByText('The link is valid for 24 hours.').waitFor();
      const { token } = (await (
        await fetch(`${server.origin}/__test/last-reset-token?email=sam.patel@example.com`)
      ).json()) as { token: string };
      await visit([`/reset-password#token=${token}`, 'Choose a new password', /New password/]);
      await signInContext(w.page, server.origin, demo.email, demo.password);
      const { addresses } = (await (await w.context.request.get(url('/api/customer/all-addresses'))).json()) as {
        addresses: { id: string }[];
      };
      const booking = stableId('booking', ASSISTANCE_BOOKING_KEY);
      const signedIn: [path: string, heading: string | RegExp, content: RegExp][] = [
        ['/change-password', 'Change your password', /Current password/],
        ['/passengers-and-railcards/add-passenger', 'Add passenger', /Date of birth/],
        [`/passengers-and-railcards/edit-passenger/${DEMO_PASSENGERS.jamie}`, 'Edit passenger', /Delete passenger/],
        [`/passengers-and-railcards/${DEMO_PASSENGERS.alex}/select-railcard`, 'Select a railcard', /Add this railcard/],
        ['/address-book/add-address', 'Add an address', /Postcode/i],
        [`/address-book/${addresses[0]!.id}`, /address/i, /Postcode/i],
        [`/bookings/${booking}/check-in`, 'Check in', /Check-in/],
        [`/claims/${claimId('demo-past-leeds-sheffield')}`, 'Delay Repay claim', /Delay Repay/],
        // Reading and cancelling one assistance are not in docs/product/api.md: the pages say so, with a way back.
        [
          `/bookings/${bookingIdOf(ASSISTANCE_BOOKING_KEY)}/passenger-assistance/${ASSISTANCE_IDS.jamieOutward}`,
          'Review passenger assistance',
          /Booked assistance can't be viewed here\./,
        ],
        [
          `/bookings/${bookingIdOf(ASSISTANCE_BOOKING_KEY)}/passenger-assistance/${ASSISTANCE_IDS.jamieOutward}/cancel`,
          'Cancel passenger assistance',
          /Cancelling assistance isn't available here\./,
        ],
        // Changing is not in docs/product/api.md: typed in, the change pages say so, as the booking does,
        // with the retailer's contact details and a way back (decision 863).
        [
          `/bookings/${bookingIdOf('demo-upcoming-kingscross-york')}/change`,
          'Change your journey',
          /This booking can't be changed online here\./,
        ],
        [
          `/bookings/${bookingIdOf('demo-season-annual-reading')}/change-start-date`,
          'Change start date',
          /This season ticket's start date can't be changed online here\./,
        ],
        // A guest order bought with the demo account's email, read by the spec's booking call.
        [`/bookings/${bookingIdOf('guest-demo-email-york-newcastle')}/guest`, /^Journey on /, /Booked as a guest/],
        // The digital railcard reads docs/product/entities.md's Railcard (code, discount, number in railcardDetails),
        // by the held card's id or by its type's code, as the spec's railcard lists name types.
        [
          `/passengers-and-railcards/digital-railcard/${DEMO_RAILCARDS.alexTwoTogether}`,
          'Digital railcard',
          /Railcard number/,
        ],
        ['/passengers-and-railcards/digital-railcard/TWO', 'Digital railcard', /Railcard number/],
        // Editing a railcard by its type's code ("TST": the 26-30 Railcard Alex holds): the answer is
        // docs/product/api.md's {railcard}; the passenger's name comes from the saved passenger.
        [
          `/passengers-and-railcards/${DEMO_PASSENGERS.alex}/edit-railcard/TST`,
          'Edit railcard: 26-30 Railcard',
          /For Alex Morgan/,
        ],
      ];
      for (const [i, screen] of signedIn.entries()) await visit(screen, i > 0);
      // A booking the spec's booking call does not answer for is not "contact us": the load failed, with Try again.
      await w.page.goto(url('/bookings/not-a-booking/change'));
      await w.page.getByRole('button', { name: 'Try again' }).waitFor();
      expect(await w.page.getByText("This booking can't be changed online here.").count()).toBe(0);
      // A railcard to add, chosen from the list the spec's call answers.
      await w.page.goto(url(`/passengers-and-railcards/${DEMO_PASSENGERS.alex}/select-railcard`));
      await w.page
        .getByRole('link', { name: /Add this railcard/ })
        .first()
        .click();
      await heading(/^Add railcard: /).waitFor();
      await noAlert();
      expect(w.errors).toEqual([]);
    });

    it('opens guest, marketing and Delay Repay email links from what each link carries (no user-flow sessions here)', async () => {
      await w.context.clearCookies();
      // A guest order link: the token alone opens the order's screens (sent with each call, docs/product/roles.md).
      const link = server.seeded.guestLinks[0]!;
      const guest = (path: string) => url(`/order-token/${link.bookingId}${path}#token=${link.token}`);
      await w.page.goto(guest(''));
      await heading(/^Journey on /).waitFor();
      expect(new URL(w.page.url()).hash).toBe('');
      await noAlert();
      await w.page.getByRole('link', { name: 'View booking history' }).click();
      await heading('Booking history').waitFor();
      await w.page.getByText("This booking hasn't been changed since it was made.").waitFor();
      await noAlert();
      await w.page.goto(guest('/check-in'));
      await heading('Check in').waitFor();
      await noAlert();
      // The quote decides: this guest's Advance ticket is not refundable, and the view says why.
      await w.page.goto(guest('/refund'));
      await heading('Refund not available').waitFor();
      await w.page.getByText("The ticket's terms don't allow a refund.", { exact: false }).waitFor();
      await noAlert();
      await w.page.goto(url(`/order-token#token=${link.token}`));
      await heading('Your bookings').waitFor();
      await w.page
        .getByRole('link', { name: /Journey on / })
        .first()
        .waitFor();
      await noAlert();
      // A Delay Repay email link: the claim it is for comes only from the session; the page says what to do.
      const claimLink = server.seeded.claimLinks?.[0];
      await w.page.goto(url(`/claim-token#token=${claimLink?.token ?? ''}`));
      await w.page.getByText("Opening a claim from an email link isn't available here.", { exact: false }).waitFor();
      await w.page.getByRole('link', { name: 'Find a booking' }).waitFor();
      await w.page.getByRole('link', { name: 'Sign in to see your bookings and claims' }).waitFor();
      await noAlert();
      // A marketing email link: sign in instead.
      await w.page.goto(url(`/contact-preferences-token?action=unsubscribe#token=${DEMO_MARKETING_TOKEN}`));
      await w.page
        .getByText("Changing your contact preferences from an email link isn't available here.", { exact: false })
        .waitFor();
      await noAlert();
      await w.page.getByRole('link', { name: 'Sign in to manage your contact preferences' }).click();
      await w.page.waitForURL(/\/my-account\/login\?redirect=/);
      expect(w.errors).toEqual([]);
    });

    it('walks a full refund: quote, confirm, request', async () => {
      // From the booking, as a customer starts it: without the refund summary (a local extra) the
      // button is offered on a booking that is not past, and the quote decides.
      const bookingId = refundSeedBookingId(REFUND_SEED_KEYS.flexible);
      await w.context.clearCookies();
      await signIn(w.page, server.origin, robin.email, robin.password, '', url(`/bookings/${bookingId}`));
      await heading(/^Journey on /).waitFor();
      await noAlert();
      await w.page.getByRole('button', { name: 'Cancel and refund' }).click();
      await w.page.waitForURL(
        (u) => u.pathname.endsWith(`/bookings/${bookingId}/refund`) && !!u.searchParams.get('quoteId'),
      );
      await heading('Cancel and refund').waitFor();
      await w.page.getByRole('region', { name: 'Your refund' }).waitFor();
      await noAlert();
      await w.page.getByRole('button', { name: 'Continue' }).click();
      await w.page.getByRole('heading', { name: 'Confirm your refund' }).waitFor();
      await w.page.getByRole('button', { name: 'Confirm refund' }).click();
      await w.page.waitForURL((u) => u.pathname.endsWith(`/bookings/${bookingId}`));
      await heading(/^Journey on /).waitFor();
      await noAlert();
      expect(w.errors).toEqual([]);
    });

    it('walks a Delay Repay claim', async () => {
      await w.context.clearCookies();
      await signIn(
        w.page,
        server.origin,
        demo.email,
        demo.password,
        '',
        url(`/bookings/claim/${claimId('demo-past-leeds-sheffield')}`),
      );
      await w.page.getByRole('heading', { name: 'You can claim Delay Repay' }).waitFor();
      await noAlert();
      // Without the claim's journeys (local-server extras) nothing is chosen for the customer.
      await w.page.getByRole('radio', { name: /^Outward journey/ }).check();
      await w.page.getByLabel('How many minutes late did you arrive?').fill('34');
      await w.page.getByRole('radio', { name: 'Rail travel voucher' }).check();
      await w.page.getByRole('button', { name: 'Send claim' }).click();
      await w.page.getByRole('heading', { name: 'Your claim has been sent' }).waitFor();
      expect(w.errors).toEqual([]);
    });

    it('says the service answered something unexpected, not "check your connection", when a list answer fails its schema', async () => {
      await server.answer('GET', '/bookings/past', 200, { results: 'not a list' });
      await w.page.goto(url('/bookings/past'));
      const alert = w.page.getByRole('alert');
      await alert.getByText('We received an unexpected response from our servers. Please try again later.').waitFor();
      expect(await alert.getByText(/check your connection/).count()).toBe(0);
      await alert.getByRole('button', { name: 'Try again' }).click();
      await w.page
        .getByRole('link', { name: /Journey on / })
        .first()
        .waitFor();
    });
  },
);
