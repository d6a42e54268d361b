import { beforeAll, describe, expect, it } from 'vitest';
import { openPage, seriousAxeViolations, signIn, type PageWatch } from './browser';
import { useE2eWorld } from './world';

const demo = { email: 'demo@example.com', password: 'RailDemo!2026' };
const sam = { email: 'sam.patel@example.com', password: 'RailDemo!2026' };

const world = useE2eWorld();
let w: PageWatch;

beforeAll(async () => {
  w = await openPage(world.browser);
});

const url = (path: string) => `${world.server.origin}/my-account${path}`;
const heading = (name: string | RegExp) => w.page.getByRole('heading', { level: 1, name });
const tabs = () => w.page.getByRole('navigation', { name: 'Booking lists' });

describe('booking lists', () => {
  it('redirects /bookings to upcoming once loaded, with tab totals and cards linking to the booking', async () => {
    await signIn(w.page, world.server.origin, demo.email, demo.password, '', url('/bookings'));
    await w.page.waitForURL(/\/bookings\/upcoming$/);
    await heading('My bookings').waitFor();
    await tabs()
      .getByRole('link', { name: /Upcoming\W*6/ })
      .waitFor();
    expect(
      await tabs()
        .getByRole('link', { name: /Upcoming/ })
        .getAttribute('aria-current'),
    ).toBe('page');
    await tabs()
      .getByRole('link', { name: /Guest bookings/ })
      .waitFor();
    const card = w.page.getByRole('link', { name: 'London Euston to Manchester Piccadilly' });
    expect(await card.getAttribute('href')).toMatch(/\/my-account\/bookings\/[0-9a-f-]{36}$/);
    await w.page.getByText('£42.50').waitFor();
    // The journey card's first line: times, length and changes.
    const times = (
      (await w.page.getByRole('article').filter({ has: card }).locator('p').first().textContent()) ?? ''
    ).replace(/\s+/g, ' ');
    expect(times).toMatch(/^\d{2}:\d{2} to \d{2}:\d{2} · \d+ h( \d+ min)? · (Direct|\d+ changes?)/);
    expect(await seriousAxeViolations(w.page)).toEqual([]);
    expect(w.errors).toEqual([]);
  });

  it('pages the past bookings with "load more"', async () => {
    await tabs().getByRole('link', { name: /Past/ }).click();
    await w.page.waitForURL(/\/bookings\/past$/);
    await w.page.getByText('Showing 10 of 16').waitFor();
    // Journeys still to come whose tickets no longer stand head Past (decision 410): the changed
    // Paddington → Bristol original says so, with no way to act on it from the card.
    const changed = w.page
      .getByRole('article')
      .filter({ hasText: 'This journey was changed: the new booking is in your list.' });
    await changed.first().waitFor();
    await changed.first().getByText('Changed', { exact: true }).waitFor();
    expect(await changed.first().getByRole('button').count()).toBe(0);
    await w.page.getByRole('button', { name: 'Load more bookings' }).click();
    await w.page.getByText('Showing 16 of 16').waitFor();
    expect(await w.page.getByRole('button', { name: 'Load more bookings' }).count()).toBe(0);
    // Back to upcoming: already loaded, shown without a new request.
    let requests = 0;
    w.page.on('request', (r) => void (r.url().includes('/api/bookings/upcoming') && requests++));
    await tabs()
      .getByRole('link', { name: /Upcoming/ })
      .click();
    await w.page.getByRole('link', { name: 'London Euston to Manchester Piccadilly' }).waitFor();
    expect(requests).toBe(0);
  });

  it("shows season validity, and 'Unable to fetch bookings' with a working retry", async () => {
    let failures = 1;
    await w.page.route('**/my-account/api/bookings/season*', (route) =>
      failures-- > 0
        ? route.fulfill({ status: 500, body: '{"errors":[{"code":"INTERNAL_ERROR"}]}' })
        : route.continue(),
    );
    await w.page.goto(url('/bookings/season'));
    await w.page.getByText('Unable to fetch bookings').waitFor();
    await w.page.getByRole('button', { name: 'Try again' }).click();
    await w.page.getByText('Valid now').waitFor();
    await w.page.getByText('Expired').waitFor();
    await w.page.unroute('**/my-account/api/bookings/season*');
  });

  it('shows a clear error when the answer has the wrong shape', async () => {
    await w.page.route('**/my-account/api/bookings/past*', (route) =>
      route.fulfill({ status: 200, body: '{"results":"nope"}', contentType: 'application/json' }),
    );
    await w.page.goto(url('/bookings/past'));
    await w.page.getByText('Unable to fetch bookings').waitFor();
    await w.page.unroute('**/my-account/api/bookings/past*');
  });
});

