import { Hono } from 'hono';
import * as v from 'valibot';
import { many, one } from '../db.ts';
import { isCardExpired } from '../domain/saved-cards.ts';
import { requireCustomer } from '../lib/access.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { readBody } from '../lib/body.ts';
import { ApiError } from '../lib/errors.ts';
import { enabledRenewalPaidBy } from './season-renewals.ts';
import { can } from '../lib/policy.ts';

/**
 * Saved payment cards (docs/product/api.md): GET /customer/cards, POST /customer/delete-card {id}.
 * Only brand, last four digits, expiry and cardholder name are stored or sent, never a number.
 * A card that pays a season ticket's enabled automatic renewal cannot be deleted: 409 CARD_IN_USE
 * (the seeded demo Mastercard; decisions 060 and 440). Turning that renewal off
 * (POST /customer/season-renewals/{bookingId}) lets it go; a turned-off renewal forgets the card.
 */
type CardRow = {
  id: string;
  brand: string;
  last_four_digits: string;
  expiry_month: number;
  expiry_year: number;
  cardholder_name: string;
};

const ukDay = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' });

const DeleteBody = v.object({ id: v.pipe(v.string(), v.maxLength(100)) });

export function cardsApi(): Hono<AppEnv> {
  const api = new Hono<AppEnv>();

  api.get('/customer/cards', can('account.view'), async (c) => {
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

  api.post('/customer/delete-card', can('account.edit'), async (c) => {
    const customer = requireCustomer(c);
    const { id } = await readBody(c, DeleteBody);
    const { db, clock } = c.get('deps');
    const card = await one<CardRow>(db, 'select * from saved_cards where id = $1 and customer_id = $2', [id, customer.id]);
    if (!card) throw new ApiError(404, 'CARD_NOT_FOUND');
    const renewal = await enabledRenewalPaidBy(db, customer.id, card.id, clock.now());
    if (renewal) {
      // Name the renewal that uses the card and what to do (`detail`, shown as it is); `renewal`
      // (local-server extra) lets the screen link to that season ticket.
      const what = `the automatic renewal of your ${renewal.seasonKind} season ticket from ${renewal.origin} to ${renewal.destination}, which renews on ${ukDay(renewal.validUntil)}`;
      const detail = `This card pays for ${what}. To delete it, first turn off automatic renewal for that season ticket or pay for it with another card, then delete this card.`;
      return c.json({ errors: [{ code: 'CARD_IN_USE' }], detail, renewal: { bookingId: renewal.bookingId } }, 409);
    }
    // A turned-off renewal that remembered this card forgets it (the foreign key sets it null).
    await db.query('delete from saved_cards where id = $1 and customer_id = $2', [id, customer.id]);
    return c.json({ success: true });
  });

  return api;
}
