import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import * as v from 'valibot';
import { many, one, type Queryable } from '../db.ts';
import type { SessionCustomer } from '../domain/identity.ts';
import { requireCustomer } from '../lib/access.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { readBody } from '../lib/body.ts';
import { ApiError } from '../lib/errors.ts';
import {
  PASSENGER_LIMIT_REACHED,
  passengerErrors,
  passengerLimits,
  passengerMessages,
  toIsoDate,
  type PassengerValues,
} from '#src/schemas/passengers.ts';
import { readCleanBody, type TextRules } from '../lib/text-rules.ts';
import { railcardStatus, utcToday } from '../domain/railcard-catalogue.ts';
import { gateFeature } from '../lib/feature-gate.ts';
import { can } from '../lib/policy.ts';

/**
 * Saved passengers (docs/product/entities.md to errors.md): list with railcards, add, get, edit (optionally syncing the
 * account holder's name to the customer), delete (never the account holder).
 * Routes: GET /customer/passengers-and-railcards, POST /customer/passengers-and-railcards/add-passenger,
 * GET /passengers/saved-passenger/:id, POST /passengers/edit-passenger/:id, DELETE /passengers/delete-passenger.
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

/** The names kept for a passenger: the server's text rule (server/lib/text-rules.ts), with the form's messages. */
const PASSENGER_TEXT: TextRules = {
  firstName: { kind: 'name', message: passengerMessages.nameInvalid },
  lastName: { kind: 'name', message: passengerMessages.nameInvalid },
  nickName: { kind: 'text', message: passengerMessages.nickNameInvalid },
};

/** The body of add-passenger and edit-passenger, with the same rules as the form (docs/product/validation.md). */
const passengerBody = (today: string, isAccountHolder: boolean) =>
  v.pipe(
    v.object({
      firstName: v.pipe(v.string(), v.maxLength(200)),
      lastName: v.pipe(v.string(), v.maxLength(200)),
      nickName: v.nullish(v.pipe(v.string(), v.maxLength(200)), null),
      emailAddress: v.nullish(v.pipe(v.string(), v.maxLength(400)), null),
      day: v.pipe(v.string(), v.maxLength(2)),
      month: v.pipe(v.string(), v.maxLength(2)),
      year: v.pipe(v.string(), v.maxLength(4)),
      shouldUpdateAccount: v.optional(v.boolean(), false),
    }),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const b = dataset.value;
      const values: PassengerValues = { ...b, nickName: b.nickName ?? '', emailAddress: b.emailAddress ?? '' };
      for (const [field, message] of Object.entries(passengerErrors(values, { today, isAccountHolder }))) {
        addIssue({ message: `${field}: ${message}` });
      }
    }),
  );

const DeleteBody = v.object({ id: v.pipe(v.string(), v.maxLength(100)) });

const clean = (s: string | null) => (s === null || s.trim() === '' ? null : s.trim());
const dobOf = (b: { day: string; month: string; year: string }) =>
  toIsoDate(Number(b.year), Number(b.month), Number(b.day));

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
async function ownPassenger(db: Queryable, customerId: string, id: string): Promise<PassengerRow> {
  const row = await one<PassengerRow>(
    db,
    `select ${PASSENGER_COLUMNS} from saved_passengers where id = $1 and customer_id = $2`,
    [id, customerId],
  );
  if (!row) throw new ApiError(404, 'PASSENGER_NOT_FOUND');
  return row;
}

