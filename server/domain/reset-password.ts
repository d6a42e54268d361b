import { one, type Db, type Queryable } from '../db.ts';
import { DAY_MS } from '../lib/clock.ts';
import { issueEmailedLink, retireEmailedLinks } from '../lib/emailed-links.ts';
import { ApiError } from '../lib/errors.ts';
import { proveMailbox, retirePendingEmailChanges, retireSignInLinks } from '../lib/mailbox-proof.ts';
import type { OutboxEmail } from '../lib/outbox.ts';
import { deleteCustomerSessions } from '../lib/sessions.ts';
import { sha256Hex } from '../lib/tokens.ts';
import { replacePassword } from './accounts.ts';
import { revokeCalendarFeed } from './calendar-feed.ts';

/**
 * Emailed password-reset links (docs/product/api.md): a token kept as its hash, usable once, for
 * 24 hours, and spent together with every other link of the account when the password is reset.
 */

/** Reset links are valid for 24 hours (docs/product/constants.md). */
export const RESET_TOKEN_TTL_MS = DAY_MS;

/** The customer id of a usable (unused, unexpired) reset token, or null. */
export async function usableResetToken(
  db: Queryable,
  token: string,
  now: Date,
): Promise<{ customer_id: string } | null> {
  if (token === '') return null;
  return one<{ customer_id: string }>(
    db,
    `select customer_id from password_reset_tokens
     where token_hash = $1 and used_at is null and expires_at > $2`,
    [sha256Hex(token), now],
  );
}

/**
 * Records a reset link for the account and writes its email in the same transaction
 * (docs/decisions/720-outbox-row-in-the-same-transaction.md): the link exists exactly when its
 * email does. Hand the answer to `deliverEmails` once this has returned.
 */
export const issueResetLink = (db: Db, customerId: string, token: string, now: Date, mail: OutboxEmail) =>
  issueEmailedLink(db, 'password_reset_tokens', { customerId, token, now, ttlMs: RESET_TOKEN_TTL_MS, mail });

/** Every reset link of the account still unused stops working. */
export const retireResetLinks = (db: Queryable, customerId: string, now: Date) =>
  retireEmailedLinks(db, 'password_reset_tokens', customerId, now);

/**
 * Spends the reset link and gives its account the new password, in one transaction; 400
 * TOKEN_INVALID when the link is unknown, used or expired. Of many requests racing with one link,
 * only the one whose update still finds it unused goes on; the others change nothing.
 */
export async function resetPassword(db: Db, token: string, passwordHash: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const spent = await one<{ customer_id: string }>(
      tx,
      `update password_reset_tokens set used_at = $1
       where token_hash = $2 and used_at is null and expires_at > $1
       returning customer_id`,
      [now, sha256Hex(token)],
    );
    if (!spent) throw new ApiError(400, 'TOKEN_INVALID');
    // The link was read in the account's mailbox: the email is verified from now on (decision 303),
    // and the password is the one chosen here, so whoever set the one before keeps no way in.
    await replacePassword(tx, spent.customer_id, passwordHash);
    await proveMailbox(tx, spent.customer_id, now, { clearPassword: false });
    // A change of email still waiting was asked for with the old password: it ends with it (decision 560).
    await retirePendingEmailChanges(tx, spent.customer_id, now);
    // Every outstanding link of this customer dies with the one used.
    await retireResetLinks(tx, spent.customer_id, now);
    await deleteCustomerSessions(tx, spent.customer_id);
    // And every sign-in link still in the mailbox (decision 400).
    await retireSignInLinks(tx, spent.customer_id, now);
    // Recovering the account also ends what was shared from it: the calendar feed's address.
    await revokeCalendarFeed(tx, spent.customer_id);
  });
}
