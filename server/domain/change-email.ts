import { isUniqueViolation, one, type Db, type Queryable } from '../db.ts';
import { DAY_MS, addMs } from '../lib/clock.ts';
import { ApiError } from '../lib/errors.ts';
import { proveMailbox, retirePendingEmailChanges, retireSignInLinks } from '../lib/mailbox-proof.ts';
import { queueEmail, type OutboxEmail, type QueuedEmail } from '../lib/outbox.ts';
import { createSession, deleteCustomerSessions } from '../lib/sessions.ts';
import { sha256Hex } from '../lib/tokens.ts';
import { revokeCalendarFeed } from './calendar-feed.ts';
import { retireResetLinks } from './reset-password.ts';

/**
 * Changes of email waiting for their link (docs/decisions/150-verified-email-and-session-hardening.md,
 * 560): the new address must prove its mailbox before the account's email changes. A registration's
 * confirmation link is one of them, to the address the account already has (decision 303).
 */

/** A change-of-email link is valid for 24 hours, like a reset link (docs/product/constants.md). */
export const EMAIL_CHANGE_TTL_MS = DAY_MS;

/** A change of email waiting for its link; `registration` when it is the account's first proof of its mailbox. */
export type PendingEmailChange = {
  customer_id: string;
  new_email: string;
  browser_hash: string | null;
  registration: boolean;
};

/** Records a change-of-email link; `browserHash` marks the browser that registered, for a registration's link. */
export async function recordEmailChange(
  db: Queryable,
  change: { token: string; customerId: string; newEmail: string; browserHash?: string },
  now: Date,
): Promise<void> {
  await db.query(
    `insert into email_change_requests (token_hash, customer_id, new_email, created_at, expires_at, browser_hash)
     values ($1, $2, $3, $4, $5, $6)`,
    [
      sha256Hex(change.token),
      change.customerId,
      change.newEmail,
      now,
      addMs(now, EMAIL_CHANGE_TTL_MS),
      change.browserHash ?? null,
    ],
  );
}

/**
 * Records a change-of-email link and writes its email in the same transaction
 * (docs/decisions/720-outbox-row-in-the-same-transaction.md): the link exists exactly when its
 * email does. Hand the answer to `deliverEmails` once this has returned.
 */
export function requestEmailChange(
  db: Db,
  change: { token: string; customerId: string; newEmail: string },
  now: Date,
  mail: OutboxEmail,
): Promise<QueuedEmail> {
  return db.transaction(async (tx) => {
    await recordEmailChange(tx, change, now);
    return queueEmail(tx, now, mail);
  });
}

/**
 * The change a usable (unused, unexpired) link asks for, or null. A change to another address asked
 * for by an account whose email was never proved is not usable (decision 560).
 */
export const pendingEmailChange = (db: Queryable, token: string, now: Date) =>
  one<PendingEmailChange>(
    db,
    `select r.customer_id, r.new_email, r.browser_hash, (c.email_verified_at is null) as registration
     from email_change_requests r join customers c on c.id = r.customer_id
     where r.token_hash = $1 and r.used_at is null and r.expires_at > $2
       and (c.email_verified_at is not null or r.new_email = c.email)`,
    [sha256Hex(token), now],
  );

/**
 * Applies the change, in one transaction: the link is spent (400 TOKEN_INVALID when a concurrent
 * confirmation spent it first), the email changes and is verified, and whatever belonged to the old
 * address ends (its links, every session, the calendar feed). A registration's link is the account's
 * first proof of its mailbox: the password ends too unless `passwordShown`. Answers the new session
 * when `keepSignedIn`, else null; 422 EMAIL_ALREADY_EXISTS when another account took the address.
 */
export async function confirmEmailChange(
  db: Db,
  change: PendingEmailChange,
  token: string,
  now: Date,
  opts: { passwordShown: boolean; keepSignedIn: boolean },
): Promise<{ id: string; expiresAt: Date } | null> {
  try {
    return await db.transaction(async (tx) => {
      const used = await tx.query(
        'update email_change_requests set used_at = $1 where token_hash = $2 and used_at is null',
        [now, sha256Hex(token)],
      );
      if ((used.affectedRows ?? 0) === 0) throw new ApiError(400, 'TOKEN_INVALID'); // a concurrent confirm won
      if (change.registration) {
        // The first proof of the mailbox: everything made before it ends (the sessions too, below).
        await proveMailbox(tx, change.customer_id, now, { clearPassword: !opts.passwordShown });
      }
      await retirePendingEmailChanges(tx, change.customer_id, now);
      await tx.query('update customers set email = $1, email_verified_at = $2 where id = $3', [
        change.new_email,
        now,
        change.customer_id,
      ]);
      // Links sent to the old address stop working, and every old session ends with the old email.
      await retireResetLinks(tx, change.customer_id, now);
      await retireSignInLinks(tx, change.customer_id, now);
      await deleteCustomerSessions(tx, change.customer_id);
      // The feed's address was made for the old mailbox's owner: it ends with the old email.
      await revokeCalendarFeed(tx, change.customer_id);
      return opts.keepSignedIn ? createSession(tx, change.customer_id, now) : null;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new ApiError(422, 'EMAIL_ALREADY_EXISTS');
    throw err;
  }
}
