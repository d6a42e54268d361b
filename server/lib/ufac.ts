import { one, type Queryable } from '../db.ts';
import type { AccessOrigin, GuestSession, UfacFlow, UfacScope } from '../domain/identity.ts';
import { HOUR_MS, addMs } from './clock.ts';
import { randomToken, sha256Hex } from './tokens.ts';

/** User-flow access (guest) sessions: created from an order token, sent as `x-user-flow-id`. */
export const UFAC_HEADER = 'x-user-flow-id';
export const UFAC_TTL_MS = 4 * HOUR_MS;
export const ORDER_FLOW_SCOPES: UfacScope[] = ['delay-repay', 'on-demand', 'change', 'refund'];
export const CUSTOMER_FLOW_SCOPES: UfacScope[] = ['marketing-preference-unsubscribe', 'delay-repay'];

/**
 * The order whose guest token hashes to sha256(token), or null. Also accepts an unexpired order
 * exchange token issued by find-booking (migration 010, docs/decisions/012-find-a-booking.md).
 * `origin` says which: the order's own guest token was sent to the order's mailbox ('email-link');
 * an exchange token proves only that someone knew four details of the booking ('find-booking'),
 * which the access policy never takes for ownership (docs/access-policy.md).
 */
export async function findOrderByGuestToken(
  db: Queryable,
  token: string,
  now: Date = new Date(),
): Promise<{ id: string; email: string; origin: AccessOrigin } | null> {
  if (token === '') return null;
  const hash = sha256Hex(token);
  const emailed = await one<{ id: string; email: string }>(
    db,
    'select id, email from orders where guest_token_hash = $1',
    [hash],
  );
  if (emailed) return { ...emailed, origin: 'email-link' };
  const found = await one<{ id: string; email: string }>(
    db,
    `select o.id, o.email from order_exchange_tokens t join orders o on o.id = t.order_id
     where t.token_hash = $1 and t.expires_at > $2`,
    [hash, now],
  );
  return found ? { ...found, origin: 'find-booking' } : null;
}

/**
 * The customer of an unexpired marketing-email token (scope 'marketing-preference-unsubscribe',
 * table marketing_tokens from migration 070), or null.
 */
export async function findCustomerByMarketingToken(
  db: Queryable,
  token: string,
  now: Date,
): Promise<{ id: string } | null> {
  if (token === '') return null;
  return one<{ id: string }>(
    db,
    `select customer_id as id from marketing_tokens
     where token_hash = $1 and scope = 'marketing-preference-unsubscribe' and expires_at > $2`,
    [sha256Hex(token), now],
  );
}

/**
 * The claim of an unexpired Delay Repay email-link token (table claim_tokens, migration 090), or null.
 */
export async function findClaimByToken(db: Queryable, token: string, now: Date): Promise<{ id: string } | null> {
  if (token === '') return null;
  return one<{ id: string }>(db, 'select claim_id as id from claim_tokens where token_hash = $1 and expires_at > $2', [
    sha256Hex(token),
    now,
  ]);
}

/** A session for one Delay Repay claim: flow 'order' with no order, scope 'delay-repay' only. */
export async function createClaimSession(
  db: Queryable,
  claimId: string,
  now: Date,
): Promise<{ id: string; expiresAt: Date }> {
  const id = randomToken(32);
  const expiresAt = addMs(now, UFAC_TTL_MS);
  await db.query(
    `insert into ufac_sessions (id, flow, order_id, customer_id, claim_id, scopes, created_at, expires_at)
     values ($1, 'order', null, null, $2, $3, $4, $5)`,
    [id, claimId, ['delay-repay'], now, expiresAt],
  );
  return { id, expiresAt };
}

export async function createUfacSession(
  db: Queryable,
  scope: { flow: 'order'; orderId: string; origin?: AccessOrigin } | { flow: 'customer'; customerId: string },
  now: Date,
  scopes: UfacScope[] = scope.flow === 'order' ? ORDER_FLOW_SCOPES : CUSTOMER_FLOW_SCOPES,
): Promise<{ id: string; expiresAt: Date }> {
  const id = randomToken(32);
  const expiresAt = addMs(now, UFAC_TTL_MS);
  await db.query(
    `insert into ufac_sessions (id, flow, order_id, customer_id, scopes, created_at, expires_at, origin)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      id,
      scope.flow,
      scope.flow === 'order' ? scope.orderId : null,
      scope.flow === 'customer' ? scope.customerId : null,
      scopes,
      now,
      expiresAt,
      scope.flow === 'order' ? (scope.origin ?? 'email-link') : 'email-link',
    ],
  );
  return { id, expiresAt };
}

/** Parses `order.{session}` / `customer.{session}`; anything else is null. */
export function parseFlowHeader(value: string | undefined): { flow: UfacFlow; sessionId: string } | null {
  if (!value) return null;
  const match = /^(order|customer)\.([A-Za-z0-9_-]{16,128})$/.exec(value.trim());
  if (!match) return null;
  return { flow: match[1] as UfacFlow, sessionId: match[2] as string };
}

type UfacRow = {
  id: string;
  flow: UfacFlow;
  order_id: string | null;
  customer_id: string | null;
  claim_id: string | null;
  scopes: UfacScope[];
  email: string | null;
  origin: AccessOrigin;
};

/** The unexpired guest session for a parsed header, with the email of its order or customer. */
export async function findGuestSession(
  db: Queryable,
  header: { flow: UfacFlow; sessionId: string },
  now: Date,
): Promise<GuestSession | null> {
  const row = await one<UfacRow>(
    db,
    `select u.id, u.flow, u.order_id, u.customer_id, u.claim_id, u.scopes, u.origin, coalesce(o.email, c.email, co.email) as email
     from ufac_sessions u
     left join orders o on o.id = u.order_id
     left join customers c on c.id = u.customer_id
     left join delay_repay_claims dc on dc.id = u.claim_id
     left join orders co on co.id = dc.order_id
     where u.id = $1 and u.flow = $2 and u.expires_at > $3`,
    [header.sessionId, header.flow, now],
  );
  if (!row || row.email === null) return null;
  return {
    sessionId: row.id,
    flow: row.flow,
    orderId: row.order_id,
    customerId: row.customer_id,
    claimId: row.claim_id,
    email: row.email,
    scopes: row.scopes,
    origin: row.origin,
  };
}
