import { one, type Db, type Queryable } from '../db.ts';
import { ApiError } from '../lib/errors.ts';
import { deleteCustomerSessions } from '../lib/sessions.ts';
import type { Provider } from './identity.ts';

/**
 * The customer's account as the sign-in and password calls see it (docs/decisions/002-auth-api.md):
 * found by its email, its password hash read and replaced, and the sign-in behind the current
 * session as the proof an account without a password gives instead.
 */

/** The account a sign-in answers with (the user response's fields). */
export type AccountRow = {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  provider: Provider;
};

/**
 * Setting a first password (an account created through an OpenID provider has none, decision 360)
 * or closing an account without one needs a sign-in this recent: with no current password to ask
 * for, a recent sign-in is the proof that the person at the screen is the account's owner and not
 * someone at a left-open session.
 */
export const SET_PASSWORD_RECENT_SIGN_IN_MS = 10 * 60 * 1000;

/** The account with this email and its password hash (null for an account with none), or null. */
export const accountForSignIn = (db: Queryable, email: string) =>
  one<AccountRow & { password_hash: string | null }>(
    db,
    'select id, email, password_hash, first_name, last_name, provider from customers where email = $1',
    [email],
  );

/** The id of the account with this email, or null. */
export const accountIdByEmail = (db: Queryable, email: string) =>
  one<{ id: string }>(db, 'select id from customers where email = $1', [email]);

/** Whether another account than `customerId` has this email. */
export const emailTakenByAnother = async (db: Queryable, email: string, customerId: string): Promise<boolean> =>
  (await one<{ id: string }>(db, 'select id from customers where email = $1 and id <> $2', [email, customerId])) !==
  null;

/** The account's password hash (null when it has none) and email, or null when there is no such account. */
export const accountCredentials = (db: Queryable, customerId: string) =>
  one<{ password_hash: string | null; email: string }>(db, 'select password_hash, email from customers where id = $1', [
    customerId,
  ]);

/**
 * The account's password hash with the time of the sign-in behind `sessionId`: null when that
 * session is not the account's (any more).
 */
export const passwordAndSignIn = (db: Queryable, customerId: string, sessionId: string) =>
  one<{ password_hash: string | null; signed_in_at: Date }>(
    db,
    'select c.password_hash, s.created_at as signed_in_at from customers c join sessions s on s.customer_id = c.id where c.id = $1 and s.id = $2',
    [customerId, sessionId],
  );

/** Creates an account registered with a password; its email is not proved yet. */
export async function createPasswordAccount(
  db: Queryable,
  account: { id: string; email: string; passwordHash: string; firstName: string; lastName: string },
  now: Date,
): Promise<void> {
  await db.query(
    `insert into customers (id, email, password_hash, first_name, last_name, provider, created_at)
     values ($1, $2, $3, $4, $5, 'internal', $6)`,
    [account.id, account.email, account.passwordHash, account.firstName, account.lastName, now],
  );
}

/** Replaces the account's password. */
export async function replacePassword(db: Queryable, customerId: string, passwordHash: string): Promise<void> {
  await db.query('update customers set password_hash = $1 where id = $2', [passwordHash, customerId]);
}

/** Replaces the account's password; every session ends but the one that changed it. */
export async function changePassword(
  db: Db,
  customer: { id: string; sessionId: string },
  passwordHash: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    await replacePassword(tx, customer.id, passwordHash);
    await deleteCustomerSessions(tx, customer.id, customer.sessionId);
  });
}

/**
 * Gives an account without a password its first one; every session ends but the one that set it.
 * Only while it still has none: two tabs cannot both set it (409 PASSWORD_ALREADY_SET).
 */
export async function setFirstPassword(
  db: Db,
  customer: { id: string; sessionId: string },
  passwordHash: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const set = await tx.query('update customers set password_hash = $1 where id = $2 and password_hash is null', [
      passwordHash,
      customer.id,
    ]);
    if ((set.affectedRows ?? 0) === 0)
      throw new ApiError(409, 'PASSWORD_ALREADY_SET', 'This account already has a password.');
    await deleteCustomerSessions(tx, customer.id, customer.sessionId);
  });
}

/** Renames the account (not its passengers). */
export async function renameAccount(db: Queryable, customerId: string, firstName: string, lastName: string) {
  await db.query('update customers set first_name = $1, last_name = $2 where id = $3', [
    firstName,
    lastName,
    customerId,
  ]);
}
