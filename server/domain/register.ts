import { isUniqueViolation, type Db } from '../db.ts';
import { queueEmail, type OutboxEmail, type QueuedEmail } from '../lib/outbox.ts';
import { createPasswordAccount } from './accounts.ts';
import { recordEmailChange } from './change-email.ts';

/**
 * Registration by confirmation (docs/decisions/303-registration-by-confirmation.md): the account,
 * its confirmation link (a change-of-email request to the address the account already has) and the
 * email that carries the link are written in one transaction (decision 720), so the email exists
 * exactly when the account does. Answers the queued email, or null when the address already has an
 * account (nothing is written then).
 */
export async function registerAccount(
  db: Db,
  account: { id: string; email: string; passwordHash: string; firstName: string; lastName: string },
  confirmation: { token: string; browserHash: string },
  now: Date,
  mail: OutboxEmail,
): Promise<QueuedEmail | null> {
  try {
    return await db.transaction(async (tx) => {
      await createPasswordAccount(tx, account, now);
      await recordEmailChange(
        tx,
        {
          token: confirmation.token,
          customerId: account.id,
          newEmail: account.email,
          browserHash: confirmation.browserHash,
        },
        now,
      );
      return queueEmail(tx, now, mail);
    });
  } catch (err) {
    if (isUniqueViolation(err)) return null;
    throw err;
  }
}
