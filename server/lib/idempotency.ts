import type { MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { one } from '../db.ts';
import type { AppEnv } from './app-env.ts';
import { addMs, DAY_MS } from './clock.ts';
import { errorBody } from './errors.ts';
import { sha256Hex } from './tokens.ts';
import type { Queryable } from '../db.ts';

/**
 * Idempotency keys for the money-moving calls (decision 310): refund request, Delay Repay submit,
 * insurance claim, passenger assistance booking and cancellation. A POST that carries
 * `Idempotency-Key` is answered once per (caller, key): the first answer is stored with the
 * request's method, path and body hash, and a repeat gets the same status and body again (with
 * `Idempotent-Replayed: true`) without running the handler. A repeat that arrives while the first is
 * still being answered waits for that answer. The same key with another method, path or body is
 * refused with 422 IDEMPOTENCY_KEY_REUSED. Server errors (5xx) and answers about the caller rather
 * than the request (401, 403, 429) are not kept, so the attempt can be made again. Keys expire after
 * 24 hours. A POST without the header is handled as before (the retailer's API does not require it).
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
export const IDEMPOTENCY_TTL_MS = DAY_MS;
/** How long a repeat waits for the first request's answer before it is told to try again (409). */
const WAIT_FOR_FIRST_MS = 15_000;
const POLL_MS = 20;
/** Visible ASCII, as Stripe's and the IETF draft's keys: a UUID fits with room to spare. */
const KEY_PATTERN = /^[\x21-\x7e]{8,255}$/;
const NOT_KEPT = new Set([401, 403, 408, 429]);

type KeyRow = {
  method: string;
  path: string;
  body_hash: string;
  status: number | null;
  content_type: string | null;
  body: string | null;
  expires_at: Date;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Who made the request: a signed-in customer, a guest session, or the holder of an order token. */
function ownerOf(c: Parameters<MiddlewareHandler<AppEnv>>[0]): string | null {
  const customer = c.get('customer');
  if (customer) return `customer:${customer.id}`;
  const guest = c.get('guest');
  if (guest) return `guest:${guest.sessionId}`;
  const token = c.req.query('token');
  return token ? `token:${sha256Hex(token)}` : null;
}

export const idempotency: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.method !== 'POST') return next();
  const key = c.req.header(IDEMPOTENCY_HEADER);
  if (key === undefined) return next();
  if (!KEY_PATTERN.test(key))
    return c.json(errorBody('VALIDATION', 'Idempotency-Key must be 8 to 255 visible characters'), 400);
  const owner = ownerOf(c);
  // No identity: the handler refuses it (401) and there is nobody to keep an answer for.
  if (owner === null) return next();
  const { db, clock } = c.get('deps');
  const bodyHash = sha256Hex(await c.req.text());
  const path = c.req.path;
  const method = c.req.method;

  const deadline = Date.now() + WAIT_FOR_FIRST_MS;
  for (;;) {
    const now = clock.now();
    await db.query('delete from idempotency_keys where owner = $1 and key = $2 and expires_at <= $3', [
      owner,
      key,
      now,
    ]);
    const claimed = await one<{ key: string }>(
      db,
      `insert into idempotency_keys (owner, key, method, path, body_hash, created_at, expires_at)
       values ($1, $2, $3, $4, $5, $6, $7) on conflict do nothing returning key`,
      [owner, key, method, path, bodyHash, now, addMs(now, IDEMPOTENCY_TTL_MS)],
    );
    if (claimed) break;
    const first = await one<KeyRow>(db, 'select * from idempotency_keys where owner = $1 and key = $2', [owner, key]);
    if (!first) continue; // expired or given up between the two statements: claim it again
    if (first.method !== method || first.path !== path || first.body_hash !== bodyHash) {
      return c.json(errorBody('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used for a different request'), 422);
    }
    if (first.status !== null) {
      c.header(REPLAYED_HEADER, 'true');
      if (first.content_type) c.header('Content-Type', first.content_type);
      return c.body(first.body ?? '', first.status as ContentfulStatusCode);
    }
    if (Date.now() >= deadline) {
      return c.json(
        errorBody('IDEMPOTENCY_KEY_IN_USE', 'The first request with this Idempotency-Key is still being answered'),
        409,
      );
    }
    await sleep(POLL_MS);
  }

  try {
    await next();
  } catch (error) {
    await forget(db, owner, key);
    throw error;
  }
  const status = c.res.status;
  if (status >= 500 || NOT_KEPT.has(status)) {
    await forget(db, owner, key);
    return;
  }
  const body = await c.res.clone().text();
  await db.query(
    'update idempotency_keys set status = $3, content_type = $4, body = $5 where owner = $1 and key = $2',
    [owner, key, status, c.res.headers.get('content-type'), body],
  );
};

async function forget(db: Queryable, owner: string, key: string): Promise<void> {
  await db.query('delete from idempotency_keys where owner = $1 and key = $2 and status is null', [owner, key]);
}

/** Housekeeping: keys past their 24 hours. */
export async function purgeIdempotencyKeys(db: Queryable, now: Date): Promise<void> {
  await db.query('delete from idempotency_keys where expires_at <= $1', [now]);
}
