import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import * as v from 'valibot';
import { many, one, type Queryable } from '../db.ts';
import { requireCustomer } from '../lib/access.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { readBody } from '../lib/body.ts';
import { emailLocale } from '../lib/email-copy.ts';
import { ApiError } from '../lib/errors.ts';
import { railcardMessages, validateAttribute, validateCardNumber, validateExpiryDate } from '#src/schemas/railcards.ts';
import { cleanFields } from '../lib/text-rules.ts';
import { gateFeature } from '../lib/feature-gate.ts';
import {
  catalogueJson,
  isEligible,
  notEligibleDetail,
  railcardCatalogue,
  railcardStatus,
  railcardTerms,
  railcardWords,
  utcToday,
  type TypeRow,
} from '../domain/railcard-catalogue.ts';
import { can } from '../lib/policy.ts';

// The catalogue the railcard endpoints serve, for the tests that check them against it.
export { RAILCARD_CATALOGUE } from '../domain/railcard-catalogue.ts';

/**
 * Railcards (docs/product/api.md): railcardslist, catalogue entry, a passenger's railcard (GET, PUT
 * details, POST attributes, DELETE), railcard-status and the digital railcard.
 * In /passenger/{passengerId}/railcard/{railcardId} the railcardId is the railcard type (a passenger
 * holds at most one of each type), by id or by code; the digital railcard is addressed by the held
 * card's own id, or by its type when the customer holds one digital card of that type.
 */

type PassengerRef = { id: string; first_name: string; last_name: string; dob: string | null };
type HeldRow = {
  id: string;
  passenger_id: string;
  railcard_type_id: string;
  card_number: string;
  valid_from: string;
  expiry: string;
  is_digital: boolean;
  attributes: Record<string, string>;
};

const HELD_COLUMNS = `id, passenger_id, railcard_type_id, card_number, to_char(valid_from, 'YYYY-MM-DD') as valid_from,
  to_char(expiry_date, 'YYYY-MM-DD') as expiry, is_digital, attributes`;

const passengerName = (p: PassengerRef) => ({ id: p.id, firstName: p.first_name, lastName: p.last_name });
const holders = (p: PassengerRef, held: HeldRow) => [
  `${p.first_name} ${p.last_name}`,
  ...(held.attributes.secondHolderName ? [held.attributes.secondHolderName] : []),
];

function heldJson(t: TypeRow, p: PassengerRef, held: HeldRow, today: string, locale: string | null) {
  return {
    id: held.id,
    railcardId: t.id,
    name: t.name,
    price: { amount: Number(t.price_amount), currencyCode: t.currency },
    scopes: t.scopes,
    termsAndConditions: railcardTerms(t, locale),
    railcardDetails: {
      code: t.code,
      discount: railcardWords(t, locale).discount,
      cardNumber: held.card_number,
      isDigital: held.is_digital,
    },
    cardHolders: holders(p, held),
    expiryDate: held.expiry,
    status: railcardStatus(held.expiry, today),
    attributes: held.attributes,
  };
}

async function ownPassenger(db: Queryable, customerId: string, id: string): Promise<PassengerRef> {
  const p = await one<PassengerRef>(
    db,
    `select id, first_name, last_name, to_char(date_of_birth, 'YYYY-MM-DD') as dob
     from saved_passengers where id = $1 and customer_id = $2`,
    [id, customerId],
  );
  if (!p) throw new ApiError(404, 'PASSENGER_NOT_FOUND');
  return p;
}

/**
 * The railcard type a {railcardId} names: our id ("16-25") or its railcardDetails.code ("YNG"), which
 * a client of the spec's Railcard (no id, decision 232) uses instead. The two never collide.
 */
async function railcardType(db: Queryable, id: string): Promise<TypeRow> {
  const t = (await railcardCatalogue(db)).find((r) => r.id === id || r.code === id);
  if (!t) throw new ApiError(404, 'RAILCARD_NOT_FOUND');
  return t;
}

const heldCard = (db: Queryable, passengerId: string, typeId: string) =>
  one<HeldRow>(
    db,
    `select ${HELD_COLUMNS} from passenger_railcards where passenger_id = $1 and railcard_type_id = $2`,
    [passengerId, typeId],
  );

const RailcardDetails = v.object({
  cardNumber: v.pipe(v.string(), v.maxLength(40)),
  expiryDate: v.pipe(v.string(), v.maxLength(10)),
  isDigital: v.optional(v.boolean(), false),
});
const SaveBody = v.object({ railcard: RailcardDetails });
const StatusBody = v.object({ railcard: RailcardDetails });
const AttributesBody = v.object({
  attributes: v.record(v.pipe(v.string(), v.maxLength(40)), v.pipe(v.string(), v.maxLength(200))),
});

/** Card number and expiry rules (the form's); a past expiry is allowed here and reported as expired. */
function detailsProblem(details: v.InferOutput<typeof RailcardDetails>, type: TypeRow, today: string): string | null {
  return validateCardNumber(details.cardNumber) ?? validateExpiryDate(details.expiryDate, today, type.validity_months);
}

