import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { passengerLimits } from '#src/schemas/passengers.ts';
import { many, one, type Db, type Queryable } from '../db.ts';
import { ApiError } from '../lib/errors.ts';
import { renameAccount } from './accounts.ts';
import type { SessionCustomer } from './identity.ts';

/**
 * The customer's saved passengers (docs/product/entities.md): always the account holder first (made
 * from the account's name when missing, never deleted), at most `savedPassengersMax` in all
 * (docs/decisions/569-fifty-saved-passengers-per-account.md). Every read and write is scoped to its
 * customer, so another customer's passenger is never found.
 */

export type PassengerRow = {
  id: string;
  customer_id: string;
  first_name: string;
  last_name: string;
  nick_name: string | null;
  email: string | null;
  dob: string | null;
  is_account_holder: boolean;
};

/** A held railcard as the passengers list shows it. */
export type PassengerRailcardRow = {
  id: string;
  passenger_id: string;
  railcard_type_id: string;
  name: string;
  expiry: string;
  is_digital: boolean;
};

/** A passenger's stored fields; `dob` is an ISO date or null. */
export type PassengerFields = {
  firstName: string;
  lastName: string;
  nickName: string | null;
  email: string | null;
  dob: string | null;
};

const PASSENGER_COLUMNS = `id, customer_id, first_name, last_name, nick_name, email,
  to_char(date_of_birth, 'YYYY-MM-DD') as dob, is_account_holder`;

/** Personal-details name rule (1-30; Latin letters, marks, space . ' ’ -): the account's names must pass it. */
const accountName = v.pipe(v.string(), v.minLength(1), v.maxLength(30), v.regex(/^[\p{Script=Latin}\p{M} .'’-]+$/u));

export function passengerJson(row: PassengerRow) {
  const [year, month, day] = row.dob ? row.dob.split('-') : [null, null, null];
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    nickName: row.nick_name,
    emailAddress: row.email,
    day: day ?? null,
    month: month ?? null,
    year: year ?? null,
    isAccountHolder: row.is_account_holder,
  };
}

/** The customer's account-holder passenger, created from the customer's name when missing. */
export async function ensureAccountHolder(
  db: Queryable,
  customer: Pick<SessionCustomer, 'id' | 'firstName' | 'lastName'>,
) {
  await db.query(
    `insert into saved_passengers (id, customer_id, first_name, last_name, is_account_holder)
     select $1, $2, first_name, last_name, true from customers where id = $2
     on conflict (customer_id) where is_account_holder do nothing`,
    [randomUUID(), customer.id],
  );
}

/** A passenger of this customer, or 404 (someone else's passenger gets the same answer). */
export async function ownPassenger(db: Queryable, customerId: string, id: string): Promise<PassengerRow> {
  const row = await one<PassengerRow>(
    db,
    `select ${PASSENGER_COLUMNS} from saved_passengers where id = $1 and customer_id = $2`,
    [id, customerId],
  );
  if (!row) throw new ApiError(404, 'PASSENGER_NOT_FOUND');
  return row;
}

/** The customer's passengers (the account holder first) and the railcards they hold (latest expiry first). */
export async function passengersWithRailcards(db: Queryable, customerId: string) {
  const passengers = await many<PassengerRow>(
    db,
    `select ${PASSENGER_COLUMNS} from saved_passengers where customer_id = $1
     order by is_account_holder desc, created_at, last_name, first_name`,
    [customerId],
  );
  const railcards = await many<PassengerRailcardRow>(
    db,
    `select r.id, r.passenger_id, r.railcard_type_id, t.name, to_char(r.expiry_date, 'YYYY-MM-DD') as expiry, r.is_digital
     from passenger_railcards r
     join saved_passengers p on p.id = r.passenger_id
     join railcard_types t on t.id = r.railcard_type_id
     where p.customer_id = $1 order by r.expiry_date desc`,
    [customerId],
  );
  return { passengers, railcards };
}

/**
 * Adds a passenger, or answers null when the account already has `savedPassengersMax` (the account
 * holder included, decision 569): counted and inserted in one statement, which the embedded
 * database runs alone, so two adds at once cannot both take the last place.
 */
export const addPassenger = (db: Db, customerId: string, fields: PassengerFields) =>
  // The account's row is locked first, so adds racing for the last places are counted one after
  // another: without it, PostgreSQL lets two of them both count 49 and both insert.
  db.transaction(async (tx) => {
    await tx.query('select id from customers where id = $1 for update', [customerId]);
    return addPassengerWithinLimit(tx, customerId, fields);
  });

const addPassengerWithinLimit = (db: Queryable, customerId: string, fields: PassengerFields) =>
  one<PassengerRow>(
    db,
    `insert into saved_passengers (id, customer_id, first_name, last_name, nick_name, email, date_of_birth)
     select $1, $2, $3, $4, $5, $6, $7::date
     where (select count(*) from saved_passengers where customer_id = $2) < $8::int
     returning ${PASSENGER_COLUMNS}`,
    [
      randomUUID(),
      customerId,
      fields.firstName,
      fields.lastName,
      fields.nickName,
      fields.email,
      fields.dob,
      passengerLimits.savedPassengersMax,
    ],
  );

/**
 * Saves a passenger's fields and, for the account holder when asked, the account's name too. The
 * passenger save stands even when the account's name cannot take the new one: `accountUpdateFailed`
 * says so.
 */
export async function editPassenger(
  db: Db,
  customerId: string,
  existing: PassengerRow,
  fields: PassengerFields,
  shouldUpdateAccount: boolean,
): Promise<{ passenger: PassengerRow; accountUpdateFailed: boolean }> {
  let accountUpdateFailed = false;
  const passenger = await db.transaction(async (tx) => {
    const saved = await one<PassengerRow>(
      tx,
      `update saved_passengers set first_name = $1, last_name = $2, nick_name = $3, email = $4,
         date_of_birth = $5, updated_at = now()
       where id = $6 and customer_id = $7 returning ${PASSENGER_COLUMNS}`,
      [fields.firstName, fields.lastName, fields.nickName, fields.email, fields.dob, existing.id, customerId],
    );
    if (existing.is_account_holder && shouldUpdateAccount) {
      await tx.exec('savepoint account_update');
      try {
        if (!v.is(accountName, fields.firstName) || !v.is(accountName, fields.lastName))
          throw new Error('name not valid for the account');
        await renameAccount(tx, customerId, fields.firstName, fields.lastName);
        await tx.exec('release savepoint account_update');
      } catch {
        await tx.exec('rollback to savepoint account_update');
        accountUpdateFailed = true;
      }
    }
    return saved!;
  });
  return { passenger, accountUpdateFailed };
}

/** Deletes one of the customer's passengers; 403 for the account holder, 404 for one not theirs. */
export async function deletePassenger(db: Queryable, customerId: string, id: string): Promise<void> {
  const existing = await ownPassenger(db, customerId, id);
  if (existing.is_account_holder) throw new ApiError(403, 'ACCOUNT_HOLDER_CANNOT_BE_DELETED');
  await db.query('delete from saved_passengers where id = $1 and customer_id = $2', [id, customerId]);
}
