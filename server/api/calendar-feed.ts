import { Hono } from 'hono';
import { bookingEvents, calendarFile, type IcsCopy } from '#src/calendar/ics.ts';
import {
  calendarFeedByTokenHash,
  calendarFeedJourneys,
  customerCalendarFeed,
  revokeCalendarFeed,
  startCalendarFeed,
} from '../domain/calendar-feed.ts';
import { requireCustomer } from '../lib/access.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { appLink, createEmailCopy, emailLocale, type EmailCopy } from '../lib/email-copy.ts';
import { DEFAULT_PUBLIC_ORIGIN } from '../lib/public-origin.ts';
import { assertNotThrottled, clientAddress, LIMITS, recordAttempt } from '../lib/rate-limit.ts';
import { randomToken, sha256Hex } from '../lib/tokens.ts';
import { apiBooking } from './booking.ts';
import { can } from '../lib/policy.ts';

/**
 * The private calendar feed (decision 191), a local-server extra the spec does not list:
 * - GET /customer/calendar-feed: `{enabled, createdAt}` (the address itself is never shown again);
 * - POST /customer/calendar-feed: a new address, replacing any earlier one (which then answers 404
 *   at once): `{enabled: true, createdAt, url}`;
 * - DELETE /customer/calendar-feed: turns it off, `{success: true}`;
 * - GET /calendar/{token}.ics: the customer's upcoming journeys as an RFC 5545 calendar (one event
 *   per timed leg, the same UIDs as "Add to calendar", so a journey imported both ways stays one
 *   event), in the language the feed was made in. No session: the long random token is the key.
 */

/** 32 random bytes, base64url: 43 characters. */
const FEED_FILE = '[A-Za-z0-9_-]{43}\\.ics';

const feedCopy = (text: EmailCopy, locale: string | null): IcsCopy => ({
  summary: (origin, destination) => text(locale, 'common_origin_to_destination', { origin, destination }),
  operator: (operator) => text(locale, 'booking_detail_add_to_calendar_operator', { operator }),
  reference: (reference) => text(locale, 'booking_detail_add_to_calendar_reference', { reference }),
  link: (url) => text(locale, 'booking_detail_add_to_calendar_link', { url }),
});

export function calendarFeedApi(): Hono<AppEnv> {
  const api = new Hono<AppEnv>();
  const text = createEmailCopy();

  api.get('/customer/calendar-feed', can('account.view'), async (c) => {
    const customer = requireCustomer(c);
    const row = await customerCalendarFeed(c.get('deps').db, customer.id);
    return c.json({ enabled: row !== null, createdAt: row ? new Date(row.created_at).toISOString() : null });
  });

  api.post('/customer/calendar-feed', can('account.edit'), async (c) => {
    const customer = requireCustomer(c);
    const { db, clock, publicOrigin } = c.get('deps');
    const token = randomToken();
    const now = clock.now();
    const locale = emailLocale(c.req.header('accept-language'));
    await startCalendarFeed(db, { customerId: customer.id, tokenHash: sha256Hex(token), locale }, now);
    const url = `${publicOrigin ?? DEFAULT_PUBLIC_ORIGIN}/my-account/api/calendar/${token}.ics`;
    return c.json({ enabled: true, createdAt: now.toISOString(), url });
  });

  api.delete('/customer/calendar-feed', can('account.edit'), async (c) => {
    const customer = requireCustomer(c);
    await revokeCalendarFeed(c.get('deps').db, customer.id);
    return c.json({ success: true });
  });

  api.get(`/calendar/:file{${FEED_FILE}}`, can('public'), async (c) => {
    const { db, clock, publicOrigin } = c.get('deps');
    const token = c.req.param('file').slice(0, -'.ics'.length);
    // An unknown address is a guess, counted per client; past the limit none is looked up (decision 566).
    const limits = [[LIMITS.calendarFeedClient, clientAddress(c)]] as const;
    await assertNotThrottled(db, clock.now(), limits);
    const feed = await calendarFeedByTokenHash(db, sha256Hex(token));
    if (!feed) {
      await recordAttempt(db, clock.now(), limits);
      return c.text('Not Found', 404);
    }
    const now = clock.now();
    // Upcoming journeys of the customer's current orders, one event per train (decision 320).
    const { journeys, refunds } = await calendarFeedJourneys(db, feed.customer_id, now);
    const copy = feedCopy(text, feed.locale);
    const events = journeys.flatMap((row) =>
      bookingEvents({
        booking: { ...apiBooking(row, now, true, false), refund: refunds.get(row.id) },
        reference: row.friendly_order_id,
        link: appLink(publicOrigin ?? DEFAULT_PUBLIC_ORIGIN, feed.locale, `/bookings/${encodeURIComponent(row.id)}`),
        now,
        copy,
      }),
    );
    const body = calendarFile(events, text(feed.locale, 'calendar_feed_name', {}));
    return c.body(body, 200, {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': 'inline; filename="rail-journeys.ics"',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
    });
  });

  return api;
}
