import { many, one, type Queryable } from '../db.ts';

/** A saved card is valid to the end of its expiry month. */
export function isCardExpired(card: { expiry_month: number; expiry_year: number }, now: Date): boolean {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  return card.expiry_year < year || (card.expiry_year === year && card.expiry_month < month);
}

/** A saved card as stored: brand, last four digits, expiry and name, never a number (docs/decisions/060). */
export type SavedCardRow = {
  id: string;
  brand: string;
  last_four_digits: string;
  expiry_month: number;
  expiry_year: number;
  cardholder_name: string;
};

/** The customer's saved cards, the oldest first. */
export const listSavedCards = (db: Queryable, customerId: string) =>
  many<SavedCardRow>(db, 'select * from saved_cards where customer_id = $1 order by created_at, id', [customerId]);

/** The customer's own saved card, or null (another's is not found either). */
export const findSavedCard = (db: Queryable, customerId: string, id: string) =>
  one<SavedCardRow>(db, 'select * from saved_cards where id = $1 and customer_id = $2', [id, customerId]);

/** Deletes the customer's own saved card; a turned-off renewal that remembered it forgets it (the foreign key sets it null). */
export async function deleteSavedCard(db: Queryable, customerId: string, id: string): Promise<void> {
  await db.query('delete from saved_cards where id = $1 and customer_id = $2', [id, customerId]);
}
