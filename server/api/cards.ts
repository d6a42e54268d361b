import { Hono } from 'hono';
import * as v from 'valibot';
import { deleteSavedCard, findSavedCard, isCardExpired, listSavedCards } from '../domain/saved-cards.ts';
import { enabledRenewalPaidBy } from '../domain/season-renewals.ts';
import { requireCustomer } from '../lib/access.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { readBody } from '../lib/body.ts';
import { ApiError } from '../lib/errors.ts';
import { can } from '../lib/policy.ts';

/**
 * Saved payment cards (docs/product/api.md): GET /customer/cards, POST /customer/delete-card {id}.
 * Only brand, last four digits, expiry and cardholder name are stored or sent, never a number.
 * A card that pays a season ticket's enabled automatic renewal cannot be deleted: 409 CARD_IN_USE
 * (the seeded demo Mastercard; decisions 060 and 440). Turning that renewal off
 * (POST /customer/season-renewals/{bookingId}) lets it go; a turned-off renewal forgets the card.
 */
const ukDay = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/London',
  });

const DeleteBody = v.object({ id: v.pipe(v.string(), v.maxLength(100)) });

export function cardsApi(): Hono<AppEnv> {
  const api = new Hono<AppEnv>();

  api.get('/customer/cards', can('account.view'), async (c) => {
    const customer = requireCustomer(c);
    const { db, clock } = c.get('deps');
    const now = clock.now();
    const rows = await listSavedCards(db, customer.id);
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
    const card = await findSavedCard(db, customer.id, id);
    if (!card) throw new ApiError(404, 'CARD_NOT_FOUND');
    const renewal = await enabledRenewalPaidBy(db, customer.id, card.id, clock.now());
    if (renewal) {
      // Name the renewal that uses the card and what to do (`detail`, shown as it is); `renewal`
      // (local-server extra) lets the screen link to that season ticket.
      const what = `the automatic renewal of your ${renewal.seasonKind} season ticket from ${renewal.origin} to ${renewal.destination}, which renews on ${ukDay(renewal.validUntil)}`;
      const detail = `This card pays for ${what}. To delete it, first turn off automatic renewal for that season ticket or pay for it with another card, then delete this card.`;
      return c.json({ errors: [{ code: 'CARD_IN_USE' }], detail, renewal: { bookingId: renewal.bookingId } }, 409);
    }
    await deleteSavedCard(db, customer.id, id);
    return c.json({ success: true });
  });

  return api;
}
