import { createHmac } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { one, type Queryable } from '../db.ts';
import { DAY_MS } from './clock.ts';
import { isHttps } from './cookies.ts';
import { errorBody } from './errors.ts';
import { randomToken, safeEqual } from './tokens.ts';

/**
 * Signed double-submit CSRF protection.
 * Token = `{nonce}.{hmac}`: 32 random bytes (base64url) plus an HMAC-SHA256 of the nonce under a
 * server secret kept in the database. The shell puts the token in an httpOnly `ma_csrf` cookie and
 * the same value in the page data; state-changing calls must echo it in `x-csrf-token` or `_csrf`.
 * The signature means a cookie planted by someone else (e.g. a sibling subdomain) is worthless.
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

function sign(secret: string, nonce: string): string {
  return createHmac('sha256', secret).update(nonce).digest('base64url');
}

export function issueCsrfToken(secret: string): string {
  const nonce = randomToken(32);
  return `${nonce}.${sign(secret, nonce)}`;
}

export function isSignedCsrfToken(secret: string, token: string): boolean {
  const [nonce, signature, extra] = token.split('.');
  if (!nonce || !signature || extra !== undefined) return false;
  return safeEqual(signature, sign(secret, nonce));
}

/** Returns the caller's valid CSRF cookie value, or sets a new one and returns it. */
export function ensureCsrfCookie(c: Context, secret: string): string {
  const current = getCookie(c, CSRF_COOKIE);
  if (current && isSignedCsrfToken(secret, current)) return current;
  const token = issueCsrfToken(secret);
  setCookie(c, CSRF_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    secure: isHttps(c),
    maxAge: CSRF_MAX_AGE_S,
  });
  return token;
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

/** Rejects non-GET/HEAD requests whose submitted token does not match the signed cookie: 403 CSRF_INVALID. */
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
      isSignedCsrfToken(secret, cookie);
    if (!ok) return c.json(errorBody('CSRF_INVALID'), 403);
    return next();
  };
}
