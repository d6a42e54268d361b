import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import * as v from 'valibot';
import { many, one, type Queryable } from '../db.ts';
import { requireCustomer } from '../lib/access.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { readBody } from '../lib/body.ts';
import { createCatalogueText } from '../lib/catalogue.ts';
import { emailLocale } from '../lib/email-copy.ts';
import { ApiError } from '../lib/errors.ts';
import { railcardMessages, validateAttribute, validateCardNumber, validateExpiryDate } from '#src/schemas/railcards.ts';
import { cleanFields } from '../lib/text-rules.ts';
import { gateFeature } from '../lib/feature-gate.ts';

/**
 * Railcards (SPEC section 7): railcardslist, catalogue entry, a passenger's railcard (GET, PUT
 * details, POST attributes, DELETE), railcard-status and the digital railcard.
 * In /passenger/{passengerId}/railcard/{railcardId} the railcardId is the railcard type (a passenger
 * holds at most one of each type), by id or by code; the digital railcard is addressed by the held
 * card's own id, or by its type when the customer holds one digital card of that type.
 */

type AttributeDefinition = { name: string; label: string; required: boolean };
type CatalogueSeed = {
  id: string;
  code: string;
  name: string;
  price: number;
  validityMonths: number;
  discount: string;
  eligibility: string;
  minAge: number | null;
  maxAge: number | null;
  maxCardHolders: number;
  scopes: string[];
  attributes: AttributeDefinition[];
  terms: string;
};

const national = ['national'];
const nationalTerms = (extra: string) =>
  `Valid for one year from the start date shown on the card. Discounts apply to most Standard and First Class Anytime, Off-Peak and Advance fares across Great Britain. ${extra} You must carry your railcard when you travel; without it you may have to pay the full fare or a penalty fare.`;

/** National railcards (DOMAIN.md): about £30-£35 a year, one-third off unless stated. */
export const RAILCARD_CATALOGUE: CatalogueSeed[] = [
  { id: '16-25', code: 'YNG', name: '16-25 Railcard', price: 35, validityMonths: 12, discount: '1/3 off', eligibility: 'For ages 16 to 25, and full-time students of any age', minAge: 16, maxAge: 25, maxCardHolders: 1, scopes: national, attributes: [], terms: nationalTerms('A £12 minimum fare applies to journeys starting between 04:30 and 10:00 on weekdays, except in July and August.') },
  { id: '26-30', code: 'TST', name: '26-30 Railcard', price: 35, validityMonths: 12, discount: '1/3 off', eligibility: 'For ages 26 to 30', minAge: 26, maxAge: 30, maxCardHolders: 1, scopes: national, attributes: [], terms: nationalTerms('A £12 minimum fare applies to journeys starting between 04:30 and 10:00 on weekdays, except in July and August. Digital only.') },
  { id: 'senior', code: 'SRN', name: 'Senior Railcard', price: 35, validityMonths: 12, discount: '1/3 off', eligibility: 'For ages 60 and over', minAge: 60, maxAge: null, maxCardHolders: 1, scopes: national, attributes: [], terms: nationalTerms('Not valid on weekday Anytime fares in the morning peak in London and the South East.') },
  { id: 'two-together', code: 'TWO', name: 'Two Together Railcard', price: 35, validityMonths: 12, discount: '1/3 off', eligibility: 'For two named adults aged 16 or over travelling together', minAge: 16, maxAge: null, maxCardHolders: 2, scopes: national, attributes: [{ name: 'secondHolderName', label: 'Second cardholder name', required: true }], terms: nationalTerms('Both named cardholders must travel together. Not valid before 09:30 on weekdays.') },
  { id: 'family-and-friends', code: 'FAM', name: 'Family & Friends Railcard', price: 35, validityMonths: 12, discount: '1/3 off adult fares, 60% off child fares', eligibility: 'For up to 4 adults and 4 children aged 5 to 15 travelling together', minAge: 16, maxAge: null, maxCardHolders: 2, scopes: national, attributes: [], terms: nationalTerms('At least one child aged 5 to 15 must travel with the cardholder.') },
  { id: 'disabled-persons', code: 'DIS', name: 'Disabled Persons Railcard', price: 20, validityMonths: 12, discount: '1/3 off for the holder and one adult companion', eligibility: 'For people with a disability that makes travelling by train difficult', minAge: null, maxAge: null, maxCardHolders: 1, scopes: national, attributes: [], terms: nationalTerms('An adult companion travelling with the holder also gets 1/3 off. Proof of eligibility is needed to buy this card.') },
  { id: 'veterans', code: 'VET', name: 'Veterans Railcard', price: 21, validityMonths: 12, discount: '1/3 off', eligibility: 'For veterans of the UK Armed Forces', minAge: null, maxAge: null, maxCardHolders: 1, scopes: national, attributes: [], terms: nationalTerms('Up to one adult companion and up to four children get a discount too.') },
  { id: 'hm-forces', code: 'HMF', name: 'HM Forces Railcard', price: 21, validityMonths: 12, discount: '1/3 off', eligibility: 'For serving members of the UK Armed Forces and their families', minAge: null, maxAge: null, maxCardHolders: 1, scopes: national, attributes: [], terms: nationalTerms('Proof of service is needed to buy this card.') },
  { id: 'network', code: 'NEW', name: 'Network Railcard', price: 35, validityMonths: 12, discount: '1/3 off', eligibility: 'For adults aged 16 or over travelling in London and the South East', minAge: 16, maxAge: null, maxCardHolders: 1, scopes: ['network-southeast'], attributes: [], terms: 'Valid for one year in the Network Railcard area (London and the South East) after 10:00 on weekdays and all day at weekends. A £13 minimum fare applies on weekdays. Up to three adults and four children can travel with the holder.' },
  { id: '16-17-saver', code: 'TSU', name: '16-17 Saver', price: 30, validityMonths: 12, discount: '50% off', eligibility: 'For ages 16 and 17', minAge: 16, maxAge: 17, maxCardHolders: 1, scopes: national, attributes: [], terms: nationalTerms('Half price on Standard Class Anytime, Off-Peak and Advance fares, and on season tickets. Digital only.') },
];

