import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { Queryable } from '../db.ts';
import type { AppEnv } from './app-env.ts';
import { errorBody } from './errors.ts';
import { forwardedClient } from './proxy.ts';

/**
 * Anti-automation limits (docs/decisions/155-rate-limits-and-csp.md): at most `max`
 * counted events per key in a fixed window of `windowMs`. Counts live in attempt_counters so a
 * restart does not reset them; the time is always the app's injectable clock.
 */
export type Limit = { scope: string; max: number; windowMs: number };

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const WINDOW_MS = 15 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export const LIMITS = {
  /** Wrong sign-ins from one client address, whichever accounts (room for a shared address). */
  loginClient: { scope: 'login.client', max: 30, windowMs: WINDOW_MS },
  /** Reset links requested for one email address (counted whether or not it has an account). */
  forgotEmail: { scope: 'forgot.email', max: 5, windowMs: WINDOW_MS },
  /** Reset links requested from one client address. */
  forgotClient: { scope: 'forgot.client', max: 20, windowMs: WINDOW_MS },
  /** Wrong current passwords on change-password, per account. */
  changePassword: { scope: 'change-password.account', max: 5, windowMs: WINDOW_MS },
  /** Wrong current passwords on change-email, per account. */
  changeEmail: { scope: 'change-email.account', max: 5, windowMs: WINDOW_MS },
  /** Wrong passwords when closing the account, per account (decision 611). */
  closeAccount: { scope: 'close-account.account', max: 5, windowMs: WINDOW_MS },
  /**
   * Changes of email asked for by one account (each one sends an email to the address typed, whether
   * or not it has an account): the next one is refused (decision 560).
   */
  changeEmailSent: { scope: 'change-email-sent.account', max: 3, windowMs: HOUR_MS },
  /** Unknown, used or expired change-of-email (and registration) links tried from one client. */
  emailChangeTokenClient: { scope: 'email-change-token.client', max: 30, windowMs: WINDOW_MS },
  /**
   * "You already have an account" notices sent to one address (registration, or a change of email
   * to it): past the first of the day nothing is sent and the answer is the same (decision 560).
   */
  accountExistsNotice: { scope: 'account-exists-notice.email', max: 1, windowMs: DAY_MS },
  /** Unknown or expired reset links tried from one client (validate and reset). */
  resetTokenClient: { scope: 'reset-token.client', max: 30, windowMs: WINDOW_MS },
  /** Unknown or expired guest, marketing or claim tokens exchanged from one client (POST /user-flow-access). */
  userFlowAccessClient: { scope: 'user-flow-access.client', max: 30, windowMs: WINDOW_MS },
  /**
   * Wrong order tokens sent as `?token=` from one client (decision 566): the booking list of a token,
   * a booking, a claim and every other order call that takes one. A token that opens the order never counts.
   */
  orderTokenClient: { scope: 'order-token.client', max: 30, windowMs: WINDOW_MS },
  /** Unknown calendar feed addresses fetched from one client (decision 566). */
  calendarFeedClient: { scope: 'calendar-feed.client', max: 30, windowMs: WINDOW_MS },
  /** Booking emails resent for one booking, whoever asks (decision 301). */
  resendBooking: { scope: 'resend-email.booking', max: 5, windowMs: HOUR_MS },
  /** Booking emails resent by one signed-in customer over all their bookings. */
  resendCustomer: { scope: 'resend-email.customer', max: 20, windowMs: HOUR_MS },
  /** Booking emails resent by guests (session or order token) from one client address. */
  resendClient: { scope: 'resend-email.client', max: 10, windowMs: HOUR_MS },
  /** Resends refused for a recipient outside the booking's mailbox, from one client address (decision 567). */
  resendRefusedClient: { scope: 'resend-email-refused.client', max: 10, windowMs: HOUR_MS },
  /** On-demand tickets generated for one booking (each one is a new ticket to issue). */
  onDemandBooking: { scope: 'on-demand.booking', max: 10, windowMs: HOUR_MS },
  /** Sign-in links asked for from one client address, whichever emails (decision 400). */
  signInLinkClient: { scope: 'sign-in-link.client', max: 20, windowMs: WINDOW_MS },
  /** Sign-in links emailed to one address: past this the request is still answered 202, and nothing is sent. */
  signInLinkEmail: { scope: 'sign-in-link.email', max: 5, windowMs: WINDOW_MS },
  /** Unknown, used or expired sign-in links tried from one client. */
  signInLinkTokenClient: { scope: 'sign-in-link-token.client', max: 30, windowMs: WINDOW_MS },
  /** Find-booking misses for one reference from one client: the owner elsewhere is not locked out. */
  findBookingReference: { scope: 'find-booking.client-reference', max: 10, windowMs: WINDOW_MS },
  /** Find-booking misses from one client over all references: stops sweeping many references. */
  findBookingClient: { scope: 'find-booking.client', max: 30, windowMs: WINDOW_MS },
} as const satisfies Record<string, Limit>;

