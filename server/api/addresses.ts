import { Hono } from 'hono';
import * as v from 'valibot';
import {
  addAddress,
  COUNTRIES,
  deleteAddress,
  listAddresses,
  ownAddress,
  toAddress,
  updateAddress,
  type AddressColumns,
} from '../domain/addresses.ts';
import { requireCustomer } from '../lib/access.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { readBody } from '../lib/body.ts';
import { readCleanBody, type TextRules } from '../lib/text-rules.ts';
import { addressMessages } from '#src/schemas/addresses.ts';
import { can } from '../lib/policy.ts';

/**
 * Address book (docs/product/api.md): GET all-addresses, GET address/{id}, POST delete-address {id}.
 * The spec names no add or edit call: POST /customer/address and PUT /customer/address/{id} are
 * ours (docs/decisions/060-address-book-cards-smartcards.md). Every call is the signed-in
 * customer's own: another customer's address id answers 404, like an unknown one.
 */

const UK_POSTCODE = /^(GIR ?0AA|[A-PR-UWYZ][A-HK-Y]?[0-9][0-9A-HJKMNPR-Y]? ?[0-9][ABD-HJLNP-UW-Z]{2})$/i;

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
  v.check(
    (a) => a.isoCountryCode !== 'GB' || (a.postCode !== null && UK_POSTCODE.test(a.postCode)),
    'UK postcode required',
  ),
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
const addressColumns = (body: AddressBody): AddressColumns => [
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

export function addressesApi(): Hono<AppEnv> {
  const api = new Hono<AppEnv>();

  api.get('/customer/all-addresses', can('account.view'), async (c) => {
    const customer = requireCustomer(c);
    const rows = await listAddresses(c.get('deps').db, customer.id);
    return c.json({ addresses: rows.map(toAddress) });
  });

  api.get('/customer/address/:addressId', can('account.view'), async (c) => {
    const customer = requireCustomer(c);
    return c.json(toAddress(await ownAddress(c.get('deps').db, customer.id, c.req.param('addressId'))));
  });

  api.post('/customer/address', can('account.edit'), async (c) => {
    const customer = requireCustomer(c);
    const body = await readCleanBody(c, AddressBody, ADDRESS_TEXT);
    const { db, clock } = c.get('deps');
    return c.json(toAddress(await addAddress(db, customer.id, addressColumns(body), clock.now())), 201);
  });

  api.put('/customer/address/:addressId', can('account.edit'), async (c) => {
    const customer = requireCustomer(c);
    const id = c.req.param('addressId');
    const { db, clock } = c.get('deps');
    await ownAddress(db, customer.id, id);
    const body = await readCleanBody(c, AddressBody, ADDRESS_TEXT);
    return c.json(toAddress(await updateAddress(db, customer.id, id, addressColumns(body), clock.now())));
  });

  api.post('/customer/delete-address', can('account.edit'), async (c) => {
    const customer = requireCustomer(c);
    const { id } = await readBody(c, DeleteBody);
    await deleteAddress(c.get('deps').db, customer.id, id);
    return c.json({ success: true });
  });

  return api;
}