export function passengersApi(): Hono<AppEnv> {
  const api = new Hono<AppEnv>();
  // Behind the passengers-and-railcards flag, like its screens.
  gateFeature(api, 'passengers-and-railcards', ['/customer/passengers-and-railcards', '/passengers']);

  api.get('/customer/passengers-and-railcards', can('account.view'), async (c) => {
    const { db, clock } = c.get('deps');
    const customer = requireCustomer(c);
    await ensureAccountHolder(db, customer);
    const passengers = await many<PassengerRow>(
      db,
      `select ${PASSENGER_COLUMNS} from saved_passengers where customer_id = $1
       order by is_account_holder desc, created_at, last_name, first_name`,
      [customer.id],
    );
    const cards = await many<{
      id: string;
      passenger_id: string;
      railcard_type_id: string;
      name: string;
      expiry: string;
      is_digital: boolean;
    }>(
      db,
      `select r.id, r.passenger_id, r.railcard_type_id, t.name, to_char(r.expiry_date, 'YYYY-MM-DD') as expiry, r.is_digital
       from passenger_railcards r
       join saved_passengers p on p.id = r.passenger_id
       join railcard_types t on t.id = r.railcard_type_id
       where p.customer_id = $1 order by r.expiry_date desc`,
      [customer.id],
    );
    const today = utcToday(clock.now());
    return c.json({
      passengers: passengers.map((p) => ({
        ...passengerJson(p),
        railcards: cards
          .filter((r) => r.passenger_id === p.id)
          .map((r) => ({
            id: r.id,
            railcardId: r.railcard_type_id,
            name: r.name,
            expiryDate: r.expiry,
            status: railcardStatus(r.expiry, today),
            isDigital: r.is_digital,
          })),
      })),
    });
  });

  api.post('/customer/passengers-and-railcards/add-passenger', can('account.edit'), async (c) => {
    const { db, clock } = c.get('deps');
    const customer = requireCustomer(c);
    const body = await readCleanBody(c, passengerBody(utcToday(clock.now()), false), PASSENGER_TEXT);
    // At most savedPassengersMax per account, the account holder included (decision 569): counted and
    // inserted in one statement, which the embedded database runs alone, so two adds at once cannot
    // both take the last place.
    const row = await one<PassengerRow>(
      db,
      `insert into saved_passengers (id, customer_id, first_name, last_name, nick_name, email, date_of_birth)
       select $1, $2, $3, $4, $5, $6, $7::date
       where (select count(*) from saved_passengers where customer_id = $2) < $8::int
       returning ${PASSENGER_COLUMNS}`,
      [
        randomUUID(),
        customer.id,
        body.firstName.trim(),
        body.lastName.trim(),
        clean(body.nickName),
        clean(body.emailAddress),
        dobOf(body),
        passengerLimits.savedPassengersMax,
      ],
    );
    if (!row) throw new ApiError(422, PASSENGER_LIMIT_REACHED);
    return c.json({ passenger: passengerJson(row), accountUpdateFailed: false }, 201);
  });

  api.get('/passengers/saved-passenger/:id', can('account.view'), async (c) => {
    const { db } = c.get('deps');
    const customer = requireCustomer(c);
    await ensureAccountHolder(db, customer);
    return c.json(passengerJson(await ownPassenger(db, customer.id, c.req.param('id'))));
  });

  api.post('/passengers/edit-passenger/:id', can('account.edit'), async (c) => {
    const { db, clock } = c.get('deps');
    const customer = requireCustomer(c);
    const existing = await ownPassenger(db, customer.id, c.req.param('id'));
    const body = await readCleanBody(
      c,
      passengerBody(utcToday(clock.now()), existing.is_account_holder),
      PASSENGER_TEXT,
    );
    const firstName = body.firstName.trim();
    const lastName = body.lastName.trim();
    let accountUpdateFailed = false;
    const row = await db.transaction(async (tx) => {
      const saved = await one<PassengerRow>(
        tx,
        `update saved_passengers set first_name = $1, last_name = $2, nick_name = $3, email = $4,
           date_of_birth = $5, updated_at = now()
         where id = $6 and customer_id = $7 returning ${PASSENGER_COLUMNS}`,
        [
          firstName,
          lastName,
          clean(body.nickName),
          // The account holder's email is the account's: the form has no email field for them.
          existing.is_account_holder ? existing.email : clean(body.emailAddress),
          dobOf(body),
          existing.id,
          customer.id,
        ],
      );
      if (existing.is_account_holder && body.shouldUpdateAccount) {
        // The passenger save stands even when the account's name cannot take the new one.
        await tx.exec('savepoint account_update');
        try {
          if (!v.is(accountName, firstName) || !v.is(accountName, lastName))
            throw new Error('name not valid for the account');
          await tx.query('update customers set first_name = $1, last_name = $2 where id = $3', [
            firstName,
            lastName,
            customer.id,
          ]);
          await tx.exec('release savepoint account_update');
        } catch {
          await tx.exec('rollback to savepoint account_update');
          accountUpdateFailed = true;
        }
      }
      return saved!;
    });
    return c.json({ passenger: passengerJson(row), accountUpdateFailed });
  });

  api.delete('/passengers/delete-passenger', can('account.edit'), async (c) => {
    const { db } = c.get('deps');
    const customer = requireCustomer(c);
    const { id } = await readBody(c, DeleteBody);
    const existing = await ownPassenger(db, customer.id, id);
    if (existing.is_account_holder) throw new ApiError(403, 'ACCOUNT_HOLDER_CANNOT_BE_DELETED');
    await db.query('delete from saved_passengers where id = $1 and customer_id = $2', [id, customer.id]);
    return c.json({ success: true });
  });

  return api;
}
