import { describe, expect, it } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { m } from '#src/paraglide/messages.js';
import { json } from '#test/helpers/render-signed-in';
import { renderGuest } from '#test/helpers/render-guest';
import { refundBooking } from '#test/model/fixtures/refund-fixtures';

/**
 * The guest screens under /order-token load their first data in their route (docs/decisions/730),
 * with the link's token, once; while the order-token layout refuses the link they ask nothing, so
 * no call's 401 sends the guest to sign-in; a preload asks only with the guest's own token.
 */
const failure = () => json({ errors: [{ code: 'INTERNAL_ERROR' }] }, 500);
const TOKEN = 'order-token-1';
const tryAgain = () => screen.findByRole('button', { name: m.common_try_again() }, { timeout: 20_000 });

/** Every guest screen's first call, as its route makes it. */
const guestScreens = [
  { path: '/order-token', routeId: '/order-token/', call: '/booking/token' },
  { path: '/order-token/b1', routeId: '/order-token/$bookingId/', call: '/booking/b1' },
  { path: '/order-token/b1/history', routeId: '/order-token/$bookingId/history', call: '/booking/b1/history' },
  { path: '/order-token/b1/refund', routeId: '/order-token/$bookingId/refund/', call: '/partial-refunds/b1' },
  {
    path: '/order-token/b1/refund/ineligible',
    routeId: '/order-token/$bookingId/refund/ineligible',
    call: '/partial-refunds/b1',
  },
  { path: '/order-token/b1/change', routeId: '/order-token/$bookingId/change', call: '/change-of-journey/options/b1' },
  {
    path: '/order-token/b1/change-start-date',
    routeId: '/order-token/$bookingId/change-start-date',
    call: '/change-of-journey/options/b1',
  },
];

// A busy machine imports the lazily loaded routes slowly: each test has half a minute.
describe('guest screens load their first data in their route (decision 730)', { timeout: 30_000 }, () => {
  it.each(guestScreens)(
    "$path: the route asks once with the link's token, and the screen starts from its failure",
    async ({ path, routeId, call }) => {
      const { router, loaded, calls, sentToLogin } = await renderGuest(`/my-account${path}`, { [call]: failure });
      await tryAgain();
      const data = loaded(routeId) as Record<string, unknown>;
      // The booking detail hands its chart the booking's answer and the calls started after it.
      expect('first' in data ? data.first : data).toMatchObject({ error: expect.anything() });
      expect(calls(call)).toEqual([`${call}?token=${TOKEN}`]);
      expect(router.state.location.href).not.toContain(TOKEN);
      expect(sentToLogin()).toBe(0);
    },
  );

  it("the refund route's answer is the page's: it quotes from it without asking for the booking again", async () => {
    const booking = refundBooking();
    const { loaded, asked } = await renderGuest('/my-account/order-token/b1/refund', {
      '/partial-refunds/b1': booking,
    });
    expect(loaded('/order-token/$bookingId/refund/')).toEqual({ data: booking });
    await waitFor(() => expect(asked(`/refund-quote/${booking.orderId}/b1`)).toBe(1));
    expect(asked('/partial-refunds/b1')).toBe(1);
  });

  it('a host without guest sessions: the token alone opens the booking, and the route loads with it', async () => {
    const { loaded, calls } = await renderGuest(
      '/my-account/order-token/b1/history',
      { '/booking/b1/history': failure },
      { session: 'absent' },
    );
    await tryAgain();
    expect(loaded('/order-token/$bookingId/history')).toMatchObject({ error: expect.anything() });
    expect(calls('/booking/b1/history')).toEqual([`/booking/b1/history?token=${TOKEN}`]);
  });

  it.each([
    { why: 'no token came with the link', token: null, session: 'opens' as const },
    { why: "the link's token is refused (expired or used)", token: TOKEN, session: 'refused' as const },
  ])(
    '$why: every guest screen asks nothing and says why, and nobody is sent to sign in',
    async ({ token, session }) => {
      for (const { path, routeId, call } of guestScreens) {
        const { loaded, asked, sentToLogin, router } = await renderGuest(
          `/my-account${path}`,
          { [call]: failure },
          { token, session },
        );
        expect(await screen.findByText(m.route_order_token_we_couldnt_open_this_booking())).toBeTruthy();
        expect(asked(call)).toBe(0);
        expect(loaded(routeId) ?? null).toBeNull();
        expect(sentToLogin()).toBe(0);
        expect(router.state.location.pathname).toBe(path);
        cleanup();
      }
    },
  );

  it("a hovered guest link preloads with the guest's own token, and never while another link's token waits", async () => {
    const { router, services, asked, calls } = await renderGuest('/my-account/order-token/b1/history', {
      '/booking/b1/history': failure,
      '/change-of-journey/options/b1': failure,
      '/partial-refunds/b1': failure,
    });
    await tryAgain();
    // The guest's own link: the preload asks once, with the token in use.
    await act(() => router.preloadRoute({ to: '/order-token/$bookingId/change', params: { bookingId: 'b1' } }));
    expect(calls('/change-of-journey/options/b1')).toEqual([`/change-of-journey/options/b1?token=${TOKEN}`]);
    // Another order's token waits in memory for the next navigation: a preload asks nothing with
    // the old one, and the token stays for the navigation to take.
    services.hashToken.put('order-token-2');
    await act(() => router.preloadRoute({ to: '/order-token/$bookingId/refund', params: { bookingId: 'b1' } }));
    expect(asked('/partial-refunds/b1')).toBe(0);
    expect(services.hashToken.peek()).toBe('order-token-2');
    expect(services.api.orderToken).toBe(TOKEN);
  });
});
