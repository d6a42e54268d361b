import { Hono } from 'hono';
import * as v from 'valibot';
import { renewableSeasons, setRenewal } from '../domain/season-renewals.ts';
import { requireCustomer } from '../lib/access.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { readBody } from '../lib/body.ts';
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
    const answer = await setRenewal(db, customer.id, bookingId, body, clock.now());
    return c.json(answer);
  });

  return api;
}
