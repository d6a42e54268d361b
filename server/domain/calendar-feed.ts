import { lifecycleFacts } from '#machines/lib/booking-lifecycle-facts';
import { many, one, type Queryable } from '../db.ts';
import type { BookingData } from './booking-data.ts';
import { refundSummaries } from './refund-store.ts';

/**
 * The customer's private calendar feed (docs/decisions/191-private-calendar-feed.md): one address per
 * customer, kept as the hash of its random token, made in the language the customer chose it in,
 * and the upcoming journeys it lists.
 */

export type CalendarFeed = { customer_id: string; locale: string | null; created_at: Date };

export type FeedJourney = {
  id: string;
  order_id: string;
  is_season: boolean;
  outward_date: Date;
  data: BookingData;
  friendly_order_id: string;
};

/** The customer's feed, or null when it is off. */
export const customerCalendarFeed = (db: Queryable, customerId: string) =>
  one<CalendarFeed>(db, 'select customer_id, locale, created_at from calendar_feeds where customer_id = $1', [
    customerId,
  ]);

/** The feed whose address holds this token's hash, or null. */
export const calendarFeedByTokenHash = (db: Queryable, tokenHash: string) =>
  one<CalendarFeed>(db, 'select customer_id, locale, created_at from calendar_feeds where token_hash = $1', [
    tokenHash,
  ]);

/** A new address for the customer's feed, replacing any earlier one (which then answers 404 at once). */
export async function startCalendarFeed(
  db: Queryable,
  feed: { customerId: string; tokenHash: string; locale: string | null },
  now: Date,
): Promise<void> {
  await db.query(
    `insert into calendar_feeds (customer_id, token_hash, locale, created_at) values ($1, $2, $3, $4)
     on conflict (customer_id) do update set token_hash = excluded.token_hash, locale = excluded.locale, created_at = excluded.created_at`,
    [feed.customerId, feed.tokenHash, feed.locale, now],
  );
}

/**
 * Ends the customer's feed (its address answers 404 from now on). Called when the account is
 * recovered or moves to another mailbox (password reset, confirmed change of email, a provider's
 * first proof of the mailbox), and when the customer turns it off: whoever held the account before
 * may also hold the feed's address, which shows journeys and booking references.
 */
export async function revokeCalendarFeed(db: Queryable, customerId: string): Promise<void> {
  await db.query('delete from calendar_feeds where customer_id = $1', [customerId]);
}

/**
 * The journeys the feed lists: upcoming bookings of the customer's current orders (a changed
 * journey's old order is left out), with their refund summaries. A booking whose tickets moved on
 * (part refunded, or exchanged while its replacement is being issued) is left out like a replaced
 * order: its replacement carries the journey, so one train is one event (decision 320's lifecycle,
 * read from the same refund summary).
 */
export async function calendarFeedJourneys(db: Queryable, customerId: string, now: Date) {
  const rows = await many<FeedJourney>(
    db,
    `select b.id, b.order_id, b.is_season, b.outward_date, b.data, o.friendly_order_id
     from bookings b join orders o on o.id = b.order_id
     where b.customer_id = $1 and b.is_season = false and o.replacement_order_id is null
       and coalesce(b.inward_date, b.outward_date) >= $2
     order by b.outward_date, b.id`,
    [customerId, now],
  );
  const refunds = await refundSummaries(
    db,
    rows.map((b) => ({ ...b, replaced: false, canAct: true })),
    now,
  );
  const journeys = rows.filter((row) => {
    const refund = refunds.get(row.id);
    if (!refund) return true;
    const { facts } = lifecycleFacts({ isSeasonBooking: row.is_season, outward: row.data.outward, refund }, {}, now);
    return !facts.partRefunded && !facts.changed;
  });
  return { journeys, refunds };
}