describe('guest order association', () => {
  it('adds the guest bookings (success), then finds none the second time', async () => {
    await w.page.goto(url('/bookings/guest#token=demo-guest-token-3'));
    await w.page.getByText('York to Newcastle').waitFor();
    expect(w.page.url()).not.toContain('token'); // taken out of the address bar
    await w.page.getByRole('button', { name: 'Add these bookings to my account' }).click();
    await w.page.getByText('1 booking added. Taking you to your bookings…').waitFor();
    await w.page.waitForURL(/\/bookings\/upcoming\?bookingsImported=true$/);
    await w.page.getByText('Your guest bookings are now in your account.').waitFor();
    await tabs()
      .getByRole('link', { name: /Upcoming\W*7/ })
      .waitFor();
    expect(
      await tabs()
        .getByRole('link', { name: /Guest bookings/ })
        .count(),
    ).toBe(0);

    await w.page.goto(url('/bookings/guest#token=demo-guest-token-3'));
    await w.page.getByRole('button', { name: 'Add these bookings to my account' }).click();
    await w.page.waitForURL(/bookingsImported=none$/);
    await w.page.getByText('There were no guest bookings left to add to your account.').waitFor();
  });

  it("goes quietly to the bookings on a 403 (someone else's order) and says so on other errors", async () => {
    await w.page.goto(url('/bookings/guest#token=demo-guest-token-1'));
    await w.page.getByRole('button', { name: 'Add these bookings to my account' }).click();
    await w.page.waitForURL(/\/bookings\/upcoming$/);
    expect(await w.page.getByRole('alert').count()).toBe(0);

    await w.page.goto(url('/bookings/guest#token=not-a-real-token'));
    await w.page.getByRole('button', { name: 'Add these bookings to my account' }).click();
    await w.page.waitForURL(/bookingsImported=false$/);
    await w.page
      .getByText('Sorry, your guest bookings could not be added to your account. Please try again later.')
      .waitFor();
  });

  it('adds only part when a changed guest order cannot move (Sam: partial)', async () => {
    await w.context.clearCookies();
    await signIn(
      w.page,
      world.server.origin,
      sam.email,
      sam.password,
      '',
      url('/bookings/guest#token=demo-association-token-sam'),
    );
    await w.page.getByRole('button', { name: 'Add these bookings to my account' }).click();
    await w.page.waitForURL(/bookingsImported=partial$/);
    await w.page.getByText('Some bookings added').waitFor();
    expect(w.errors).toEqual([]);
  });
});

describe('find a booking, order-token list, web to app', () => {
  it('validates, reports not found, then opens the booking with an exchange token', async () => {
    await w.context.clearCookies();
    // The guest order's reference and date, as printed on its confirmation.
    const res = await fetch(url('/api/booking/token?token=demo-guest-token-1'));
    const { bookings } = (await res.json()) as {
      bookings: { booking: { id: string; outward: { date: string } }; order: { friendlyOrderId: string } }[];
    };
    const target = bookings[0]!;
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(
      new Date(target.booking.outward.date),
    );

    await w.page.goto(url('/find-booking'));
    await heading('Find a booking').waitFor();
    const submit = w.page.getByRole('button', { name: 'Find booking' });
    expect(await submit.isDisabled()).toBe(true);
    await w.page.getByLabel('Email address').fill('nope');
    await w.page.getByLabel('Email address').blur();
    await w.page.getByText('Please enter an email address, e.g. name@example.com').waitFor();
    await w.page.getByLabel('Booking reference').fill(target.order.friendlyOrderId);
    await w.page.getByLabel('Departure date').fill(day);
    await w.page.getByLabel("Passenger's surname").fill('Nobody');
    await w.page.getByLabel('Email address').fill('guest@example.com');
    await submit.click();
    await w.page.getByText("We couldn't find a booking with these details.", { exact: false }).waitFor();
    expect(await w.page.getByLabel('Booking reference').inputValue()).toBe(target.order.friendlyOrderId);
    expect(await seriousAxeViolations(w.page)).toEqual([]);

    await w.page.getByLabel("Passenger's surname").fill('lee');
    await submit.click();
    await w.page.waitForURL(new RegExp(`/order-token/${target.booking.id}$`));
    expect(w.page.url()).not.toContain('token=');
  });

  it('lists the bookings the guest session may open on /order-token', async () => {
    await w.page.evaluate(() => {
      history.pushState(null, '', '/my-account/order-token');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await heading('Your bookings').waitFor();
    await w.page.getByRole('link', { name: 'Newcastle to Edinburgh Waverley' }).waitFor();
    expect(await seriousAxeViolations(w.page)).toEqual([]);
  });

  it('takes a registered guest from /order-token through sign-in to the association', async () => {
    await w.page.goto('about:blank'); // a fresh load, not a same-document hash change
    await w.page.goto(url('/order-token#token=demo-guest-token-3'));
    await w.page.getByText('You have an account with us').waitFor();
    await w.page.getByRole('button', { name: 'Add to my account' }).click();
    await w.page.waitForURL(/\/login\?redirect=/);
    await w.page.getByLabel('Email address').first().fill(demo.email);
    await w.page.getByLabel('Password', { exact: true }).fill(demo.password);
    await w.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await w.page.waitForURL(/\/bookings\/guest$/);
    // Already imported above: the association answers 204 (none).
    await w.page.getByRole('button', { name: 'Add these bookings to my account' }).click();
    await w.page.waitForURL(/bookingsImported=none$/);
  });

  it('offers the app deep link and the web fallback', async () => {
    await w.page.goto(url('/webtoapp?bookingId=abc-123'));
    expect(await w.page.getByRole('link', { name: 'Open this booking in the app' }).getAttribute('href')).toBe(
      'railapp://booking/abc-123',
    );
    expect(await w.page.getByRole('link', { name: 'Continue on the website' }).getAttribute('href')).toBe(
      '/my-account/bookings/abc-123',
    );
    expect(w.errors).toEqual([]);
  });
});

describe('empty lists', () => {
  it("shows the empty state for an account without bookings ('empty' scenario)", async () => {
    await world.server.reset('empty');
    await w.context.clearCookies();
    await signIn(w.page, world.server.origin, demo.email, demo.password, '', url('/bookings/upcoming'));
    await w.page.getByText("You don't have any upcoming journeys.").waitFor();
    await tabs()
      .getByRole('link', { name: /Season tickets/ })
      .click();
    await w.page.getByText("You don't have any season tickets.").waitFor();
    expect(
      await tabs()
        .getByRole('link', { name: /Guest bookings/ })
        .count(),
    ).toBe(0);
    expect(await seriousAxeViolations(w.page)).toEqual([]);
    expect(w.errors).toEqual([]);
  });
});
