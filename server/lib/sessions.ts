import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { one, type Queryable } from '../db.ts';
import type { Provider, SessionCustomer } from '../domain/identity.ts';
import { DAY_MS, addMs } from './clock.ts';
import { isHttps } from './cookies.ts';
import { randomToken } from './tokens.ts';

export const SESSION_COOKIE = 'ma_session';
export const SESSION_TTL_MS = 14 * DAY_MS;
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
  await db.query('insert into sessions (id, customer_id, created_at, expires_at) values ($1, $2, $3, $4)', [
    id,
    customerId,
    now,
    expiresAt,
  ]);
  return { id, expiresAt };
}

type CustomerRow = {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  provider: Provider;
};

/** The customer behind an unexpired session id, or null. */
export async function findSessionCustomer(db: Queryable, sessionId: string, now: Date): Promise<SessionCustomer | null> {
  const row = await one<CustomerRow>(
    db,
    `select c.id, c.email, c.first_name, c.last_name, c.provider
     from sessions s join customers c on c.id = s.customer_id
     where s.id = $1 and s.expires_at > $2`,
    [sessionId, now],
  );
  if (!row) return null;
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    provider: row.provider,
    sessionId,
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
