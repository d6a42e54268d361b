import { Hono } from 'hono';
import * as v from 'valibot';
import {
  cardNumberOnAnotherCard,
  digitalRailcard,
  heldRailcard,
  heldRailcardTypes,
  railcardHolder,
  railcardType,
  removeRailcard,
  saveRailcardAttributes,
  saveRailcardDetails,
  type HeldRailcard,
  type RailcardHolder,
} from '../domain/railcards.ts';
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

const passengerName = (p: RailcardHolder) => ({ id: p.id, firstName: p.first_name, lastName: p.last_name });
const holders = (p: RailcardHolder, held: HeldRailcard) => [
  `${p.first_name} ${p.last_name}`,
  ...(held.attributes.secondHolderName ? [held.attributes.secondHolderName] : []),
];

function heldJson(t: TypeRow, p: RailcardHolder, held: HeldRailcard, today: string, locale: string | null) {
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
    const p = await railcardHolder(db, customer.id, c.req.param('passengerId'));
    const held = await heldRailcardTypes(db, p.id);
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
    const p = await railcardHolder(db, customer.id, c.req.param('passengerId'));
    const t = await railcardType(db, c.req.param('railcardId'));
    const held = await heldRailcard(db, p.id, t.id);
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
    const p = await railcardHolder(db, customer.id, c.req.param('passengerId'));
    const t = await railcardType(db, c.req.param('railcardId'));
    const { railcard } = await readBody(c, SaveBody);
    const today = utcToday(clock.now());
    const problem = detailsProblem(railcard, t, today);
    if (problem) throw new ApiError(400, 'VALIDATION', problem);
    const existing = await heldRailcard(db, p.id, t.id);
    if (!existing && !isEligible(t, p.dob, today)) {
      // The reason and what to do, in words the screen shows as they are (`detail`).
      const detail = notEligibleDetail(t, p.first_name, emailLocale(c.req.header('accept-language')));
      return c.json({ errors: [{ code: 'NOT_ELIGIBLE' }], detail }, 400);
    }
    const cardNumber = railcard.cardNumber.replace(/\s+/g, '').toUpperCase();
    const held = await saveRailcardDetails(db, p.id, t, {
      cardNumber,
      expiryDate: railcard.expiryDate,
      isDigital: railcard.isDigital,
    });
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
    const p = await railcardHolder(db, customer.id, c.req.param('passengerId'));
    const t = await railcardType(db, c.req.param('railcardId'));
    const held = await heldRailcard(db, p.id, t.id);
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
    const saved = await saveRailcardAttributes(db, held, next);
    return c.json({
      passenger: passengerName(p),
      railcard: heldJson(t, p, saved, utcToday(clock.now()), emailLocale(c.req.header('accept-language'))),
    });
  });

  api.delete('/passenger/:passengerId/railcard/:railcardId', can('account.edit'), async (c) => {
    const { db } = c.get('deps');
    const customer = requireCustomer(c);
    const p = await railcardHolder(db, customer.id, c.req.param('passengerId'));
    const t = await railcardType(db, c.req.param('railcardId'));
    await removeRailcard(db, p.id, t.id);
    return c.json({ success: true });
  });

  /** Checks card details before saving: well-formed, not expired, and the number not on another card. */
  api.post('/passenger/:passengerId/railcard-status/:railcardId', can('account.edit'), async (c) => {
    const { db, clock } = c.get('deps');
    const customer = requireCustomer(c);
    const p = await railcardHolder(db, customer.id, c.req.param('passengerId'));
    const t = await railcardType(db, c.req.param('railcardId'));
    const { railcard } = await readBody(c, StatusBody);
    const today = utcToday(clock.now());
    if (detailsProblem(railcard, t, today)) return c.json({ status: 'invalid', expiryDate: null });
    const cardNumber = railcard.cardNumber.replace(/\s+/g, '').toUpperCase();
    const clash = await cardNumberOnAnotherCard(db, cardNumber, p.id, t.id);
    if (clash) return c.json({ status: 'invalid', expiryDate: railcard.expiryDate });
    return c.json({ status: railcardStatus(railcard.expiryDate, today), expiryDate: railcard.expiryDate });
  });

  api.get('/passengers-and-railcards/digital-railcard/:railcardId', can('account.view'), async (c) => {
    const { db, clock } = c.get('deps');
    const customer = requireCustomer(c);
    const railcardId = c.req.param('railcardId');
    const { held, holder: p } = await digitalRailcard(db, customer.id, railcardId);
    const t = await railcardType(db, held.railcard_type_id);
    // docs/product/entities.md's Railcard (the card's code, discount and number in railcardDetails, whose inner
    // shape is ours), as the passenger's railcard call answers; validFrom is a local-server extra.
    return c.json({
      ...heldJson(t, p, held, utcToday(clock.now()), emailLocale(c.req.header('accept-language'))),
      validFrom: held.valid_from,
    });
  });

  return api;
}
