import { many, one, type Db, type Queryable } from '../db.ts';
import { createCatalogueText, SOURCE_LOCALE, type CatalogueText } from '../lib/catalogue.ts';
import { ApiError } from '../lib/errors.ts';

/**
 * Contact preferences (docs/decisions/070-contact-preferences.md): the marketing consent categories
 * in the customer's language, each customer's choices, and a revoke that turns every consent off
 * while keeping the choices before it, so restore brings them back.
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

/** Whether `id` names one of the consent categories. */
export const isConsentId = (id: string): boolean => categoryIds.has(id);

/** docs/product/validation.md: every value coerced to boolean. true, 1 and "true"/"1"/"on"/"yes" are true; anything else false. */
export function coerceBoolean(value: unknown): boolean {
  if (value === true || value === 1) return true;
  if (typeof value === 'string') return ['true', '1', 'on', 'yes'].includes(value.trim().toLowerCase());
  return false;
}

type ConsentRow = { consent_id: string; selected: boolean; has_ever_been_updated: boolean };
type Previous = Record<string, { selected: boolean; hasEverBeenUpdated: boolean } | null>;

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

/** Saves the customer's choices; a choice of the customer's own replaces whatever a revoke remembered. */
export async function saveConsents(
  db: Db,
  customerId: string,
  selections: Readonly<Record<string, unknown>>,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    for (const [id, value] of Object.entries(selections)) {
      await upsertConsent(tx, customerId, id, coerceBoolean(value), true, now);
    }
    await tx.query('delete from consent_revocations where customer_id = $1', [customerId]);
  });
}

/**
 * Turns every marketing consent off, remembering the choices before it. Revoking again keeps the
 * first snapshot, so restore still brings back the customer's own choices.
 */
export async function revokeConsents(db: Db, customerId: string, now: Date): Promise<void> {
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
    for (const id of CONSENT_IDS) await upsertConsent(tx, customerId, id, false, true, now);
  });
}

/** Brings back the choices a revoke remembered; 409 NOTHING_TO_RESTORE when there was no revoke. */
export async function restoreConsents(db: Db, customerId: string, now: Date): Promise<void> {
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
      else await tx.query('delete from customer_consents where customer_id = $1 and consent_id = $2', [customerId, id]);
    }
    await tx.query('delete from consent_revocations where customer_id = $1', [customerId]);
  });
}