type TypeRow = {
  id: string;
  code: string;
  name: string;
  price_amount: string;
  currency: string;
  validity_months: number;
  discount: string;
  eligibility: string;
  min_age: number | null;
  max_age: number | null;
  max_card_holders: number;
  scopes: string[];
  attributes: AttributeDefinition[];
  terms: string;
};

/** Puts the catalogue in place when the table is empty (new or wiped database). Returns its rows. */
export async function railcardCatalogue(db: Queryable): Promise<TypeRow[]> {
  const rows = await many<TypeRow>(db, 'select * from railcard_types order by sort_order');
  if (rows.length > 0) return rows;
  await insertCatalogue(db);
  return many<TypeRow>(db, 'select * from railcard_types order by sort_order');
}

export async function insertCatalogue(db: Queryable): Promise<void> {
  for (const [i, r] of RAILCARD_CATALOGUE.entries()) {
    await db.query(
      `insert into railcard_types (id, code, name, price_amount, currency, validity_months, discount, eligibility,
         min_age, max_age, max_card_holders, scopes, attributes, terms, sort_order)
       values ($1, $2, $3, $4, 'GBP', $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
       on conflict (id) do nothing`,
      [r.id, r.code, r.name, r.price, r.validityMonths, r.discount, r.eligibility, r.minAge, r.maxAge, r.maxCardHolders, r.scopes, JSON.stringify(r.attributes), r.terms, i],
    );
  }
}

export const utcToday = (now: Date): string => now.toISOString().slice(0, 10);
export const railcardStatus = (expiry: string, today: string): 'valid' | 'expired' => (expiry < today ? 'expired' : 'valid');

