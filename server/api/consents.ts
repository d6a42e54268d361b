import type { Context } from 'hono';
import { Hono } from 'hono';
import * as v from 'valibot';
import { isConsentId, readConsents, restoreConsents, revokeConsents, saveConsents } from '../domain/consents.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { readBody } from '../lib/body.ts';
import { emailLocale } from '../lib/email-copy.ts';
import { ApiError } from '../lib/errors.ts';
import { can } from '../lib/policy.ts';

/**
 * Contact preferences (docs/product/entities.md, docs/product/states.md, docs/product/api.md, docs/product/errors.md; docs/decisions/070-contact-preferences.md).
 *
 * GET  /customer/consents          -> { consents: ContactPreference[], revoked }
 * POST /customer/consents          body { consentSelections: { [id]: boolean }, _csrf } -> same as GET
 * POST /customer/consents/revoke   -> { revoked: true }   (every marketing consent off, old choices kept)
 * POST /customer/consents/restore  -> { restored: true }  (old choices back), or 409 NOTHING_TO_RESTORE
 *
 * Caller: a customer-flow user-flow session with scope 'marketing-preference-unsubscribe' (the
 * marketing email link, /contact-preferences-token) or else the signed-in customer; otherwise 401.
 */

const UpdateBody = v.object({
  consentSelections: v.pipe(
    v.record(v.pipe(v.string(), v.maxLength(100)), v.unknown()),
    v.check((map) => Object.keys(map).length > 0, 'consentSelections must name at least one consent'),
  ),
});

/** Whose preferences this call is about: the marketing-link session's customer, else the signed-in one. */
function consentSubject(c: Context<AppEnv>): string {
  const guest = c.get('guest');
  if (guest?.flow === 'customer' && guest.customerId && guest.scopes.includes('marketing-preference-unsubscribe')) {
    return guest.customerId;
  }
  const customer = c.get('customer');
  if (customer) return customer.id;
  throw new ApiError(401, 'UNAUTHORISED');
}

export function consentsApi(): Hono<AppEnv> {
  const api = new Hono<AppEnv>();

  api.get('/customer/consents', can('account.preferences'), async (c) => {
    const customerId = consentSubject(c);
    return c.json(await readConsents(c.get('deps').db, customerId, emailLocale(c.req.header('accept-language'))));
  });

  api.post('/customer/consents', can('account.preferences'), async (c) => {
    const customerId = consentSubject(c);
    const { db, clock } = c.get('deps');
    const { consentSelections } = await readBody(c, UpdateBody);
    const unknown = Object.keys(consentSelections).filter((id) => !isConsentId(id));
    if (unknown.length) throw new ApiError(400, 'UNKNOWN_CONSENT', `Unknown consent: ${unknown.join(', ')}`);
    const now = clock.now();
    await saveConsents(db, customerId, consentSelections, now);
    return c.json(await readConsents(db, customerId, emailLocale(c.req.header('accept-language'))));
  });

  api.post('/customer/consents/revoke', can('account.preferences'), async (c) => {
    const customerId = consentSubject(c);
    const { db, clock } = c.get('deps');
    const now = clock.now();
    await revokeConsents(db, customerId, now);
    return c.json({ revoked: true });
  });

  api.post('/customer/consents/restore', can('account.preferences'), async (c) => {
    const customerId = consentSubject(c);
    const { db, clock } = c.get('deps');
    const now = clock.now();
    await restoreConsents(db, customerId, now);
    return c.json({ restored: true });
  });

  return api;
}