/** The error code of a throttled answer (429). */
export const TOO_MANY_ATTEMPTS = 'TOO_MANY_ATTEMPTS';

/**
 * The client's address: the socket's peer address. X-Forwarded-For is read only when the server is
 * configured to sit behind trusted proxies (createApp trustProxy / TRUST_PROXY=N), and then only the
 * entry those proxies appended (server/lib/proxy.ts): the entries to its left are whatever the client
 * sent, so reading them would let any client pick its own address and escape the per-client limits.
 */
export function clientAddress(c: Context<AppEnv>): string {
  const forwarded = forwardedClient(c);
  if (forwarded) return forwarded;
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown'; // no socket (app.request in a unit test)
  }
}

type Row = { window_start: Date; count: number };

async function current(db: Queryable, limit: Limit, key: string, now: Date): Promise<Row | null> {
  const { rows } = await db.query<Row>(
    'select window_start, count from attempt_counters where scope = $1 and key = $2',
    [limit.scope, key],
  );
  const row = rows[0];
  if (!row || now.getTime() - new Date(row.window_start).getTime() >= limit.windowMs) return null;
  return row;
}

/** 429 TOO_MANY_ATTEMPTS with Retry-After (whole seconds until the window ends). */
function throttled(retryAfterSeconds: number): HTTPException {
  const res = new Response(JSON.stringify(errorBody(TOO_MANY_ATTEMPTS)), {
    status: 429,
    headers: {
      'content-type': 'application/json',
      'retry-after': String(retryAfterSeconds),
      'cache-control': 'no-store',
    },
  });
  return new HTTPException(429, { res });
}

/** Throws 429 when any of the (limit, key) pairs has used up its window. */
export async function assertNotThrottled(
  db: Queryable,
  now: Date,
  checks: readonly (readonly [Limit, string])[],
): Promise<void> {
  let retryAfterMs = 0;
  for (const [limit, key] of checks) {
    const row = await current(db, limit, key, now);
    if (row && row.count >= limit.max) {
      retryAfterMs = Math.max(retryAfterMs, new Date(row.window_start).getTime() + limit.windowMs - now.getTime());
    }
  }
  if (retryAfterMs > 0) throw throttled(Math.max(1, Math.ceil(retryAfterMs / 1000)));
}

/** Counts one event against each (limit, key) pair, starting a new window where the old one ended. */
export async function recordAttempt(
  db: Queryable,
  now: Date,
  checks: readonly (readonly [Limit, string])[],
): Promise<void> {
  for (const [limit, key] of checks) {
    await db.query(
      `insert into attempt_counters (scope, key, window_start, count) values ($1, $2, $3::timestamptz, 1)
       on conflict (scope, key) do update set
         window_start = case when $3::timestamptz - attempt_counters.window_start >= $4::int * interval '1 millisecond'
                             then excluded.window_start else attempt_counters.window_start end,
         count = case when $3::timestamptz - attempt_counters.window_start >= $4::int * interval '1 millisecond'
                      then 1 else attempt_counters.count + 1 end`,
      [limit.scope, key, now, limit.windowMs],
    );
  }
}

/**
 * A silent limit (decision 560): counts one event for `key` and answers true while the window has
 * room; past the limit it counts nothing and answers false, and the caller answers as if it had acted.
 */