/** Whole years between an ISO birth date and today. */
export function ageOn(dob: string, today: string): number {
  const [by, bm, bd] = dob.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

const isEligible = (type: TypeRow, dob: string | null, today: string) => {
  if (!dob) return true;
  const age = ageOn(dob, today);
  return (type.min_age === null || age >= type.min_age) && (type.max_age === null || age <= type.max_age);
};

const catalogueText = createCatalogueText();

/**
 * A railcard's discount and eligibility in the page's locale (Accept-Language, as the app sends it;
 * null is en-GB): catalogue keys railcards_type_<id>_discount and _eligibility (decision 445). A
 * railcard the catalogue has no words for keeps the retailer's own text.
 */
export const railcardWords = (t: Pick<TypeRow, 'id' | 'discount' | 'eligibility'>, locale: string | null) => {
  const key = `railcards_type_${t.id.replaceAll('-', '_')}`;
  return {
    discount: catalogueText(locale, `${key}_discount`) ?? t.discount,
    eligibility: catalogueText(locale, `${key}_eligibility`) ?? t.eligibility,
  };
};

/**
 * A railcard's terms in the page's locale: railcards_type_<id>_terms holds the card's own
 * conditions; a national railcard's (scope `national`) sit inside the terms every national card
 * shares, railcards_terms_national with {conditions}, as the seed composes them (nationalTerms).
 * A railcard the catalogue has no terms for keeps the retailer's own text.
 */
export const railcardTerms = (t: Pick<TypeRow, 'id' | 'scopes' | 'terms'>, locale: string | null): string => {
  const own = catalogueText(locale, `railcards_type_${t.id.replaceAll('-', '_')}_terms`);
  if (own === undefined) return t.terms;
  if (!t.scopes.includes('national')) return own;
  return catalogueText(locale, 'railcards_terms_national')?.replace('{conditions}', own) ?? t.terms;
};

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Each attribute's label in the page's locale (railcards_attribute_<name>_label), else as stored. */
export const attributeWords = (attributes: AttributeDefinition[], locale: string | null): AttributeDefinition[] =>
  attributes.map((a) => ({ ...a, label: catalogueText(locale, `railcards_attribute_${snakeCase(a.name)}_label`) ?? a.label }));

export const catalogueJson = (t: TypeRow, locale: string | null = null) => ({
  id: t.id,
  name: t.name,
  price: { amount: Number(t.price_amount), currencyCode: t.currency },
  scopes: t.scopes,
  termsAndConditions: railcardTerms(t, locale),
  railcardDetails: {
    code: t.code,
    ...railcardWords(t, locale),
    validityMonths: t.validity_months,
    maxCardHolders: t.max_card_holders,
  },
  attributes: attributeWords(t.attributes, locale),
});

/**
 * Why a passenger cannot hold a railcard and what to do, in the page's locale
 * (railcards_not_eligible_detail): the screen shows it as it is. The eligibility continues the
 * sentence, so its first letter is lower-cased in that locale ("For ages…" → "for ages…").
 */
export const notEligibleDetail = (t: TypeRow, firstName: string, locale: string | null): string => {
  const { eligibility } = railcardWords(t, locale);
  const continued = `${eligibility.charAt(0).toLocaleLowerCase(locale ?? 'en-GB')}${eligibility.slice(1)}`;
  const words = { name: firstName, railcard: t.name, eligibility: continued };
  const sentence = catalogueText(locale, 'railcards_not_eligible_detail') ?? '{railcard}: {eligibility}';
  return sentence.replace(/\{(name|railcard|eligibility)\}/g, (_, k: keyof typeof words) => words[k]);
};

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
const holders = (p: PassengerRef, held: HeldRow) =>
  [`${p.first_name} ${p.last_name}`, ...(held.attributes.secondHolderName ? [held.attributes.secondHolderName] : [])];

function heldJson(t: TypeRow, p: PassengerRef, held: HeldRow, today: string, locale: string | null) {
  return {
    id: held.id,
    railcardId: t.id,
    name: t.name,
    price: { amount: Number(t.price_amount), currencyCode: t.currency },
    scopes: t.scopes,
    termsAndConditions: railcardTerms(t, locale),
    railcardDetails: { code: t.code, discount: railcardWords(t, locale).discount, cardNumber: held.card_number, isDigital: held.is_digital },
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
  one<HeldRow>(db, `select ${HELD_COLUMNS} from passenger_railcards where passenger_id = $1 and railcard_type_id = $2`, [passengerId, typeId]);

const RailcardDetails = v.object({
  cardNumber: v.pipe(v.string(), v.maxLength(40)),
  expiryDate: v.pipe(v.string(), v.maxLength(10)),
  isDigital: v.optional(v.boolean(), false),
});
const SaveBody = v.object({ railcard: RailcardDetails });
const StatusBody = v.object({ railcard: RailcardDetails });
const AttributesBody = v.object({ attributes: v.record(v.pipe(v.string(), v.maxLength(40)), v.pipe(v.string(), v.maxLength(200))) });

/** Card number and expiry rules (the form's); a past expiry is allowed here and reported as expired. */
function detailsProblem(details: v.InferOutput<typeof RailcardDetails>, type: TypeRow, today: string): string | null {
  return validateCardNumber(details.cardNumber) ?? validateExpiryDate(details.expiryDate, today, type.validity_months);
}

export function railcardsApi(): Hono<AppEnv> {
  const api = new Hono<AppEnv>();
  // Behind the passengers-and-railcards flag, like its screens.
  gateFeature(api, 'passengers-and-railcards', ['/railcard', '/passenger', '/passengers-and-railcards']);

  api.get('/railcard/:railcardId', async (c) => {
    requireCustomer(c);
    return c.json(catalogueJson(await railcardType(c.get('deps').db, c.req.param('railcardId')), emailLocale(c.req.header('accept-language'))));
  });

  api.get('/passenger/:passengerId/railcardslist', async (c) => {
    const { db, clock } = c.get('deps');
    const customer = requireCustomer(c);
    const locale = emailLocale(c.req.header('accept-language'));
    const p = await ownPassenger(db, customer.id, c.req.param('passengerId'));
    const held = new Set(
      (await many<{ railcard_type_id: string }>(db, 'select railcard_type_id from passenger_railcards where passenger_id = $1', [p.id])).map(
        (r) => r.railcard_type_id,
      ),
    );
    const today = utcToday(clock.now());
    const catalogue = await railcardCatalogue(db);
    const available = catalogue.filter((t) => !held.has(t.id) && isEligible(t, p.dob, today));
    // Local-server extra (not in SPEC section 7): the railcards left out and why, so the screen can
    // say why a card is missing instead of offering one the PUT would refuse.
    const unavailable = catalogue
      .filter((t) => !available.includes(t))
      .map((t) => ({
        id: t.id,
        name: t.name,
        reason: held.has(t.id) ? ('held' as const) : ('age' as const),
        eligibility: railcardWords(t, locale).eligibility,
      }));
    return c.json({ passenger: passengerName(p), railcards: available.map((t) => catalogueJson(t, locale)), unavailable });
  });

  api.get('/passenger/:passengerId/railcard/:railcardId', async (c) => {
    const { db, clock } = c.get('deps');
    const customer = requireCustomer(c);
    const p = await ownPassenger(db, customer.id, c.req.param('passengerId'));
    const t = await railcardType(db, c.req.param('railcardId'));
    const held = await heldCard(db, p.id, t.id);
    if (!held) throw new ApiError(404, 'RAILCARD_NOT_FOUND');
    return c.json({ passenger: passengerName(p), railcard: heldJson(t, p, held, utcToday(clock.now()), emailLocale(c.req.header('accept-language'))) });
  });

  /** Saves the card's details: creates the passenger's railcard of this type or replaces its details. */
  api.put('/passenger/:passengerId/railcard/:railcardId', async (c) => {
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
      [randomUUID(), p.id, t.id, cardNumber, railcard.expiryDate, railcard.expiryDate, t.validity_months, railcard.isDigital],
    );
    const held = (await heldCard(db, p.id, t.id))!;
    return c.json({ passenger: passengerName(p), railcard: heldJson(t, p, held, today, emailLocale(c.req.header('accept-language'))) }, existing ? 200 : 201);
  });

  /** Saves the card's attributes (only those its type defines; required ones must be present). */
  api.post('/passenger/:passengerId/railcard/:railcardId', async (c) => {
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
        t.attributes.map((def) => [def.name, { kind: /name$/i.test(def.name) ? 'name' : 'text', message: railcardMessages.attributeInvalid }] as const),
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
    await db.query('update passenger_railcards set attributes = $1, updated_at = now() where id = $2', [JSON.stringify(next), held.id]);
    const saved = (await heldCard(db, p.id, t.id))!;
    return c.json({ passenger: passengerName(p), railcard: heldJson(t, p, saved, utcToday(clock.now()), emailLocale(c.req.header('accept-language'))) });
  });

  api.delete('/passenger/:passengerId/railcard/:railcardId', async (c) => {
    const { db } = c.get('deps');
    const customer = requireCustomer(c);
    const p = await ownPassenger(db, customer.id, c.req.param('passengerId'));
    const t = await railcardType(db, c.req.param('railcardId'));
    const { rows } = await db.query('delete from passenger_railcards where passenger_id = $1 and railcard_type_id = $2 returning id', [p.id, t.id]);
    if (rows.length === 0) throw new ApiError(404, 'RAILCARD_NOT_FOUND');
    return c.json({ success: true });
  });

  /** Checks card details before saving: well-formed, not expired, and the number not on another card. */
  api.post('/passenger/:passengerId/railcard-status/:railcardId', async (c) => {
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

  api.get('/passengers-and-railcards/digital-railcard/:railcardId', async (c) => {
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
    const p: PassengerRef = { id: held.passenger_id, first_name: held.first_name, last_name: held.last_name, dob: null };
    // Section 3's Railcard (the card's code, discount and number in railcardDetails, whose inner
    // shape is ours), as the passenger's railcard call answers; validFrom is a local-server extra.
    return c.json({
      ...heldJson(t, p, held, utcToday(clock.now()), emailLocale(c.req.header('accept-language'))),
      validFrom: held.valid_from,
    });
  });

  return api;
}
