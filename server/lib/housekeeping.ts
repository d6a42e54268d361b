import type { Queryable } from '../db.ts';
import { DAY_MS, addMs } from './clock.ts';

/**
 * Deletes expired sessions and guest sessions, expired find-booking exchange tokens and
 * marketing-email tokens, Delay Repay claim tokens, and reset tokens a week past expiry.
 */
export async function purgeExpired(db: Queryable, now: Date): Promise<void> {
  await db.query('delete from sessions where expires_at <= $1', [now]);
  await db.query('delete from ufac_sessions where expires_at <= $1', [now]);
  await db.query('delete from order_exchange_tokens where expires_at <= $1', [now]);
  await db.query('delete from marketing_tokens where expires_at <= $1', [now]);
  await db.query('delete from claim_tokens where expires_at <= $1', [now]);
  await db.query('delete from password_reset_tokens where expires_at <= $1', [addMs(now, -7 * DAY_MS)]);
}
