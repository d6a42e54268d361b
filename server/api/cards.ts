import { Hono } from 'hono';
import * as v from 'valibot';
import { many, one, type Queryable } from '../db.ts';
import type { BookingData } from '../domain/booking-data.ts';
import { requireCustomer } from '../lib/access.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { readBody } from '../lib/body.ts';
import { ApiError } from '../lib/errors.ts';

/**
 * Saved payment cards (SPEC section 7): GET /customer/cards, POST /customer/delete-card {id}.
 * Only brand, last four digits, expiry and cardholder name are stored or sent, never a number.
 * A card that pays a season ticket's automatic renewal cannot be deleted: 409 CARD_IN_USE
 * (the seeded demo Mastercard, so the delete error is demonstrable; decision 060).
 */
type CardRow = {
  id: string;
  brand: string;
  last_four_digits: string;
  expiry_month: number;
  expiry_year: number;
  cardholder_name: string;
  renewal_lock: string | null;
};

const ukDay = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' });

/**
 * The season booking a renewal lock points at (`season:<bookingId>`, one of the customer's own
 * orders); null for a lock that names no booking (the card still cannot be deleted).
 */
async function renewalOf(db: Queryable, customerId: string, lock: string) {
  const bookingId = lock.startsWith('season:') ? lock.slice('season:'.length) : null;
  if (!bookingId) return null;
  const row = await one<{ id: string; data: BookingData }>(
    db,
    `select b.id, b.data from bookings b join orders o on o.id = b.order_id
     where b.id = $1 and b.is_season and o.customer_id = $2`,
    [bookingId, customerId],
  );
  if (!row?.data.season) return null;
  return {
    bookingId: row.id,
    kind: row.data.season.kind,
    from: row.data.outward.origin.name,
    to: row.data.outward.destination.name,
    renewsOn: ukDay(row.data.season.validUntil),
  };
}

/** A card is valid to the end of its expiry month. */
export function isCardExpired(card: { expiry_month: number; expiry_year: number }, now: Date): boolean {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  return card.expiry_year < year || (card.expiry_year === year && card.expiry_month < month);
}

const DeleteBody = v.object({ id: v.pipe(v.string(), v.maxLength(100)) });

export function cardsApi(): Hono<AppEnv> {
  const api = new Hono<AppEnv>();

  api.get('/customer/cards', async (c) => {
    const customer = requireCustomer(c);
    const { db, clock } = c.get('deps');
    const now = clock.now();
    const rows = await many<CardRow>(db, 'select * from saved_cards where customer_id = $1 order by created_at, id', [customer.id]);
    return c.json({
      cards: rows.map((row) => ({
        id: row.id,
        brand: row.brand,
        lastFourDigits: row.last_four_digits,
        expiryMonth: row.expiry_month,
        expiryYear: row.expiry_year,
        cardholderName: row.cardholder_name,
        isExpired: isCardExpired(row, now),
      })),
    });
  });

  api.post('/customer/delete-card', async (c) => {
    const customer = requireCustomer(c);
    const { id } = await readBody(c, DeleteBody);
    const { db } = c.get('deps');
    const card = await one<CardRow>(db, 'select * from saved_cards where id = $1 and customer_id = $2', [id, customer.id]);
    if (!card) throw new ApiError(404, 'CARD_NOT_FOUND');
    if (card.renewal_lock) {
      // Name the renewal that uses the card and what to do (`detail`, shown as it is); `renewal`
      // (local-server extra) lets the screen link to that season ticket.
      const renewal = await renewalOf(db, customer.id, card.renewal_lock);
      const what = renewal
        ? `the automatic renewal of your ${renewal.kind} season ticket from ${renewal.from} to ${renewal.to}, which renews on ${renewal.renewsOn}`
        : "a season ticket's automatic renewal";
      const detail = `This card pays for ${what}. To delete it, first turn off automatic renewal for that season ticket or pay for it with another card, then delete this card.`;
      return c.json({ errors: [{ code: 'CARD_IN_USE' }], detail, ...(renewal ? { renewal: { bookingId: renewal.bookingId } } : {}) }, 409);
    }
    await db.query('delete from saved_cards where id = $1 and customer_id = $2', [id, customer.id]);
    return c.json({ success: true });
  });

  return api;
}
