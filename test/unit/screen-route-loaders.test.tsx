import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { m } from '#src/paraglide/messages.js';
import { json, renderSignedIn as renderApp } from '#test/helpers/render-signed-in';
import { calendarFeedMessages } from '#src/copy/calendar-feed';
import { dataExportMessages } from '#src/copy/data-export';

/**
 * Screens whose first data their route loads (docs/decisions/730): each route's loader makes the
 * screen's first call, once, and hands its answer (or its failure) to the screen's chart, which
 * starts from it. The real route tree in memory, signed in, the API answered by a fake fetch:
 * `answers` maps an API path (after /my-account/api) to its JSON body or a Response; anything else
 * is a 404.
 */
const failure = () => json({ errors: [{ code: 'INTERNAL_ERROR' }] }, 500);

const renderSignedIn = (path: string, answers: Record<string, unknown>) =>
  renderApp(path, answers, { idleTimeout: 20_000 });

// A busy machine imports the lazily loaded routes slowly: each test has half a minute.
describe('screens load their first data in their route (decision 730)', { timeout: 30_000 }, () => {
  it("account controls' route loads the calendar feed and the data export once; each part starts from its answer", async () => {
    const { loaded, asked } = await renderSignedIn('/my-account/account-controls', {
      '/customer/calendar-feed': { enabled: false, createdAt: null },
      '/customer/data-export': failure,
    });
    expect(loaded('/_account/account-controls')).toEqual({
      feed: { data: { enabled: false, createdAt: null } },
      dataExport: { error: expect.anything() },
    });
    expect(await screen.findByRole('button', { name: m.calendar_feed_turn_on() })).toBeTruthy();
    expect(await screen.findByText(dataExportMessages.loadError)).toBeTruthy();
    expect(screen.queryByText(calendarFeedMessages.loadError)).toBeNull();
    expect([asked('/customer/calendar-feed'), asked('/customer/data-export')]).toEqual([1, 1]);
  });

  it("the guest tab's route loads its first page once, and the tab starts from it", async () => {
    const empty = {
      results: [],
      total: 0,
      page: 0,
      upcomingBookings: 0,
      pastBookings: 0,
      seasonBookings: 0,
      guestBookings: 0,
      hasGuestBookings: false,
    };
    const { loaded, asked } = await renderSignedIn('/my-account/bookings/guest', { '/bookings/guest': empty });
    expect(loaded('/_account/_bookings/bookings/guest')).toEqual({ page: empty });
    expect(await screen.findByText(m.bookings_list_bookings_screen_guest_empty())).toBeTruthy();
    expect(asked('/bookings/guest')).toBe(1);
  });

  it("a digital railcard's route loads the card once; its 404 is the page's not-found message", async () => {
    const { loaded, asked } = await renderSignedIn('/my-account/passengers-and-railcards/digital-railcard/r9', {});
    const routeId = '/_account/_passengers-feature/passengers-and-railcards/digital-railcard/$railcardId';
    expect(loaded(routeId)).toMatchObject({ error: expect.anything() });
    expect(await screen.findByText(m.railcards_digital_railcard_page_we_couldnt_find_this_digital())).toBeTruthy();
    expect(asked('/passengers-and-railcards/digital-railcard/r9')).toBe(1);
  });

  it('choosing a railcard: the route loads what the passenger can add once, and the page starts from it', async () => {
    const list = { passenger: { id: 'p1', firstName: 'Ruby', lastName: 'Morgan' }, railcards: [] };
    const { loaded, asked } = await renderSignedIn('/my-account/passengers-and-railcards/p1/select-railcard', {
      '/passenger/p1/railcardslist': list,
    });
    const routeId = '/_account/_passengers-feature/passengers-and-railcards/$passengerId/select-railcard';
    expect(loaded(routeId)).toEqual({ data: { ...list, unavailable: undefined } });
    expect(
      await screen.findByText(m.railcards_select_railcard_page_there_are_no_more_railcards({ who: 'Ruby Morgan' })),
    ).toBeTruthy();
    expect(asked('/passenger/p1/railcardslist')).toBe(1);
  });
});
