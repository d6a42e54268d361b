import type { LifecycleState } from '#machines/booking-lifecycle';
import { many, one, type Db, type Queryable } from '../db.ts';
import type { BookingData } from './booking-data.ts';
import { bookingLifecycle } from './booking-lifecycle.ts';
import { isCardExpired } from './saved-cards.ts';
import { ApiError } from '../lib/errors.ts';

/**
 * A season ticket's automatic renewal in the database (docs/decisions/440-season-renewal.md): which
 * of the customer's season tickets can still renew, and turning a renewal on or off with a card.
 */
type SeasonRow = { id: string; order_id: string; data: BookingData };
type RenewalRow = { booking_id: string; card_id: string | null; is_enabled: boolean };
type CardRow = { id: string; expiry_month: number; expiry_year: number };

/** States after which a season ticket is not renewed: it ended, or its tickets were cancelled. */
const ENDED: ReadonlySet<LifecycleState> = new Set([
  'expired',
  'refundInProgress',
  'refunded',
  'partRefunded',
  'changed',
  'insuranceClaimed',
]);

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
export async function renewableSeasons(
  db: Queryable,
  customerId: string,
  now: Date,
  bookingId?: string,
): Promise<SeasonRenewal[]> {
  const seasons = await many<SeasonRow>(
    db,
    `select b.id, b.order_id, b.data from bookings b
     where b.customer_id = $1 and b.is_season and ($2::text is null or b.id = $2)
     order by b.outward_date desc, b.id`,
    [customerId, bookingId ?? null],
  );
  const rows = await many<RenewalRow>(
    db,
    'select booking_id, card_id, is_enabled from season_renewals where customer_id = $1',
    [customerId],
  );
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
export async function enabledRenewalPaidBy(
  db: Queryable,
  customerId: string,
  cardId: string,
  now: Date,
): Promise<SeasonRenewal | null> {
  const renewals = await renewableSeasons(db, customerId, now);
  return renewals.find((r) => r.isEnabled && r.cardId === cardId) ?? null;
}

/**
 * Turns the renewal of the customer's season ticket `bookingId` on (with a saved card that has not
 * expired) or off (the card is remembered), the booking row locked: 404 SEASON_NOT_FOUND,
 * 409 SEASON_NOT_RENEWABLE, 422 CARD_REQUIRED or CARD_EXPIRED, 404 CARD_NOT_FOUND.
 */
export async function setRenewal(
  db: Db,
  customerId: string,
  bookingId: string,
  body: { isEnabled: boolean; cardId?: string | null | undefined },
  now: Date,
): Promise<SeasonRenewal> {
  return db.transaction(async (tx) => {
    await tx.query('select id from bookings where id = $1 for update', [bookingId]);
    const [renewal] = await renewableSeasons(tx, customerId, now, bookingId);
    if (!renewal) {
      // Not the customer's season ticket at all, or one that has ended: told apart, as a retailer would.
      const own = await one<{ id: string }>(
        tx,
        'select id from bookings where id = $1 and customer_id = $2 and is_season',
        [bookingId, customerId],
      );
      if (!own) throw new ApiError(404, 'SEASON_NOT_FOUND');
      throw new ApiError(409, 'SEASON_NOT_RENEWABLE', 'This season ticket has ended, so it cannot renew.');
    }
    const cardId = body.cardId ?? renewal.cardId;
    if (body.isEnabled) {
      if (!cardId) throw new ApiError(422, 'CARD_REQUIRED', 'Choose the card that pays for the renewal.');
      const card = await one<CardRow>(
        tx,
        'select id, expiry_month, expiry_year from saved_cards where id = $1 and customer_id = $2',
        [cardId, customerId],
      );
      if (!card) throw new ApiError(404, 'CARD_NOT_FOUND');
      if (isCardExpired(card, now))
        throw new ApiError(422, 'CARD_EXPIRED', 'This card has expired: choose another card.');
    } else if (cardId) {
      const card = await one<{ id: string }>(tx, 'select id from saved_cards where id = $1 and customer_id = $2', [
        cardId,
        customerId,
      ]);
      if (!card) throw new ApiError(404, 'CARD_NOT_FOUND');
    }
    await tx.query(
      `insert into season_renewals (booking_id, customer_id, card_id, is_enabled, updated_at)
       values ($1, $2, $3, $4, $5)
       on conflict (booking_id) do update set card_id = excluded.card_id, is_enabled = excluded.is_enabled, updated_at = excluded.updated_at`,
      [bookingId, customerId, cardId, body.isEnabled, now],
    );
    return { ...renewal, isEnabled: body.isEnabled, cardId };
  });
}
