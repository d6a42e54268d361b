import { Hono } from 'hono';
import * as v from 'valibot';
import { many, one } from '../db.ts';
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
    if (card.renewal_lock) throw new ApiError(409, 'CARD_IN_USE');
    await db.query('delete from saved_cards where id = $1 and customer_id = $2', [id, customer.id]);
    return c.json({ success: true });
  });

  return api;
}
