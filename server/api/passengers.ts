import { Hono } from 'hono';
import * as v from 'valibot';
import {
  addPassenger,
  deletePassenger,
  editPassenger,
  ensureAccountHolder,
  ownPassenger,
  passengerJson,
  passengersWithRailcards,
} from '../domain/passengers.ts';
import { requireCustomer } from '../lib/access.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { readBody } from '../lib/body.ts';
import { ApiError } from '../lib/errors.ts';
import {
  PASSENGER_LIMIT_REACHED,
  passengerErrors,
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

export function passengersApi(): Hono<AppEnv> {
  const api = new Hono<AppEnv>();
  // Behind the passengers-and-railcards flag, like its screens.
  gateFeature(api, 'passengers-and-railcards', ['/customer/passengers-and-railcards', '/passengers']);

  api.get('/customer/passengers-and-railcards', can('account.view'), async (c) => {
    const { db, clock } = c.get('deps');
    const customer = requireCustomer(c);
    await ensureAccountHolder(db, customer);
    const { passengers, railcards: cards } = await passengersWithRailcards(db, customer.id);
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
    // At most savedPassengersMax per account, the account holder included (decision 569).
    const row = await addPassenger(db, customer.id, {
      firstName: body.firstName.trim(),
      lastName: body.lastName.trim(),
      nickName: clean(body.nickName),
      email: clean(body.emailAddress),
      dob: dobOf(body),
    });
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
    const { passenger: row, accountUpdateFailed } = await editPassenger(
      db,
      customer.id,
      existing,
      {
        firstName,
        lastName,
        nickName: clean(body.nickName),
        // The account holder's email is the account's: the form has no email field for them.
        email: existing.is_account_holder ? existing.email : clean(body.emailAddress),
        dob: dobOf(body),
      },
      body.shouldUpdateAccount,
    );
    return c.json({ passenger: passengerJson(row), accountUpdateFailed });
  });

  api.delete('/passengers/delete-passenger', can('account.edit'), async (c) => {
    const { db } = c.get('deps');
    const customer = requireCustomer(c);
    const { id } = await readBody(c, DeleteBody);
    await deletePassenger(db, customer.id, id);
    return c.json({ success: true });
  });

  return api;
}
