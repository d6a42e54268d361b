import type { Queryable } from '../db.ts';
import { DAY_MS, addMs } from './clock.ts';
import { SESSION_IDLE_MS } from './sessions.ts';
import { purgeAttemptCounters } from './rate-limit.ts';
import { purgeIdempotencyKeys } from './idempotency.ts';

/**
 * Deletes expired and idle sessions and guest sessions, change-of-email links a week past expiry, expired find-booking exchange tokens and
 * marketing-email tokens, Delay Repay claim tokens, expired sign-in links (decision 400), and reset tokens a week past expiry; expired
 * refund card tokens, and refund quotes never requested a day past expiry (decision 080), and
 * anti-automation counters whose window ended (decision 155), and idempotency keys past their 24 hours
 * (decision 310), and the files of data exports past their 7 days (decision 610).
 */
export async function purgeExpired(db: Queryable, now: Date): Promise<void> {
  await db.query('delete from sessions where expires_at <= $1 or last_seen_at <= $2', [
    now,
    addMs(now, -SESSION_IDLE_MS),
  ]);
  await db.query('delete from email_change_requests where expires_at <= $1', [addMs(now, -7 * DAY_MS)]);
  await db.query('delete from ufac_sessions where expires_at <= $1', [now]);
  await db.query('delete from order_exchange_tokens where expires_at <= $1', [now]);
  await db.query('delete from marketing_tokens where expires_at <= $1', [now]);
  await db.query('delete from claim_tokens where expires_at <= $1', [now]);
  await db.query('delete from password_reset_tokens where expires_at <= $1', [addMs(now, -7 * DAY_MS)]);
  await db.query('delete from sign_in_link_tokens where expires_at <= $1', [now]);
  await db.query('delete from card_tokens where expires_at <= $1', [now]);
  await db.query('delete from refund_quotes where used_at is null and expires_at <= $1', [addMs(now, -DAY_MS)]);
  await db.query('delete from oidc_transactions where expires_at <= $1', [now]);
  // Data exports past their 7 days: the file goes, the row says only that one existed (decision 610).
  await db.query('update data_exports set file = null where expires_at <= $1 and file is not null', [now]);
  await purgeAttemptCounters(db, now);
  await purgeIdempotencyKeys(db, now);
}
