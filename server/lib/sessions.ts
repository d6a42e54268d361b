import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { one, type Queryable } from '../db.ts';
import type { Provider, SessionCustomer } from '../domain/identity.ts';
import { DAY_MS, addMs } from './clock.ts';
import { isHttps } from './cookies.ts';
import { randomToken } from './tokens.ts';

export const SESSION_COOKIE = 'ma_session';
/** Absolute lifetime: a session ends 14 days after sign-in whatever its use. */
export const SESSION_TTL_MS = 14 * DAY_MS;
/**
 * Idle timeout (ASVS 5.0 L2 7.3.1, decision 154): a session unused for 30 minutes ends; every
 * authenticated request renews it. Renewal is written at most once a minute (SESSION_TOUCH_MS).
 */
export const SESSION_IDLE_MS = 30 * 60 * 1000;
const SESSION_TOUCH_MS = 60 * 1000;
// Path=/ so POST /graphql, outside /my-account, also carries the session.
const COOKIE_PATH = '/';

/** Creates a session row with a fresh random id (a new id on every login: no fixation). */
export async function createSession(
  db: Queryable,
  customerId: string,
  now: Date,
): Promise<{ id: string; expiresAt: Date }> {
  const id = randomToken(32);
  const expiresAt = addMs(now, SESSION_TTL_MS);
  await db.query(
    'insert into sessions (id, customer_id, created_at, expires_at, last_seen_at) values ($1, $2, $3, $4, $3)',
    [id, customerId, now, expiresAt],
  );
  return { id, expiresAt };
}

type CustomerRow = {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  provider: Provider;
  email_verified: boolean;
  last_seen_at: Date;
};

/**
 * The customer behind a live session id, or null: not past its absolute expiry and used within the
 * idle timeout. A live session's last use moves to `now` (the idle time is renewed by use).
 */
export async function findSessionCustomer(
  db: Queryable,
  sessionId: string,
  now: Date,
): Promise<SessionCustomer | null> {
  const row = await one<CustomerRow>(
    db,
    `select c.id, c.email, c.first_name, c.last_name, c.provider, (c.email_verified_at is not null) as email_verified,
       s.last_seen_at
     from sessions s join customers c on c.id = s.customer_id
     where s.id = $1 and s.expires_at > $2 and s.last_seen_at > $3`,
    [sessionId, now, addMs(now, -SESSION_IDLE_MS)],
  );
  if (!row) return null;
  if (now.getTime() - new Date(row.last_seen_at).getTime() >= SESSION_TOUCH_MS) {
    await db.query('update sessions set last_seen_at = $2 where id = $1 and last_seen_at < $2', [sessionId, now]);
  }
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    provider: row.provider,
    sessionId,
    emailVerified: row.email_verified,
  };
}

export async function deleteSession(db: Queryable, sessionId: string): Promise<void> {
  await db.query('delete from sessions where id = $1', [sessionId]);
}

/** Ends every session of a customer, optionally keeping one (the caller's own). */
export async function deleteCustomerSessions(db: Queryable, customerId: string, exceptId?: string): Promise<void> {
  await db.query('delete from sessions where customer_id = $1 and id <> $2', [customerId, exceptId ?? '']);
}

export function readSessionCookie(c: Context): string | null {
  return getCookie(c, SESSION_COOKIE) ?? null;
}

export function setSessionCookie(c: Context, session: { id: string; expiresAt: Date }, now: Date): void {
  setCookie(c, SESSION_COOKIE, session.id, {
    httpOnly: true,
    sameSite: 'Lax',
    path: COOKIE_PATH,
    secure: isHttps(c),
    maxAge: Math.floor((session.expiresAt.getTime() - now.getTime()) / 1000),
    expires: session.expiresAt,
  });
}

export function clearSessionCookie(c: Context): void {
  deleteCookie(c, SESSION_COOKIE, { path: COOKIE_PATH, httpOnly: true, sameSite: 'Lax', secure: isHttps(c) });
}
