import type { Queryable } from '../db.ts';

/**
 * Card tokens in the database (docs/decisions/080-refunds-server.md): a new card typed for a refund
 * or a change of journey is kept as a token (brand, last four digits and expiry, never the number),
 * bound to the customer or the order it was issued for, used once before it expires.
 */
export type NewCardToken = {
  tokenHash: string;
  customerId: string | null;
  orderId: string | null;
  brand: string;
  last4: string;
  expiryMonth: number;
  expiryYear: number;
  declined: boolean;
  now: Date;
  expiresAt: Date;
};

/** Records a card token issued now. */
export async function recordCardToken(db: Queryable, t: NewCardToken): Promise<void> {
  await db.query(
    `insert into card_tokens (token_hash, customer_id, order_id, brand, last4, expiry_month, expiry_year, declined, created_at, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      t.tokenHash,
      t.customerId,
      t.orderId,
      t.brand,
      t.last4,
      t.expiryMonth,
      t.expiryYear,
      t.declined,
      t.now,
      t.expiresAt,
    ],
  );
}
