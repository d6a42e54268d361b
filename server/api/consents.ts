import type { Context } from 'hono';
import { Hono } from 'hono';
import * as v from 'valibot';
import { many, one, type Queryable } from '../db.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { readBody } from '../lib/body.ts';
import { createCatalogueText, SOURCE_LOCALE, type CatalogueText } from '../lib/catalogue.ts';
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

export type MissingCategoryDescriptor = { title: string; description: string; optInCopy: string; optOutCopy: string };
export type ConsentCategory = {
  id: string;
  title: string;
  description: string;
  preBody: string;
  missingCategoryDescriptor: MissingCategoryDescriptor;
};
export type ContactPreference = ConsentCategory & { selected: boolean; hasEverBeenUpdated: boolean };

/** The consent categories' ids, in display order. All of them are marketing consents (revoke turns all off). */
export const CONSENT_IDS = ['email-offers', 'text-messages', 'partner-offers', 'personalised-recommendations'] as const;

const catalogueText = createCatalogueText();

/**
 * The categories' copy in the page's locale (the app's API client sends it as Accept-Language; null
 * is en-GB). The words live in the message catalogue beside the screen's own contact-preference
 * messages (keys contact_preferences_consent_<id>_*), so a translator finds them with the rest.
 */
export function consentCategories(locale: string | null, text: CatalogueText = catalogueText): ConsentCategory[] {
  const say = (key: string): string => {
    const found = text(locale, `contact_preferences_consent_${key}`);
    if (found === undefined)
      throw new Error(`contact_preferences_consent_${key} is missing from messages/${SOURCE_LOCALE}.json`);
    return found;
  };
  return CONSENT_IDS.map((id) => {
    const key = id.replaceAll('-', '_');
    return {
      id,
      title: say(`${key}_title`),
      preBody: say(`${key}_prebody`),
      description: say(`${key}_description`),
      missingCategoryDescriptor: {
        title: say(`${key}_prompt_title`),
        description: say(`${key}_prompt_description`),
        optInCopy: say(`${key}_opt_in`),
        optOutCopy: say('opt_out'),
      },
    };
  });
}

/** The categories in en-GB, the source catalogue. */
export const CONSENT_CATEGORIES: readonly ConsentCategory[] = consentCategories(null);

const categoryIds: ReadonlySet<string> = new Set(CONSENT_IDS);

/** docs/product/validation.md: every value coerced to boolean. true, 1 and "true"/"1"/"on"/"yes" are true; anything else false. */
export function coerceBoolean(value: unknown): boolean {
  if (value === true || value === 1) return true;
  if (typeof value === 'string') return ['true', '1', 'on', 'yes'].includes(value.trim().toLowerCase());
  return false;
}

const UpdateBody = v.object({
  consentSelections: v.pipe(
    v.record(v.pipe(v.string(), v.maxLength(100)), v.unknown()),
    v.check((map) => Object.keys(map).length > 0, 'consentSelections must name at least one consent'),
  ),
});

type ConsentRow = { consent_id: string; selected: boolean; has_ever_been_updated: boolean };
type Previous = Record<string, { selected: boolean; hasEverBeenUpdated: boolean } | null>;

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

export async function readConsents(
  db: Queryable,
  customerId: string,
  locale: string | null = null,
): Promise<{ consents: ContactPreference[]; revoked: boolean }> {
  const rows = await many<ConsentRow>(
    db,
    'select consent_id, selected, has_ever_been_updated from customer_consents where customer_id = $1',
    [customerId],
  );
  const byId = new Map(rows.map((r) => [r.consent_id, r]));
  const revoked = await one<{ customer_id: string }>(
    db,
    'select customer_id from consent_revocations where customer_id = $1',
    [customerId],
  );
  return {
    consents: consentCategories(locale).map((category) => {
      const row = byId.get(category.id);
      return { ...category, selected: row?.selected ?? false, hasEverBeenUpdated: row?.has_ever_been_updated ?? false };
    }),
    revoked: revoked !== null,
  };
}

async function upsertConsent(
  db: Queryable,
  customerId: string,
  id: string,
  selected: boolean,
  updated: boolean,
  now: Date,
) {
  await db.query(
    `insert into customer_consents (customer_id, consent_id, selected, has_ever_been_updated, updated_at)
     values ($1, $2, $3, $4, $5)
     on conflict (customer_id, consent_id)
     do update set selected = excluded.selected, has_ever_been_updated = excluded.has_ever_been_updated, updated_at = excluded.updated_at`,
    [customerId, id, selected, updated, now],
  );
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
    const unknown = Object.keys(consentSelections).filter((id) => !categoryIds.has(id));
    if (unknown.length) throw new ApiError(400, 'UNKNOWN_CONSENT', `Unknown consent: ${unknown.join(', ')}`);
    const now = clock.now();
    await db.transaction(async (tx) => {
      for (const [id, value] of Object.entries(consentSelections)) {
        await upsertConsent(tx, customerId, id, coerceBoolean(value), true, now);
      }
      // A choice of the customer's own replaces whatever a revoke remembered.
      await tx.query('delete from consent_revocations where customer_id = $1', [customerId]);
    });
    return c.json(await readConsents(db, customerId, emailLocale(c.req.header('accept-language'))));
  });

  api.post('/customer/consents/revoke', can('account.preferences'), async (c) => {
    const customerId = consentSubject(c);
    const { db, clock } = c.get('deps');
    const now = clock.now();
    await db.transaction(async (tx) => {
      const already = await one(tx, 'select 1 from consent_revocations where customer_id = $1', [customerId]);
      if (!already) {
        const { consents } = await readConsents(tx, customerId);
        const rows = new Set(
          (
            await many<{ consent_id: string }>(tx, 'select consent_id from customer_consents where customer_id = $1', [
              customerId,
            ])
          ).map((r) => r.consent_id),
        );
        const previous: Previous = Object.fromEntries(
          consents.map((p) => [
            p.id,
            rows.has(p.id) ? { selected: p.selected, hasEverBeenUpdated: p.hasEverBeenUpdated } : null,
          ]),
        );
        await tx.query('insert into consent_revocations (customer_id, previous, revoked_at) values ($1, $2, $3)', [
          customerId,
          JSON.stringify(previous),
          now,
        ]);
      }
      // Revoking again keeps the first snapshot, so restore still brings back the customer's own choices.
      for (const id of CONSENT_IDS) await upsertConsent(tx, customerId, id, false, true, now);
    });
    return c.json({ revoked: true });
  });

  api.post('/customer/consents/restore', can('account.preferences'), async (c) => {
    const customerId = consentSubject(c);
    const { db, clock } = c.get('deps');
    const now = clock.now();
    await db.transaction(async (tx) => {
      const revocation = await one<{ previous: Previous }>(
        tx,
        'select previous from consent_revocations where customer_id = $1',
        [customerId],
      );
      if (!revocation) throw new ApiError(409, 'NOTHING_TO_RESTORE');
      for (const id of CONSENT_IDS) {
        const before = revocation.previous[id];
        if (before)
          await upsertConsent(
            tx,
            customerId,
            id,
            coerceBoolean(before.selected),
            coerceBoolean(before.hasEverBeenUpdated),
            now,
          );
        else
          await tx.query('delete from customer_consents where customer_id = $1 and consent_id = $2', [customerId, id]);
      }
      await tx.query('delete from consent_revocations where customer_id = $1', [customerId]);
    });
    return c.json({ restored: true });
  });

  return api;
}
