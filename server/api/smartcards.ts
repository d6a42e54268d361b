import { Hono } from 'hono';
import { customerSmartcards, type SmartcardRow } from '../domain/smartcards.ts';
import { requireCustomer } from '../lib/access.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { can } from '../lib/policy.ts';

/**
 * The customer's ITSO smartcards. The spec names no call: GET /customer/smartcards is ours
 * (decision 060). A card past its expiry date reads EXPIRED whatever its stored status; products
 * awaiting collection are the ones not yet loaded onto the card whose collect-by day has not passed.
 */
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The status shown: a card past its expiry day is EXPIRED whatever was stored. */
export const effectiveStatus = (
  status: SmartcardRow['status'],
  expiryDate: string,
  today: string,
): SmartcardRow['status'] => (status !== 'LOST_STOLEN' && expiryDate < today ? 'EXPIRED' : status);

export function smartcardsApi(): Hono<AppEnv> {
  const api = new Hono<AppEnv>();

  api.get('/customer/smartcards', can('account.view'), async (c) => {
    const customer = requireCustomer(c);
    const { db, clock } = c.get('deps');
    const today = isoDay(clock.now());
    const { cards, products } = await customerSmartcards(db, customer.id, today);
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
