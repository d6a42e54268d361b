import { randomUUID } from 'node:crypto';
import { many, one, type Db } from '../db.ts';
import { ApiError } from '../lib/errors.ts';

/**
 * The customer's address book in the database (docs/decisions/060-address-book-cards-smartcards.md):
 * every read and write is scoped to its customer, so another customer's address is never found.
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

export type AddressRow = {
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

/** The stored columns of an address, in the order insert and update both list them (nick_name … type). */
export type AddressColumns = readonly [
  nickName: string | null,
  line1: string,
  line2: string | null,
  line3: string | null,
  line4: string,
  line5: string | null,
  postCode: string | null,
  isoCountryCode: string,
  isoStateCode: string | null,
  type: 'delivery' | 'billing',
];

/** Last used for delivery first, then the oldest first (the order they were added). */
export const listAddresses = (db: Db, customerId: string) =>
  many<AddressRow>(
    db,
    'select * from customer_addresses where customer_id = $1 order by is_last_used_delivery desc, created_at, id',
    [customerId],
  );

/** The customer's own address; 404 ADDRESS_NOT_FOUND for another's or an unknown one. */
export async function ownAddress(db: Db, customerId: string, id: string): Promise<AddressRow> {
  const row = await one<AddressRow>(db, 'select * from customer_addresses where id = $1 and customer_id = $2', [
    id,
    customerId,
  ]);
  if (!row) throw new ApiError(404, 'ADDRESS_NOT_FOUND');
  return row;
}

/** Adds an address, counted and written in one transaction: 422 ADDRESS_LIMIT at MAX_ADDRESSES. */
export async function addAddress(db: Db, customerId: string, columns: AddressColumns, now: Date): Promise<AddressRow> {
  const row = await db.transaction(async (tx) => {
    const count = await one<{ n: number }>(
      tx,
      'select count(*)::int as n from customer_addresses where customer_id = $1',
      [customerId],
    );
    if ((count?.n ?? 0) >= MAX_ADDRESSES) throw new ApiError(422, 'ADDRESS_LIMIT');
    return one<AddressRow>(
      tx,
      `insert into customer_addresses
         (id, customer_id, nick_name, line1, line2, line3, line4, line5, post_code, iso_country_code, iso_state_code, type,
          created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13)
       returning *`,
      [randomUUID(), customerId, ...columns, now],
    );
  });
  return row as AddressRow;
}

/** Rewrites the customer's own address; 404 ADDRESS_NOT_FOUND when it is not (or no longer) theirs. */
export async function updateAddress(
  db: Db,
  customerId: string,
  id: string,
  columns: AddressColumns,
  now: Date,
): Promise<AddressRow> {
  const row = await one<AddressRow>(
    db,
    `update customer_addresses set nick_name = $3, line1 = $4, line2 = $5, line3 = $6, line4 = $7, line5 = $8,
       post_code = $9, iso_country_code = $10, iso_state_code = $11, type = $12, updated_at = $13
     where id = $1 and customer_id = $2
     returning *`,
    [id, customerId, ...columns, now],
  );
  if (!row) throw new ApiError(404, 'ADDRESS_NOT_FOUND');
  return row;
}

/** Deletes the customer's own address; 404 ADDRESS_NOT_FOUND when there is none to delete. */
export async function deleteAddress(db: Db, customerId: string, id: string): Promise<void> {
  const { rows } = await db.query<{ id: string }>(
    'delete from customer_addresses where id = $1 and customer_id = $2 returning id',
    [id, customerId],
  );
  if (rows.length === 0) throw new ApiError(404, 'ADDRESS_NOT_FOUND');
}
