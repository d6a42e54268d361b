import { one, type Db, type Queryable } from '../db.ts';
import { issueEmailedLink } from '../lib/emailed-links.ts';
import type { OutboxEmail } from '../lib/outbox.ts';
import { sha256Hex } from '../lib/tokens.ts';
import type { AccountRow } from './accounts.ts';

/**
 * Emailed sign-in links (docs/decisions/400-login-slowdown-and-sign-in-links.md): sent only to an
 * account whose email is proved, kept as the token's hash, spent once.
 */

/** A sign-in link works for 15 minutes (decision 400). */
export const SIGN_IN_LINK_TTL_MS = 15 * 60 * 1000;

/** The id of the account with this email when its email is proved (an unverified address may not be its owner's), or null. */
export const verifiedAccountIdByEmail = (db: Queryable, email: string) =>
  one<{ id: string }>(db, 'select id from customers where email = $1 and email_verified_at is not null', [email]);

/**
 * Records a sign-in link for the account and writes its email in the same transaction
 * (docs/decisions/720-outbox-row-in-the-same-transaction.md): the link exists exactly when its
 * email does. Hand the answer to `deliverEmails` once this has returned.
 */
export const issueSignInLink = (db: Db, customerId: string, token: string, now: Date, mail: OutboxEmail) =>
  issueEmailedLink(db, 'sign_in_link_tokens', { customerId, token, now, ttlMs: SIGN_IN_LINK_TTL_MS, mail });

/**
 * Spends the link once (an atomic update: of many uses racing, one gets the account) and answers
 * the account it signs in to, or null for an unknown, used or expired link, or an account whose
 * email is no longer proved.
 */
export async function spendSignInLink(db: Queryable, token: string, now: Date): Promise<AccountRow | null> {
  if (token === '') return null;
  return one<AccountRow>(
    db,
    `with spent as (
       update sign_in_link_tokens set used_at = $1
       where token_hash = $2 and used_at is null and expires_at > $1
       returning customer_id
     )
     select c.id, c.email, c.first_name, c.last_name, c.provider
     from spent join customers c on c.id = spent.customer_id
     where c.email_verified_at is not null`,
    [now, sha256Hex(token)],
  );
}