export async function takeAllowance(db: Queryable, now: Date, limit: Limit, key: string): Promise<boolean> {
  const row = await current(db, limit, key, now);
  if (row && row.count >= limit.max) return false;
  await recordAttempt(db, now, [[limit, key]]);
  return true;
}

/** Forgets the counts of these pairs (a success ends a run of failures for that key). */
export async function clearAttempts(db: Queryable, checks: readonly (readonly [Limit, string])[]): Promise<void> {
  for (const [limit, key] of checks) {
    await db.query('delete from attempt_counters where scope = $1 and key = $2', [limit.scope, key]);
  }
}

/**
 * Wrong passwords for one account, from anywhere (decision 400): a slowdown, not a lockout. The first
 * `freeFailures` cost nothing; from then on the account waits `firstDelayMs` after its last failure,
 * doubling with each further failure, at most `maxDelayMs`. A wrong password tried after the wait
 * counts again; one tried during it is refused (429 + Retry-After) without being checked or counted.
 * The owner passes it with the emailed sign-in link (server/api/sign-in-link.ts), which a stranger's
 * failures do not touch. A run of failures is forgotten `forgetAfterMs` after the last one.
 */
export const LOGIN_SLOWDOWN = {
  scope: 'login.account-delay',
  freeFailures: 5,
  firstDelayMs: 30 * 1000,
  maxDelayMs: WINDOW_MS,
  forgetAfterMs: 24 * HOUR_MS,
} as const;

/** How long the account waits after its last failure, given how many failures in a row it has had. */
export function loginDelayMs(failures: number): number {
  const over = failures - LOGIN_SLOWDOWN.freeFailures;
  if (over < 0) return 0;
  return Math.min(LOGIN_SLOWDOWN.maxDelayMs, LOGIN_SLOWDOWN.firstDelayMs * 2 ** Math.min(over, 30));
}

/** Throws 429 (Retry-After: the rest of the wait) while the account `key` is being slowed down. */
export async function assertLoginNotSlowed(db: Queryable, now: Date, key: string): Promise<void> {
  const { rows } = await db.query<Row>(
    'select window_start, count from attempt_counters where scope = $1 and key = $2',
    [LOGIN_SLOWDOWN.scope, key],
  );
  const row = rows[0];
  if (!row) return;
  const last = new Date(row.window_start).getTime();
  if (now.getTime() - last >= LOGIN_SLOWDOWN.forgetAfterMs) return;
  const waitMs = last + loginDelayMs(row.count) - now.getTime();
  if (waitMs > 0) throw throttled(Math.max(1, Math.ceil(waitMs / 1000)));
}

/** Counts one wrong password for the account `key` (window_start holds the time of the last one). */
export async function recordLoginFailure(db: Queryable, now: Date, key: string): Promise<void> {
  await db.query(
    `insert into attempt_counters (scope, key, window_start, count) values ($1, $2, $3::timestamptz, 1)
     on conflict (scope, key) do update set
       window_start = excluded.window_start,
       count = case when $3::timestamptz - attempt_counters.window_start >= $4::int * interval '1 millisecond'
                    then 1 else attempt_counters.count + 1 end`,
    [LOGIN_SLOWDOWN.scope, key, now, LOGIN_SLOWDOWN.forgetAfterMs],
  );
}

/** Ends the account's run of failures (the right password, or its owner's sign-in link). */
export async function clearLoginFailures(db: Queryable, key: string): Promise<void> {
  await db.query('delete from attempt_counters where scope = $1 and key = $2', [LOGIN_SLOWDOWN.scope, key]);
}

/** The longest window of any limit: a counter older than that has ended whatever its scope. */
const LONGEST_WINDOW_MS = Math.max(
  LOGIN_SLOWDOWN.forgetAfterMs,
  ...Object.values(LIMITS).map((limit: Limit) => limit.windowMs),
);

/** Deletes counters whose window ended (housekeeping). */
export async function purgeAttemptCounters(db: Queryable, now: Date): Promise<void> {
  await db.query(`delete from attempt_counters where window_start < $1`, [new Date(now.getTime() - LONGEST_WINDOW_MS)]);
}
