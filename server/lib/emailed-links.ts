import type { Db, Queryable } from '../db.ts';
import { addMs } from './clock.ts';
import { queueEmail, type OutboxEmail, type QueuedEmail } from './outbox.ts';
import { sha256Hex } from './tokens.ts';

/**
 * Links emailed to an account's owner (a password reset, a sign-in link, a change of email's
 * confirmation): the token is kept only as its hash, belongs to one account, works until it expires
 * and is used once. One table per kind of link; the kinds differ in how long a link works and in
 * what spending it does, not in how it is issued or retired.
 */
export type EmailedLinkTable = 'password_reset_tokens' | 'sign_in_link_tokens' | 'email_change_requests';

/**
 * Records a link for the account, working for `ttlMs`, and writes its email in the same transaction
 * (docs/decisions/720-outbox-row-in-the-same-transaction.md): the link exists exactly when its
 * email does. Hand the answer to `deliverEmails` once this has returned.
 */
export function issueEmailedLink(
  db: Db,
  table: Exclude<EmailedLinkTable, 'email_change_requests'>,
  link: { customerId: string; token: string; now: Date; ttlMs: number; mail: OutboxEmail },
): Promise<QueuedEmail> {
  return db.transaction(async (tx) => {
    await tx.query(`insert into ${table} (token_hash, customer_id, created_at, expires_at) values ($1, $2, $3, $4)`, [
      sha256Hex(link.token),
      link.customerId,
      link.now,
      addMs(link.now, link.ttlMs),
    ]);
    return queueEmail(tx, link.now, link.mail);
  });
}

/** Every link of this kind the account has not used stops working. */
export async function retireEmailedLinks(
  db: Queryable,
  table: EmailedLinkTable,
  customerId: string,
  now: Date,
): Promise<void> {
  await db.query(`update ${table} set used_at = $1 where customer_id = $2 and used_at is null`, [now, customerId]);
}
