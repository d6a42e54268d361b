import { Hono } from 'hono';
import { many } from '../db.ts';
import { requireCustomer } from '../lib/access.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { can } from '../lib/policy.ts';

/**
 * The customer's ITSO smartcards. The spec names no call: GET /customer/smartcards is ours
 * (decision 060). A card past its expiry date reads EXPIRED whatever its stored status; products
 * awaiting collection are the ones not yet loaded onto the card whose collect-by day has not passed.
 */
type SmartcardRow = {
  id: string;
  number_last_four: string;
  operator: string;
  status: 'ACTIVE' | 'INACTIVE' | 'LOST_STOLEN' | 'EXPIRED';
  expiry_date: string;
};
type ProductRow = {
  id: string;
  smartcard_id: string;
  product_name: string;
  route: string;
  origin: string | null;
  destination: string | null;
  valid_from: string;
  collect_by: string;
};

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The status shown: a card past its expiry day is EXPIRED whatever was stored. */
export const effectiveStatus = (status: SmartcardRow['status'], expiryDate: string, today: string): SmartcardRow['status'] =>
  status !== 'LOST_STOLEN' && expiryDate < today ? 'EXPIRED' : status;

export function smartcardsApi(): Hono<AppEnv> {
  const api = new Hono<AppEnv>();

  api.get('/customer/smartcards', can('account.view'), async (c) => {
    const customer = requireCustomer(c);
    const { db, clock } = c.get('deps');
    const today = isoDay(clock.now());
    const cards = await many<SmartcardRow>(
      db,
      `select id, number_last_four, operator, status, to_char(expiry_date, 'YYYY-MM-DD') as expiry_date
       from smartcards where customer_id = $1 order by created_at, id`,
      [customer.id],
    );
    const products = await many<ProductRow>(
      db,
      `select p.id, p.smartcard_id, p.product_name, p.route, p.origin, p.destination,
              to_char(p.valid_from, 'YYYY-MM-DD') as valid_from, to_char(p.collect_by, 'YYYY-MM-DD') as collect_by
       from smartcard_products p join smartcards s on s.id = p.smartcard_id
       where s.customer_id = $1 and p.collected_at is null and p.collect_by >= $2::date
       order by p.valid_from, p.id`,
      [customer.id, today],
    );
    return c.json({
      smartcards: cards.map((card) => ({
        id: card.id,
        numberLastFour: card.number_last_four,
        operator: card.operator,
        status: effectiveStatus(card.status, card.expiry_date, today),
        expiryDate: card.expiry_date,
        productsAwaitingCollection: products
          .filter((p) => p.smartcard_id === card.id)
          .map((p) => ({
            id: p.id,
            productName: p.product_name,
            route: p.route,
            // The stations, so the app words the route in the page's language; a product without them has `route` only.
            ...(p.origin && p.destination ? { origin: p.origin, destination: p.destination } : {}),
            validFrom: p.valid_from,
            collectBy: p.collect_by,
          })),
      })),
    });
  });

  return api;
}
