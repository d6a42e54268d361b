import { one, type Queryable } from '../db.ts';
import { sha256Hex } from '../lib/tokens.ts';

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

/** A card token as stored (the token itself is kept only as its hash). */
export type CardTokenRow = {
  token_hash: string;
  customer_id: string | null;
  order_id: string | null;
  brand: string;
  last4: string;
  declined: boolean;
  expires_at: Date;
  used_at: Date | null;
};

/** The card token a client sent (the token itself, not its hash), or null. */
export const findCardToken = (db: Queryable, token: string) =>
  one<CardTokenRow>(db, 'select * from card_tokens where token_hash = $1', [sha256Hex(token)]);

/** Marks the token used now, whether or not it was before (a declined card spends its token). */
export async function spendCardToken(db: Queryable, tokenHash: string, now: Date): Promise<void> {
  await db.query('update card_tokens set used_at = $2 where token_hash = $1', [tokenHash, now]);
}

/** Spends the token if it is still unused: false when another request spent it first. */
export const claimCardToken = async (db: Queryable, tokenHash: string, now: Date): Promise<boolean> =>
  (await one(db, 'update card_tokens set used_at = $2 where token_hash = $1 and used_at is null returning 1', [
    tokenHash,
    now,
  ])) !== null;
