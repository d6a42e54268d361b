import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { many, one } from '../db.ts';
import { requireCustomer } from '../lib/access.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { readBody } from '../lib/body.ts';
import { readCleanBody, type TextRules } from '../lib/text-rules.ts';
import { addressMessages } from '#src/schemas/addresses.ts';
import { ApiError } from '../lib/errors.ts';
import { can } from '../lib/policy.ts';

/**
 * Address book (docs/product/api.md): GET all-addresses, GET address/{id}, POST delete-address {id}.
 * The spec names no add or edit call: POST /customer/address and PUT /customer/address/{id} are
 * ours (docs/decisions/060-address-book-cards-smartcards.md). Every call is the signed-in
 * customer's own: another customer's address id answers 404, like an unknown one.
 */

/** ISO 3166-1 alpha-2 -> alpha-3 and English name, for the countries the app offers. */
export const COUNTRIES: Record<string, { alpha3: string; name: string }> = {
  GB: { alpha3: 'GBR', name: 'United Kingdom' },
  IE: { alpha3: 'IRL', name: 'Ireland' },
  FR: { alpha3: 'FRA', name: 'France' },
  DE: { alpha3: 'DEU', name: 'Germany' },
  ES: { alpha3: 'ESP', name: 'Spain' },
  IT: { alpha3: 'ITA', name: 'Italy' },
  NL: { alpha3: 'NLD', name: 'Netherlands' },
  US: { alpha3: 'USA', name: 'United States' },
};

/** A customer may keep this many addresses (422 ADDRESS_LIMIT beyond). */
export const MAX_ADDRESSES = 50;

const UK_POSTCODE = /^(GIR ?0AA|[A-PR-UWYZ][A-HK-Y]?[0-9][0-9A-HJKMNPR-Y]? ?[0-9][ABD-HJLNP-UW-Z]{2})$/i;

type AddressRow = {
  id: string;
  nick_name: string | null;
  line1: string;
  line2: string | null;
  line3: string | null;
  line4: string | null;
  line5: string | null;
  post_code: string | null;
  iso_country_code: string;
  iso_state_code: string | null;
  type: 'delivery' | 'billing';
  is_last_used_delivery: boolean;
};

export function toAddress(row: AddressRow) {
  const country = COUNTRIES[row.iso_country_code];
  return {
    id: row.id,
    countryCode: country?.alpha3 ?? row.iso_country_code,
    isoCountryCode: row.iso_country_code,
    isoStateCode: row.iso_state_code,
    countryName: country?.name ?? row.iso_country_code,
    isLastUsedDelivery: row.is_last_used_delivery,
    line1: row.line1,
    line2: row.line2,
    line3: row.line3,
    line4: row.line4,
    line5: row.line5,
    nickName: row.nick_name,
    postCode: row.post_code,
    type: row.type,
  };
}

/** Optional text: trimmed, blank or missing becomes null, at most `max` characters. */
const optionalText = (max: number) =>
  v.pipe(
    v.optional(v.nullable(v.string()), null),
    v.transform((s: string | null) => (s === null || s.trim() === '' ? null : s.trim())),
    v.nullable(v.pipe(v.string(), v.maxLength(max))),
  );

const AddressBody = v.pipe(
  v.object({
    nickName: optionalText(30),
    line1: v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(50)),
    line2: optionalText(50),
    line3: optionalText(50),
    line4: v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(50)),
    line5: optionalText(50),
    postCode: optionalText(16),
    isoCountryCode: v.picklist(Object.keys(COUNTRIES)),
    isoStateCode: v.optional(v.nullable(v.pipe(v.string(), v.regex(/^[A-Z]{2}-[A-Z0-9]{1,3}$/))), null),
    type: v.picklist(['delivery', 'billing']),
  }),
  v.check((a) => a.isoCountryCode !== 'GB' || (a.postCode !== null && UK_POSTCODE.test(a.postCode)), 'UK postcode required'),
  v.check((a) => a.postCode === null || /^[A-Za-z0-9][A-Za-z0-9 -]*$/.test(a.postCode), 'Invalid postcode'),
  v.check(
    (a) => (a.isoCountryCode === 'US' ? a.isoStateCode?.startsWith('US-') === true : a.isoStateCode === null),
    'A state code is required for the United States only',
  ),
);
type AddressBody = v.InferOutput<typeof AddressBody>;

const DeleteBody = v.object({ id: v.pipe(v.string(), v.maxLength(100)) });