export function railcardsApi(): Hono<AppEnv> {
  const api = new Hono<AppEnv>();
  // Behind the passengers-and-railcards flag, like its screens.
  gateFeature(api, 'passengers-and-railcards', ['/railcard', '/passenger', '/passengers-and-railcards']);

  api.get('/railcard/:railcardId', can('account.view'), async (c) => {
    requireCustomer(c);
    return c.json(
      catalogueJson(
        await railcardType(c.get('deps').db, c.req.param('railcardId')),
        emailLocale(c.req.header('accept-language')),
      ),
    );
  });

  api.get('/passenger/:passengerId/railcardslist', can('account.view'), async (c) => {
    const { db, clock } = c.get('deps');
    const customer = requireCustomer(c);
    const locale = emailLocale(c.req.header('accept-language'));
    const p = await ownPassenger(db, customer.id, c.req.param('passengerId'));
    const held = new Set(
      (
        await many<{ railcard_type_id: string }>(
          db,
          'select railcard_type_id from passenger_railcards where passenger_id = $1',
          [p.id],
        )
      ).map((r) => r.railcard_type_id),
    );
    const today = utcToday(clock.now());
    const catalogue = await railcardCatalogue(db);
    const available = catalogue.filter((t) => !held.has(t.id) && isEligible(t, p.dob, today));
    // Local-server extra (not in docs/product/api.md): the railcards left out and why, so the screen can
    // say why a card is missing instead of offering one the PUT would refuse.
    const unavailable = catalogue
      .filter((t) => !available.includes(t))
      .map((t) => ({
        id: t.id,
        name: t.name,
        reason: held.has(t.id) ? ('held' as const) : ('age' as const),
        eligibility: railcardWords(t, locale).eligibility,
      }));
    return c.json({
      passenger: passengerName(p),
      railcards: available.map((t) => catalogueJson(t, locale)),
      unavailable,
    });
  });

  api.get('/passenger/:passengerId/railcard/:railcardId', can('account.view'), async (c) => {
    const { db, clock } = c.get('deps');
    const customer = requireCustomer(c);
    const p = await ownPassenger(db, customer.id, c.req.param('passengerId'));
    const t = await railcardType(db, c.req.param('railcardId'));
    const held = await heldCard(db, p.id, t.id);
    if (!held) throw new ApiError(404, 'RAILCARD_NOT_FOUND');
    return c.json({
      passenger: passengerName(p),
      railcard: heldJson(t, p, held, utcToday(clock.now()), emailLocale(c.req.header('accept-language'))),
    });
  });

  /** Saves the card's details: creates the passenger's railcard of this type or replaces its details. */
  api.put('/passenger/:passengerId/railcard/:railcardId', can('account.edit'), async (c) => {
    const { db, clock } = c.get('deps');
    const customer = requireCustomer(c);
    const p = await ownPassenger(db, customer.id, c.req.param('passengerId'));
    const t = await railcardType(db, c.req.param('railcardId'));
    const { railcard } = await readBody(c, SaveBody);
    const today = utcToday(clock.now());
    const problem = detailsProblem(railcard, t, today);
    if (problem) throw new ApiError(400, 'VALIDATION', problem);
    const existing = await heldCard(db, p.id, t.id);
    if (!existing && !isEligible(t, p.dob, today)) {
      // The reason and what to do, in words the screen shows as they are (`detail`).
      const detail = notEligibleDetail(t, p.first_name, emailLocale(c.req.header('accept-language')));
      return c.json({ errors: [{ code: 'NOT_ELIGIBLE' }], detail }, 400);
    }
    const cardNumber = railcard.cardNumber.replace(/\s+/g, '').toUpperCase();
    await db.query(
      `insert into passenger_railcards (id, passenger_id, railcard_type_id, card_number, valid_from, expiry_date, is_digital)
       values ($1, $2, $3, $4, ($6::date - make_interval(months => $7))::date, $5, $8)
       on conflict (passenger_id, railcard_type_id) do update set card_number = excluded.card_number,
         valid_from = excluded.valid_from, expiry_date = excluded.expiry_date, is_digital = excluded.is_digital, updated_at = now()`,
      [
        randomUUID(),
        p.id,
        t.id,
        cardNumber,
        railcard.expiryDate,
        railcard.expiryDate,
        t.validity_months,
        railcard.isDigital,
      ],
    );
    const held = (await heldCard(db, p.id, t.id))!;
    return c.json(
      {
        passenger: passengerName(p),
        railcard: heldJson(t, p, held, today, emailLocale(c.req.header('accept-language'))),
      },
      existing ? 200 : 201,
    );
  });

  /** Saves the card's attributes (only those its type defines; required ones must be present). */
  api.post('/passenger/:passengerId/railcard/:railcardId', can('account.edit'), async (c) => {
    const { db, clock } = c.get('deps');
    const customer = requireCustomer(c);
    const p = await ownPassenger(db, customer.id, c.req.param('passengerId'));
    const t = await railcardType(db, c.req.param('railcardId'));
    const held = await heldCard(db, p.id, t.id);
    if (!held) throw new ApiError(404, 'RAILCARD_NOT_FOUND');
    const { attributes: sent } = await readBody(c, AttributesBody);
    // Holder names and other card text: the server's text rule (server/lib/text-rules.ts), in NFC.
    const attributes = cleanFields(
      sent,
      Object.fromEntries(
        t.attributes.map(
          (def) =>
            [
              def.name,
              { kind: /name$/i.test(def.name) ? 'name' : 'text', message: railcardMessages.attributeInvalid },
            ] as const,
        ),
      ),
    ) as Record<string, string>;
    const next: Record<string, string> = {};
    for (const def of t.attributes) {
      const value = (attributes[def.name] ?? '').trim();
      const problem = validateAttribute(value, def);
      if (problem) throw new ApiError(400, 'VALIDATION', `${def.name}: ${problem}`);
      if (value !== '') next[def.name] = value;
    }
    const unknown = Object.keys(attributes).filter((k) => !t.attributes.some((d) => d.name === k));
    if (unknown.length) throw new ApiError(400, 'VALIDATION', `Unknown attributes: ${unknown.join(', ')}`);
    await db.query('update passenger_railcards set attributes = $1, updated_at = now() where id = $2', [
      JSON.stringify(next),
      held.id,
    ]);
    const saved = (await heldCard(db, p.id, t.id))!;
    return c.json({
      passenger: passengerName(p),
      railcard: heldJson(t, p, saved, utcToday(clock.now()), emailLocale(c.req.header('accept-language'))),
    });
  });

  api.delete('/passenger/:passengerId/railcard/:railcardId', can('account.edit'), async (c) => {
    const { db } = c.get('deps');
    const customer = requireCustomer(c);
    const p = await ownPassenger(db, customer.id, c.req.param('passengerId'));
    const t = await railcardType(db, c.req.param('railcardId'));
    const { rows } = await db.query(
      'delete from passenger_railcards where passenger_id = $1 and railcard_type_id = $2 returning id',
      [p.id, t.id],
    );
    if (rows.length === 0) throw new ApiError(404, 'RAILCARD_NOT_FOUND');
    return c.json({ success: true });
  });

  /** Checks card details before saving: well-formed, not expired, and the number not on another card. */
  api.post('/passenger/:passengerId/railcard-status/:railcardId', can('account.edit'), async (c) => {
    const { db, clock } = c.get('deps');
    const customer = requireCustomer(c);
    const p = await ownPassenger(db, customer.id, c.req.param('passengerId'));
    const t = await railcardType(db, c.req.param('railcardId'));
    const { railcard } = await readBody(c, StatusBody);
    const today = utcToday(clock.now());
    if (detailsProblem(railcard, t, today)) return c.json({ status: 'invalid', expiryDate: null });
    const cardNumber = railcard.cardNumber.replace(/\s+/g, '').toUpperCase();
    const clash = await one<{ id: string }>(
      db,
      `select id from passenger_railcards where card_number = $1 and not (passenger_id = $2 and railcard_type_id = $3)`,
      [cardNumber, p.id, t.id],
    );
    if (clash) return c.json({ status: 'invalid', expiryDate: railcard.expiryDate });
    return c.json({ status: railcardStatus(railcard.expiryDate, today), expiryDate: railcard.expiryDate });
  });

  api.get('/passengers-and-railcards/digital-railcard/:railcardId', can('account.view'), async (c) => {
    const { db, clock } = c.get('deps');
    const customer = requireCustomer(c);
    const railcardId = c.req.param('railcardId');
    // The held card's own id, or its railcard type (id or code, as the spec's railcardslist names
    // it) when the customer holds exactly one digital card of that type.
    const found = await many<HeldRow & PassengerRef & { customer_id: string }>(
      db,
      `select r.id, r.passenger_id, r.railcard_type_id, r.card_number, to_char(r.valid_from, 'YYYY-MM-DD') as valid_from,
         to_char(r.expiry_date, 'YYYY-MM-DD') as expiry, r.is_digital, r.attributes, p.first_name, p.last_name, p.customer_id
       from passenger_railcards r join saved_passengers p on p.id = r.passenger_id join railcard_types t on t.id = r.railcard_type_id
       where p.customer_id = $2 and r.is_digital and (r.id = $1 or t.id = $1 or t.code = $1)
       order by r.id`,
      [railcardId, customer.id],
    );
    const byId = found.filter((r) => r.id === railcardId);
    const held = byId.length === 1 ? byId[0] : found.length === 1 ? found[0] : undefined;
    if (!held) throw new ApiError(404, 'RAILCARD_NOT_FOUND');
    const t = await railcardType(db, held.railcard_type_id);
    const p: PassengerRef = {
      id: held.passenger_id,
      first_name: held.first_name,
      last_name: held.last_name,
      dob: null,
    };
    // docs/product/entities.md's Railcard (the card's code, discount and number in railcardDetails, whose inner
    // shape is ours), as the passenger's railcard call answers; validFrom is a local-server extra.
    return c.json({
      ...heldJson(t, p, held, utcToday(clock.now()), emailLocale(c.req.header('accept-language'))),
      validFrom: held.valid_from,
    });
  });

  return api;
}
