import { Hono } from 'hono';
import * as v from 'valibot';
import type { LifecycleState } from '#machines/booking-lifecycle';
import { many, one, type Queryable } from '../db.ts';
import type { BookingData } from '../domain/booking-data.ts';
import { bookingLifecycle } from '../domain/booking-lifecycle.ts';
import { isCardExpired } from '../domain/saved-cards.ts';
import { requireCustomer } from '../lib/access.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { readBody } from '../lib/body.ts';
import { ApiError } from '../lib/errors.ts';
import { can } from '../lib/policy.ts';

/**
 * A season ticket's automatic renewal (docs/decisions/440-season-renewal.md). The spec names no
 * call: both are ours, so a host with the spec's calls only answers 404 and the app shows no control.
 *
 * - GET /customer/season-renewals: every season ticket of the customer that can still renew (not
 *   expired, refunded, being refunded or exchanged), with whether it renews and the card that pays.
 * - POST /customer/season-renewals/{bookingId} {isEnabled, cardId?}: turns the renewal on (with one
 *   of the customer's saved cards that has not expired) or off (the card is remembered, not
 *   charged). A card that pays an enabled renewal cannot be deleted (POST /customer/delete-card: 409).
 */
type SeasonRow = { id: string; order_id: string; data: BookingData };
type RenewalRow = { booking_id: string; card_id: string | null; is_enabled: boolean };
type CardRow = { id: string; expiry_month: number; expiry_year: number };

/** States after which a season ticket is not renewed: it ended, or its tickets were cancelled. */
const ENDED: ReadonlySet<LifecycleState> = new Set(['expired', 'refundInProgress', 'refunded', 'partRefunded', 'changed', 'insuranceClaimed']);

export type SeasonRenewal = {
  bookingId: string;
  orderId: string;
  seasonKind: string;
  origin: string;
  destination: string;
  /** The season ticket's last day: the renewal, when on, starts the next one the day after. */
  validUntil: string;
  isEnabled: boolean;
  /** The saved card that pays (or would pay, once turned on again); null: none chosen yet. */
  cardId: string | null;
};

/** The customer's season bookings that can still renew, the renewal's row of each, in the season tab's order. */
async function renewableSeasons(db: Queryable, customerId: string, now: Date, bookingId?: string): Promise<SeasonRenewal[]> {
  const seasons = await many<SeasonRow>(
    db,
    `select b.id, b.order_id, b.data from bookings b
     where b.customer_id = $1 and b.is_season and ($2::text is null or b.id = $2)
     order by b.outward_date desc, b.id`,
    [customerId, bookingId ?? null],
  );
  const rows = await many<RenewalRow>(db, 'select booking_id, card_id, is_enabled from season_renewals where customer_id = $1', [customerId]);
  const byBooking = new Map(rows.map((r) => [r.booking_id, r]));
  const renewals: SeasonRenewal[] = [];
  for (const s of seasons) {
    const season = s.data.season;
    if (!season || new Date(season.validUntil) <= now) continue;
    const lifecycle = await bookingLifecycle(db, s.id, now);
    if (lifecycle && ENDED.has(lifecycle.state)) continue;
    const row = byBooking.get(s.id);
    renewals.push({
      bookingId: s.id,
      orderId: s.order_id,
      seasonKind: season.kind,
      origin: s.data.outward.origin.name,
      destination: s.data.outward.destination.name,
      validUntil: season.validUntil,
      isEnabled: row?.is_enabled ?? false,
      cardId: row?.card_id ?? null,
    });
  }
  return renewals;
}

/** The season ticket (still renewable) whose enabled renewal `cardId` pays, or null: the card may be deleted. */
export async function enabledRenewalPaidBy(db: Queryable, customerId: string, cardId: string, now: Date): Promise<SeasonRenewal | null> {
  const renewals = await renewableSeasons(db, customerId, now);
  return renewals.find((r) => r.isEnabled && r.cardId === cardId) ?? null;
}

const RenewalBody = v.object({
  isEnabled: v.boolean(),
  cardId: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(100)))),
});

export function seasonRenewalsApi(): Hono<AppEnv> {
  const api = new Hono<AppEnv>();

  api.get('/customer/season-renewals', can('account.view'), async (c) => {
    const customer = requireCustomer(c);
    const { db, clock } = c.get('deps');
    return c.json({ renewals: await renewableSeasons(db, customer.id, clock.now()) });
  });

  api.post('/customer/season-renewals/:bookingId', can('account.edit'), async (c) => {
    const customer = requireCustomer(c);
    const bookingId = c.req.param('bookingId');
    const body = await readBody(c, RenewalBody);
    const { db, clock } = c.get('deps');
    const now = clock.now();
    const answer = await db.transaction(async (tx) => {
      await tx.query('select id from bookings where id = $1 for update', [bookingId]);
      const [renewal] = await renewableSeasons(tx, customer.id, now, bookingId);
      if (!renewal) {
        // Not the customer's season ticket at all, or one that has ended: told apart, as a retailer would.
        const own = await one<{ id: string }>(tx, 'select id from bookings where id = $1 and customer_id = $2 and is_season', [bookingId, customer.id]);
        if (!own) throw new ApiError(404, 'SEASON_NOT_FOUND');
        throw new ApiError(409, 'SEASON_NOT_RENEWABLE', 'This season ticket has ended, so it cannot renew.');
      }
      const cardId = body.cardId ?? renewal.cardId;
      if (body.isEnabled) {
        if (!cardId) throw new ApiError(422, 'CARD_REQUIRED', 'Choose the card that pays for the renewal.');
        const card = await one<CardRow>(tx, 'select id, expiry_month, expiry_year from saved_cards where id = $1 and customer_id = $2', [cardId, customer.id]);
        if (!card) throw new ApiError(404, 'CARD_NOT_FOUND');
        if (isCardExpired(card, now)) throw new ApiError(422, 'CARD_EXPIRED', 'This card has expired: choose another card.');
      } else if (cardId) {
        const card = await one<{ id: string }>(tx, 'select id from saved_cards where id = $1 and customer_id = $2', [cardId, customer.id]);
        if (!card) throw new ApiError(404, 'CARD_NOT_FOUND');
      }
      await tx.query(
        `insert into season_renewals (booking_id, customer_id, card_id, is_enabled, updated_at)
         values ($1, $2, $3, $4, $5)
         on conflict (booking_id) do update set card_id = excluded.card_id, is_enabled = excluded.is_enabled, updated_at = excluded.updated_at`,
        [bookingId, customer.id, cardId, body.isEnabled, now],
      );
      return { ...renewal, isEnabled: body.isEnabled, cardId };
    });
    return c.json(answer);
  });

  return api;
}