/** The address's text: the server's text rule (server/lib/text-rules.ts), with the form's message. */
const ADDRESS_TEXT: TextRules = Object.fromEntries(
  ['nickName', 'line1', 'line2', 'line3', 'line4', 'line5', 'postCode'].map((field) => [
    field,
    { kind: 'text', message: addressMessages.controlCharacter },
  ]),
);

const normalisePostCode = (body: AddressBody): string | null => {
  if (body.postCode === null) return null;
  if (body.isoCountryCode !== 'GB') return body.postCode.toUpperCase();
  const compact = body.postCode.replace(/\s+/g, '').toUpperCase();
  return `${compact.slice(0, -3)} ${compact.slice(-3)}`;
};

/** The stored columns of an address body, in the order insert and update both list them (nick_name … type). */
const addressColumns = (body: AddressBody) => [
  body.nickName,
  body.line1,
  body.line2,
  body.line3,
  body.line4,
  body.line5,
  normalisePostCode(body),
  body.isoCountryCode,
  body.isoStateCode,
  body.type,
];

async function ownAddress(c: Context<AppEnv>, customerId: string, id: string): Promise<AddressRow> {
  const row = await one<AddressRow>(c.get('deps').db, 'select * from customer_addresses where id = $1 and customer_id = $2', [
    id,
    customerId,
  ]);
  if (!row) throw new ApiError(404, 'ADDRESS_NOT_FOUND');
  return row;
}

export function addressesApi(): Hono<AppEnv> {
  const api = new Hono<AppEnv>();

  api.get('/customer/all-addresses', can('account.view'), async (c) => {
    const customer = requireCustomer(c);
    const rows = await many<AddressRow>(
      c.get('deps').db,
      // Last used for delivery first, then the oldest first (the order they were added).
      `select * from customer_addresses where customer_id = $1
       order by is_last_used_delivery desc, created_at, id`,
      [customer.id],
    );
    return c.json({ addresses: rows.map(toAddress) });
  });

  api.get('/customer/address/:addressId', can('account.view'), async (c) => {
    const customer = requireCustomer(c);
    return c.json(toAddress(await ownAddress(c, customer.id, c.req.param('addressId'))));
  });

  api.post('/customer/address', can('account.edit'), async (c) => {
    const customer = requireCustomer(c);
    const body = await readCleanBody(c, AddressBody, ADDRESS_TEXT);
    const { db, clock } = c.get('deps');
    const now = clock.now();
    const row = await db.transaction(async (tx) => {
      const count = await one<{ n: number }>(tx, 'select count(*)::int as n from customer_addresses where customer_id = $1', [
        customer.id,
      ]);
      if ((count?.n ?? 0) >= MAX_ADDRESSES) throw new ApiError(422, 'ADDRESS_LIMIT');
      return one<AddressRow>(
        tx,
        `insert into customer_addresses
           (id, customer_id, nick_name, line1, line2, line3, line4, line5, post_code, iso_country_code, iso_state_code, type,
            created_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13)
         returning *`,
        [
          randomUUID(),
          customer.id,
          ...addressColumns(body),
          now,
        ],
      );
    });
    return c.json(toAddress(row as AddressRow), 201);
  });

  api.put('/customer/address/:addressId', can('account.edit'), async (c) => {
    const customer = requireCustomer(c);
    const id = c.req.param('addressId');
    await ownAddress(c, customer.id, id);
    const body = await readCleanBody(c, AddressBody, ADDRESS_TEXT);
    const { db, clock } = c.get('deps');
    const row = await one<AddressRow>(
      db,
      `update customer_addresses set nick_name = $3, line1 = $4, line2 = $5, line3 = $6, line4 = $7, line5 = $8,
         post_code = $9, iso_country_code = $10, iso_state_code = $11, type = $12, updated_at = $13
       where id = $1 and customer_id = $2
       returning *`,
      [
        id,
        customer.id,
        ...addressColumns(body),
        clock.now(),
      ],
    );
    if (!row) throw new ApiError(404, 'ADDRESS_NOT_FOUND');
    return c.json(toAddress(row));
  });

  api.post('/customer/delete-address', can('account.edit'), async (c) => {
    const customer = requireCustomer(c);
    const { id } = await readBody(c, DeleteBody);
    const { rows } = await c.get('deps').db.query<{ id: string }>(
      'delete from customer_addresses where id = $1 and customer_id = $2 returning id',
      [id, customer.id],
    );
    if (rows.length === 0) throw new ApiError(404, 'ADDRESS_NOT_FOUND');
    return c.json({ success: true });
  });

  return api;
}
