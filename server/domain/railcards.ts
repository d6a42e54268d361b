import { randomUUID } from 'node:crypto';
import { many, one, type Queryable } from '../db.ts';
import { ApiError } from '../lib/errors.ts';
import { railcardCatalogue, type TypeRow } from './railcard-catalogue.ts';

/**
 * The railcards a customer's passengers hold (docs/product/api.md): at most one of each type per
 * passenger, found through a passenger of the signed-in customer only, so another customer's
 * passenger or card answers 404 like an unknown one.
 */

/** The passenger a railcard call names: whose name the card carries and whose age decides eligibility. */
export type RailcardHolder = { id: string; first_name: string; last_name: string; dob: string | null };

export type HeldRailcard = {
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

/** A passenger of this customer, or 404 PASSENGER_NOT_FOUND. */
export async function railcardHolder(db: Queryable, customerId: string, passengerId: string): Promise<RailcardHolder> {
  const p = await one<RailcardHolder>(
    db,
    `select id, first_name, last_name, to_char(date_of_birth, 'YYYY-MM-DD') as dob
     from saved_passengers where id = $1 and customer_id = $2`,
    [passengerId, customerId],
  );
  if (!p) throw new ApiError(404, 'PASSENGER_NOT_FOUND');
  return p;
}

/**
 * The railcard type a {railcardId} names: our id ("16-25") or its railcardDetails.code ("YNG"), which
 * a client of the spec's Railcard (no id, decision 232) uses instead. The two never collide. 404
 * RAILCARD_NOT_FOUND for neither.
 */
export async function railcardType(db: Queryable, id: string): Promise<TypeRow> {
  const t = (await railcardCatalogue(db)).find((r) => r.id === id || r.code === id);
  if (!t) throw new ApiError(404, 'RAILCARD_NOT_FOUND');
  return t;
}

/** The passenger's card of this type, or null. */
export const heldRailcard = (db: Queryable, passengerId: string, typeId: string) =>
  one<HeldRailcard>(
    db,
    `select ${HELD_COLUMNS} from passenger_railcards where passenger_id = $1 and railcard_type_id = $2`,
    [passengerId, typeId],
  );

/** The railcard types the passenger holds a card of. */
export async function heldRailcardTypes(db: Queryable, passengerId: string): Promise<Set<string>> {
  const rows = await many<{ railcard_type_id: string }>(
    db,
    'select railcard_type_id from passenger_railcards where passenger_id = $1',
    [passengerId],
  );
  return new Set(rows.map((r) => r.railcard_type_id));
}

/**
 * Creates the passenger's card of this type or replaces its details (number, expiry, digital); the
 * card is valid from its type's validity before the expiry.
 */
export async function saveRailcardDetails(
  db: Queryable,
  passengerId: string,
  type: TypeRow,
  details: { cardNumber: string; expiryDate: string; isDigital: boolean },
): Promise<HeldRailcard> {
  await db.query(
    `insert into passenger_railcards (id, passenger_id, railcard_type_id, card_number, valid_from, expiry_date, is_digital)
     values ($1, $2, $3, $4, ($6::date - make_interval(months => $7))::date, $5, $8)
     on conflict (passenger_id, railcard_type_id) do update set card_number = excluded.card_number,
       valid_from = excluded.valid_from, expiry_date = excluded.expiry_date, is_digital = excluded.is_digital, updated_at = now()`,
    [
      randomUUID(),
      passengerId,
      type.id,
      details.cardNumber,
      details.expiryDate,
      details.expiryDate,
      type.validity_months,
      details.isDigital,
    ],
  );
  return (await heldRailcard(db, passengerId, type.id))!;
}

/** Replaces the card's attributes (already checked against its type). */
export async function saveRailcardAttributes(
  db: Queryable,
  held: HeldRailcard,
  attributes: Record<string, string>,
): Promise<HeldRailcard> {
  await db.query('update passenger_railcards set attributes = $1, updated_at = now() where id = $2', [
    JSON.stringify(attributes),
    held.id,
  ]);
  return (await heldRailcard(db, held.passenger_id, held.railcard_type_id))!;
}

/** Removes the passenger's card of this type; 404 RAILCARD_NOT_FOUND when there is none. */
export async function removeRailcard(db: Queryable, passengerId: string, typeId: string): Promise<void> {
  const { rows } = await db.query(
    'delete from passenger_railcards where passenger_id = $1 and railcard_type_id = $2 returning id',
    [passengerId, typeId],
  );
  if (rows.length === 0) throw new ApiError(404, 'RAILCARD_NOT_FOUND');
}

/** Whether this card number is already on another card than the passenger's card of this type. */
export async function cardNumberOnAnotherCard(
  db: Queryable,
  cardNumber: string,
  passengerId: string,
  typeId: string,
): Promise<boolean> {
  const clash = await one<{ id: string }>(
    db,
    `select id from passenger_railcards where card_number = $1 and not (passenger_id = $2 and railcard_type_id = $3)`,
    [cardNumber, passengerId, typeId],
  );
  return clash !== null;
}

/**
 * The customer's digital railcard a {railcardId} names: the held card's own id, or its railcard type
 * (id or code, as the spec's railcardslist names it) when the customer holds exactly one digital
 * card of that type. With its holder's name; 404 RAILCARD_NOT_FOUND otherwise.
 */
export async function digitalRailcard(
  db: Queryable,
  customerId: string,
  railcardId: string,
): Promise<{ held: HeldRailcard; holder: RailcardHolder }> {
  const found = await many<HeldRailcard & { first_name: string; last_name: string }>(
    db,
    `select r.id, r.passenger_id, r.railcard_type_id, r.card_number, to_char(r.valid_from, 'YYYY-MM-DD') as valid_from,
       to_char(r.expiry_date, 'YYYY-MM-DD') as expiry, r.is_digital, r.attributes, p.first_name, p.last_name, p.customer_id
     from passenger_railcards r join saved_passengers p on p.id = r.passenger_id join railcard_types t on t.id = r.railcard_type_id
     where p.customer_id = $2 and r.is_digital and (r.id = $1 or t.id = $1 or t.code = $1)
     order by r.id`,
    [railcardId, customerId],
  );
  const byId = found.filter((r) => r.id === railcardId);
  const held = byId.length === 1 ? byId[0] : found.length === 1 ? found[0] : undefined;
  if (!held) throw new ApiError(404, 'RAILCARD_NOT_FOUND');
  return {
    held,
    holder: { id: held.passenger_id, first_name: held.first_name, last_name: held.last_name, dob: null },
  };
}
