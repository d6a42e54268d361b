import { createHmac } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { one, type Queryable } from '../db.ts';
import { DAY_MS } from './clock.ts';
import { isHttps } from './cookies.ts';
import { errorBody } from './errors.ts';
import { SESSION_COOKIE } from './sessions.ts';
import { randomToken, safeEqual } from './tokens.ts';

/**
 * Signed double-submit CSRF protection.
 * Token = `{nonce}.{hmac}`: 32 random bytes (base64url) plus an HMAC-SHA256 of the nonce under a
 * server secret kept in the database. The shell puts the token in an httpOnly `ma_csrf` cookie and
 * the same value in the page data; state-changing calls must echo it in `x-csrf-token` or `_csrf`.
 * The signature means a cookie planted by someone else (e.g. a sibling subdomain) is worthless.
 *
 * Bound to the session (decision 151): the token carries a keyed tag of the session cookie it was
 * issued for ('anon' signed out), under the signature. A request with a session cookie must bring a
 * token of that session, so a pair taken from an anonymous page (or another session) is refused. A
 * request without one (sign-in, guest calls) accepts any signed pair: there is no session to abuse,
 * and a page whose session cookie expired can still sign in. Whenever a response sets or clears the session cookie (sign-in, registration, sign-out,
 * confirmed change of email) a new token is issued: new cookie, and the value in the `x-csrf-token`
 * response header, which the app's API client adopts.
 */
export const CSRF_COOKIE = 'ma_csrf';
export const CSRF_HEADER = 'x-csrf-token';
const CSRF_MAX_AGE_S = (30 * DAY_MS) / 1000;

/** Loads (or on first use creates) the HMAC secret. */
export async function loadCsrfSecret(db: Queryable): Promise<string> {
  const existing = await one<{ value: string }>(db, `select value from app_secrets where name = 'csrf'`);
  if (existing) return existing.value;
  await db.query(`insert into app_secrets (name, value) values ('csrf', $1) on conflict (name) do nothing`, [
    randomToken(32),
  ]);
  const created = await one<{ value: string }>(db, `select value from app_secrets where name = 'csrf'`);
  if (!created) throw new Error('CSRF secret missing after insert');
  return created.value;
}

function hmac(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text).digest('base64url');
}

/** Which session a token belongs to: 'anon' signed out, else a keyed digest of the session cookie value. */
const bindingTag = (secret: string, binding: string): string =>
  binding === '' ? 'anon' : hmac(secret, `session|${binding}`).slice(0, 22);

/** A token `{nonce}.{binding tag}.{signature}` for the session `binding` (the session cookie's value, '' signed out). */
export function issueCsrfToken(secret: string, binding = ''): string {
  const body = `${randomToken(32)}.${bindingTag(secret, binding)}`;
  return `${body}.${hmac(secret, body)}`;
}

/**
 * Whether `token` is signed under `secret` and bound to `binding`. `binding` null: any binding (a
 * request without a session cookie has no session to protect; the double submit still applies).
 */
export function isSignedCsrfToken(secret: string, token: string, binding: string | null = ''): boolean {
  const [nonce, tag, signature, extra] = token.split('.');
  if (!nonce || !tag || !signature || extra !== undefined) return false;
  if (!safeEqual(signature, hmac(secret, `${nonce}.${tag}`))) return false;
  return binding === null || safeEqual(tag, bindingTag(secret, binding));
}

/** What the caller's token must be bound to: its session cookie as sent, or null (any) when it sends none. */
const requestBinding = (c: Context): string | null => getCookie(c, SESSION_COOKIE) ?? null;

function setCsrfCookie(c: Context, token: string): void {
  setCookie(c, CSRF_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    secure: isHttps(c),
    maxAge: CSRF_MAX_AGE_S,
  });
}

/** Returns the caller's valid CSRF cookie value (bound to its session), or sets a new one and returns it. */
export function ensureCsrfCookie(c: Context, secret: string): string {
  const current = getCookie(c, CSRF_COOKIE);
  const binding = getCookie(c, SESSION_COOKIE) ?? '';
  if (current && isSignedCsrfToken(secret, current, binding)) return current;
  const token = issueCsrfToken(secret, binding);
  setCsrfCookie(c, token);
  return token;
}

/** The session cookie value this response sets ('' when it clears it), or null when it leaves it alone. */
function sessionCookieSet(res: Response): string | null {
  let value: string | null = null;
  for (const line of res.headers.getSetCookie()) {
    const [pair = '', ...attrs] = line.split(';').map((part) => part.trim());
    if (!pair.startsWith(`${SESSION_COOKIE}=`)) continue;
    const cleared = attrs.some((a) => /^max-age=0$/i.test(a));
    value = cleared ? '' : pair.slice(SESSION_COOKIE.length + 1);
  }
  return value;
}

async function submittedToken(c: Context): Promise<string | null> {
  const header = c.req.header(CSRF_HEADER);
  if (header) return header;
  if (!(c.req.header('content-type') ?? '').includes('json')) return null;
  try {
    const body: unknown = await c.req.json();
    if (typeof body === 'object' && body !== null && '_csrf' in body && typeof body._csrf === 'string') {
      return body._csrf;
    }
  } catch {
    // An unreadable body carries no token; the handler reports the body itself.
  }
  return null;
}

/**
 * Rejects non-GET/HEAD requests whose submitted token does not match the signed cookie, or is not
 * bound to the caller's session: 403 CSRF_INVALID. Rotates the token when the session changes.
 */
export function csrfProtection(getSecret: () => string): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const secret = getSecret();
    const cookie = getCookie(c, CSRF_COOKIE);
    const submitted = await submittedToken(c);
    const ok =
      cookie !== undefined &&
      submitted !== null &&
      safeEqual(cookie, submitted) &&
      isSignedCsrfToken(secret, cookie, requestBinding(c));
    if (!ok) return c.json(errorBody('CSRF_INVALID'), 403);
    await next();
    rotateOnSessionChange(c, secret);
  };
}

/** A new token bound to the new session whenever the response sets or clears the session cookie. */
function rotateOnSessionChange(c: Context, secret: string): void {
  const binding = sessionCookieSet(c.res);
  if (binding === null) return;
  const token = issueCsrfToken(secret, binding);
  setCsrfCookie(c, token);
  c.header(CSRF_HEADER, token);
}
