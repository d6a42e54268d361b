import { validatePassengerName } from '#src/schemas/passengers.ts';
import { one, type Db, type Queryable } from '../db.ts';
import { ApiError } from '../lib/errors.ts';
import { renameAccount } from './accounts.ts';

/**
 * The customer's profile (docs/decisions/040-customer-profile.md): the account's names and email,
 * renamed with or without the account holder's passenger, and the counts the account overview shows.
 */

export type Profile = { first_name: string; last_name: string; email: string };

/** The account's names and email; 401 when the account is gone. */
export async function customerProfile(db: Queryable, customerId: string): Promise<Profile> {
  const row = await one<Profile>(db, 'select first_name, last_name, email from customers where id = $1', [customerId]);
  if (!row) throw new ApiError(401, 'UNAUTHORISED');
  return row;
}

/**
 * Renames the account and, when asked, its account holder's passenger. The personal details stand
 * even when that passenger cannot take the new name (passenger names follow stricter rules, e.g. at
 * least 2 characters) or there is no such passenger: `updatePassengerFailed` says so.
 */
export async function updatePersonalDetails(
  db: Db,
  customerId: string,
  names: { firstName: string; lastName: string; shouldUpdatePassenger: boolean },
  now: Date,
): Promise<{ profile: Profile; updatePassengerFailed: boolean }> {
  let updatePassengerFailed = false;
  const profile = await db.transaction(async (tx) => {
    await renameAccount(tx, customerId, names.firstName, names.lastName);
    if (names.shouldUpdatePassenger) {
      await tx.exec('savepoint passenger_update');
      try {
        if (validatePassengerName(names.firstName) !== null || validatePassengerName(names.lastName) !== null) {
          throw new Error('name not valid for a passenger');
        }
        const result = await tx.query(
          `update saved_passengers set first_name = $1, last_name = $2, updated_at = $3
           where customer_id = $4 and is_account_holder`,
          [names.firstName, names.lastName, now, customerId],
        );
        if ((result.affectedRows ?? 0) === 0) throw new Error('no account-holder passenger');
        await tx.exec('release savepoint passenger_update');
      } catch {
        await tx.exec('rollback to savepoint passenger_update');
        updatePassengerFailed = true;
      }
    }
    return customerProfile(tx, customerId);
  });
  return { profile, updatePassengerFailed };
}

/**
 * Every booking the customer has made, seasons and past ones included; a changed journey counts
 * once (the replaced order's bookings are not counted again).
 */
export async function lifetimeBookingCount(db: Queryable, customerId: string): Promise<number> {
  const row = await one<{ n: number }>(
    db,
    `select count(*)::int as n from bookings b join orders o on o.id = b.order_id
     where o.customer_id = $1 and o.replacement_order_id is null`,
    [customerId],
  );
  return row?.n ?? 0;
}

/** Tables owned by other areas: counted only when this database has them (null otherwise). */
const COUNTED_TABLES = {
  savedPassengers: 'saved_passengers',
  addresses: 'customer_addresses',
  cards: 'saved_cards',
} as const;

async function countIfPresent(db: Queryable, table: string, customerId: string): Promise<number | null> {
  const exists = await one<{ present: boolean }>(db, 'select to_regclass($1) is not null as present', [
    `public.${table}`,
  ]);
  if (!exists?.present) return null;
  const row = await one<{ n: number }>(db, `select count(*)::int as n from "${table}" where customer_id = $1`, [
    customerId,
  ]);
  return row?.n ?? 0;
}

/** The saved passengers, addresses and cards the account overview counts. */
export async function savedItemCounts(db: Queryable, customerId: string) {
  return {
    savedPassengers: await countIfPresent(db, COUNTED_TABLES.savedPassengers, customerId),
    addresses: await countIfPresent(db, COUNTED_TABLES.addresses, customerId),
    cards: await countIfPresent(db, COUNTED_TABLES.cards, customerId),
  };
}
