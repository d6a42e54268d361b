import { many, type Queryable } from '../db.ts';

/**
 * The customer's ITSO smartcards in the database (docs/decisions/060-address-book-cards-smartcards.md):
 * the cards, and the products awaiting collection (not yet loaded, collect-by day not passed).
 */
export type SmartcardRow = {
  id: string;
  number_last_four: string;
  operator: string;
  status: 'ACTIVE' | 'INACTIVE' | 'LOST_STOLEN' | 'EXPIRED';
  expiry_date: string;
};
export type SmartcardProductRow = {
  id: string;
  smartcard_id: string;
  product_name: string;
  route: string;
  origin: string | null;
  destination: string | null;
  valid_from: string;
  collect_by: string;
};

/** The customer's cards (oldest first) and their products awaiting collection on `today` (YYYY-MM-DD). */
export async function customerSmartcards(
  db: Queryable,
  customerId: string,
  today: string,
): Promise<{ cards: SmartcardRow[]; products: SmartcardProductRow[] }> {
  const cards = await many<SmartcardRow>(
    db,
    `select id, number_last_four, operator, status, to_char(expiry_date, 'YYYY-MM-DD') as expiry_date
     from smartcards where customer_id = $1 order by created_at, id`,
    [customerId],
  );
  const products = await many<SmartcardProductRow>(
    db,
    `select p.id, p.smartcard_id, p.product_name, p.route, p.origin, p.destination,
            to_char(p.valid_from, 'YYYY-MM-DD') as valid_from, to_char(p.collect_by, 'YYYY-MM-DD') as collect_by
     from smartcard_products p join smartcards s on s.id = p.smartcard_id
     where s.customer_id = $1 and p.collected_at is null and p.collect_by >= $2::date
     order by p.valid_from, p.id`,
    [customerId, today],
  );
  return { cards, products };
}
