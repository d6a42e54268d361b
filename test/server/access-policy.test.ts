import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app.ts';
import { type Db } from '#server/db.ts';
import { openTestDb } from '#test/helpers/db.ts';
import type { AppEnv } from '#server/lib/app-env.ts';
import {
  ACCESS_KINDS,
  ACTIONS,
  allows,
  declaredActions,
  POLICY,
  type AccessKind,
  type Action,
} from '#server/lib/policy.ts';
import { DEMO_ACCOUNT, SECOND_ACCOUNT } from '#server/seed/accounts.ts';
import { DEMO_GUEST_TOKENS } from '#server/seed/guest-orders.ts';
import { DEMO_MARKETING_TOKEN } from '#server/seed/consents.ts';
import { seed } from '#server/seed/index.ts';
import type { SeedReport } from '#server/seed/context.ts';
import { apiClient, createFixtureDist, signedInClient, type ApiClient } from '../helpers/server.ts';

/**
 * The route × access walk (docs/access-policy.md): every API route names its action, and every
 * route is called with every kind of access on a booking, claim or account that kind reaches. A
 * refusal (401 or 403) where the table allows, or anything else where it refuses, fails the test.
 */

const API = '/my-account/api';
const FOREIGN = 'zz-not-a-thing';

type Target = {
  orderId: string;
  bookingId: string;
  onAccountOrder: boolean;
  deliveryMethod: string;
  claimId: string | null;
  insuranceId: string | null;
  quoteId: string | null;
};
type Caller = { kind: AccessKind; label: string; client: ApiClient; target: Target; token?: string };

let db: Db;
let app: Hono<AppEnv>;
let origin: string;
let seeded: SeedReport;
let close: () => Promise<void>;

beforeAll(async () => {
  db = await openTestDb(null);
  seeded = await seed(db, 'demo');
  app = await createApp({ db, distDir: await createFixtureDist(), log: () => {} });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1', overrideGlobalObjects: false });
  await new Promise<void>((resolve) => (server.listening ? resolve() : server.once('listening', () => resolve())));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      if ('closeAllConnections' in server) server.closeAllConnections();
    });
}, 120_000);
afterAll(async () => {
  await close?.();
  await db?.close();
});

/** The API routes the app serves, each with the actions its `can(...)` declares (none: a test failure). */
function apiRoutes(): { method: string; path: string; actions: readonly Action[] | undefined }[] {
  const byKey = new Map<string, { method: string; path: string; actions: readonly Action[] | undefined }>();
  for (const route of app.routes) {
    if (!route.path.startsWith(`${API}/`) && route.path !== '/graphql') continue;
    if (route.method === 'ALL' || route.path.endsWith('/*') || route.path.startsWith(`${API}/__test`)) continue;
    const key = `${route.method} ${route.path}`;
    const entry = byKey.get(key) ?? { method: route.method, path: route.path, actions: undefined };
    entry.actions ??= declaredActions(route.handler);
    byKey.set(key, entry);
  }
  return [...byKey.values()];
}

describe('every API route names its action', () => {
  it('has a can(...) on every route, with actions from the table', () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(75);
    expect(routes.filter((r) => !r.actions).map((r) => `${r.method} ${r.path}`)).toEqual([]);
    for (const r of routes) for (const a of r.actions ?? []) expect(ACTIONS).toContain(a);
  });

  it('is the table docs/access-policy.md shows integrators', () => {
    const cell = (a: boolean | 'guest-order') => (a === true ? 'yes' : a === false ? '—' : 'guest orders only');
    const rows = ACTIONS.map(
      (a) => `| \`${a}\` | ${POLICY[a].what} | ${ACCESS_KINDS.map((k) => cell(POLICY[a].allow[k])).join(' | ')} |`,
    );
    const page = readFileSync(new URL('../../docs/access-policy.md', import.meta.url), 'utf8');
    expect(page).toContain(`| Action | What it covers | ${ACCESS_KINDS.join(' | ')} |`);
    for (const row of rows) expect(page).toContain(row);
  });

  it('uses every action of the table somewhere', () => {
    const used = new Set(apiRoutes().flatMap((r) => r.actions ?? []));
    expect(ACTIONS.filter((a) => !used.has(a))).toEqual([]);
  });
});

// --- fixtures: what each kind of access reaches -------------------------------------------------

const one = async <T>(sql: string, params: unknown[] = []): Promise<T> => {
  const row = (await db.query<T>(sql, params)).rows[0];
  if (!row) throw new Error(`no fixture row for: ${sql}`);
  return row;
};

async function targetOf(orderId: string, bookingWith: 'any' | 'claim' = 'any'): Promise<Target> {
  const booking = await one<{ id: string; customer_id: string | null; method: string }>(
    `select b.id, o.customer_id, b.data->'delivery'->>'method' as method from bookings b join orders o on o.id = b.order_id
     where b.order_id = $1 ${bookingWith === 'claim' ? 'and exists (select 1 from delay_repay_claims c where c.booking_id = b.id)' : ''}
     order by b.outward_date desc limit 1`,
    [orderId],
  );
  const claim = (
    await db.query<{ id: string }>('select id from delay_repay_claims where booking_id = $1 limit 1', [booking.id])
  ).rows[0];
  const insurance = (
    await db.query<{ id: string }>('select id from insurance_products where booking_id = $1 limit 1', [booking.id])
  ).rows[0];
  return {
    orderId,
    bookingId: booking.id,
    onAccountOrder: booking.customer_id !== null,
    deliveryMethod: booking.method,
    claimId: claim?.id ?? null,
    insuranceId: insurance?.id ?? null,
    quoteId: null,
  };
}

/** An upcoming order of a customer (or, with `claim`, one whose booking has a Delay Repay claim). */
const orderOfCustomer = async (customerId: string, claim = false) =>
  (
    await one<{ id: string }>(
      `select o.id from orders o join bookings b on b.order_id = o.id
       where o.customer_id = $1 and o.replacement_order_id is null
         ${claim ? 'and exists (select 1 from delay_repay_claims c where c.booking_id = b.id)' : "and b.outward_date > now() + interval '3 days' and not b.is_season"}
       order by b.outward_date limit 1`,
      [customerId],
    )
  ).id;

/** A session from Find a booking's four details for an order's booking (knowledge, not ownership). */
async function findBookingSession(target: Target): Promise<ApiClient> {
  const details = await one<{ ref: string; email: string; day: string; surname: string }>(
    `select o.friendly_order_id as ref, o.email,
       to_char((b.data->'outward'->>'date')::timestamptz at time zone 'Europe/London', 'YYYY-MM-DD') as day,
       b.data->'passengers'->0->>'lastName' as surname
     from bookings b join orders o on o.id = b.order_id where b.id = $1`,
    [target.bookingId],
  );
  const client = apiClient(origin);
  await client.init();
  const found = await client.post<{ orderExchangeToken: string }>(`${API}/booking/find-booking`, {
    bookingReference: details.ref,
    departureDate: details.day,
    passengerSurname: details.surname,
    emailAddress: details.email,
  });
  expect(found.status).toBe(200);
  const session = await client.post<{ session: string }>(`${API}/user-flow-access`, {
    token: found.body.orderExchangeToken,
  });
  expect(session.status).toBe(200);
  client.flowId = `order.${session.body.session}`;
  return client;
}

async function emailLinkSession(token: string, flow: 'order' | 'claim' | 'customer' = 'order'): Promise<ApiClient> {
  const client = apiClient(origin);
  await client.init();
  const session = await client.post<{ session: string }>(`${API}/user-flow-access`, { token, flow });
  expect(session.status).toBe(200);
  client.flowId = `${flow === 'customer' ? 'customer' : 'order'}.${session.body.session}`;
  return client;
}

/** The callers for routes on one order, each with the order it reaches; `claim` picks orders with a claim. */
async function orderCallers(claim: boolean): Promise<Caller[]> {
  // Sam's account has an order but an email nobody proved (a registration not yet confirmed).
  await db.query('update customers set email_verified_at = null where id = $1', [SECOND_ACCOUNT.id]);
  const owner = await signedInClient(origin, DEMO_ACCOUNT);
  const unproved = await signedInClient(origin, SECOND_ACCOUNT);
  const ownerTarget = await targetOf(await orderOfCustomer(DEMO_ACCOUNT.id, claim), claim ? 'claim' : 'any');
  const samTarget = await targetOf(await orderOfCustomer(SECOND_ACCOUNT.id, claim), claim ? 'claim' : 'any');
  const callers: Caller[] = [
    { kind: 'owner', label: 'signed-in owner', client: owner, target: ownerTarget },
    { kind: 'owner-unproved', label: 'signed-in owner, email not proved', client: unproved, target: samTarget },
    {
      kind: 'find-booking',
      label: "Find a booking, an account's booking",
      client: await findBookingSession(ownerTarget),
      target: ownerTarget,
    },
    { kind: 'none', label: 'nobody', client: apiClient(origin), target: ownerTarget },
  ];
  if (claim) {
    const link = seeded.claimLinks?.[0];
    if (!link) throw new Error('the demo seed has a claim link');
    const order = await one<{ order_id: string }>('select order_id from delay_repay_claims where id = $1', [
      link.claimId,
    ]);
    const target = await targetOf(order.order_id, 'claim');
    callers.push({
      kind: 'email-link',
      label: 'Delay Repay email link',
      client: await emailLinkSession(link.token, 'claim'),
      target,
    });
    callers.push({
      kind: 'find-booking',
      label: 'Find a booking, a guest booking',
      client: await findBookingSession(target),
      target,
    });
  } else {
    const guestLink = seeded.guestLinks.find((l) => l.token === DEMO_GUEST_TOKENS[0]);
    const demoEmailLink = seeded.guestLinks.find((l) => l.token === DEMO_GUEST_TOKENS[2]);
    if (!guestLink || !demoEmailLink) throw new Error('the demo seed has guest links');
    const guestTarget = await targetOf(guestLink.orderId);
    callers.push({
      kind: 'email-link',
      label: 'guest link from the email',
      client: await emailLinkSession(guestLink.token),
      target: guestTarget,
    });
    callers.push({
      kind: 'find-booking',
      label: 'Find a booking, a guest booking',
      client: await findBookingSession(guestTarget),
      target: guestTarget,
    });
    callers.push({
      kind: 'account-email',
      label: "signed in, the guest order's own email",
      client: owner,
      target: await targetOf(demoEmailLink.orderId),
    });
  }
  return callers;
}

// --- requests: the path and a body that the handler refuses after the access check ---------------

type Probe = { method: string; path: string; body?: (t: Target) => unknown; action?: Action };

const claimDetails = (paymentMethod: unknown) => ({
  // One minute late is under every operator's threshold: the claim is refused after the access check.
  submitClaimDetails: { journey: { direction: 'outward' }, delay: { minutes: 1 }, paymentMethod },
});

/** How to call each order route; a route missing here fails the walk. */
const ORDER_PROBES: Record<string, Probe[]> = {
  'POST /booking/checkIn': [
    { method: 'POST', path: '/booking/checkIn', body: (t) => ({ uri: `/bookings/${t.bookingId}` }) },
  ],
  'POST /booking/resend-email': [
    {
      method: 'POST',
      path: '/booking/resend-email',
      body: (t) => ({
        emailAddresses: ['someone.else@example.net'],
        bookingId: t.bookingId,
        orderId: t.orderId,
        deliveryMethod: t.deliveryMethod,
        vendor: 'Leisure',
      }),
    },
  ],
  'POST /booking/:bookingId/generate-on-demand-ticket/:deliveryId': [
    { method: 'POST', path: '/booking/{bookingId}/generate-on-demand-ticket/' + FOREIGN },
  ],
  'GET /booking/:bookingId/get-on-demand-ticket-status/:deliverableId': [
    { method: 'GET', path: '/booking/{bookingId}/get-on-demand-ticket-status/' + FOREIGN },
  ],
  'GET /booking/:bookingId': [{ method: 'GET', path: '/booking/{bookingId}' }],
  'GET /booking/:bookingId/history': [{ method: 'GET', path: '/booking/{bookingId}/history' }],
  'PUT /pico/edit-passengers': [
    {
      method: 'PUT',
      path: '/pico/edit-passengers',
      body: (t) => ({
        bookingId: t.bookingId,
        alterablesIds: [FOREIGN],
        newUsers: [{ firstName: 'Test', lastName: 'Person' }],
      }),
    },
  ],
  'GET /change-of-journey/changeability/:orderId/:bookingId': [
    { method: 'GET', path: '/change-of-journey/changeability/{orderId}/{bookingId}' },
  ],
  'GET /seasons-change-of-journey/changeability/:orderId/:bookingId': [
    { method: 'GET', path: '/seasons-change-of-journey/changeability/{orderId}/{bookingId}' },
  ],
  'GET /change-of-journey/status/:orderId/:bookingId': [
    { method: 'GET', path: '/change-of-journey/status/{orderId}/{bookingId}' },
  ],
  // Changing a journey (decision 600): a bad query or body is refused after the access check.
  'GET /change-of-journey/options/:bookingId': [{ method: 'GET', path: '/change-of-journey/options/{bookingId}' }],
  'GET /change-of-journey/departures/:bookingId': [
    { method: 'GET', path: '/change-of-journey/departures/{bookingId}?direction=sideways' },
  ],
  'POST /change-of-journey/quote/:bookingId': [
    { method: 'POST', path: '/change-of-journey/quote/{bookingId}', body: () => ({ direction: 'sideways' }) },
  ],
  'POST /change-of-journey/pay/:quoteId': [
    { method: 'POST', path: '/change-of-journey/pay/{quoteId}', body: () => ({ expectedTotal: 'none' }) },
  ],
  'GET /partial-refunds/:bookingId': [{ method: 'GET', path: '/partial-refunds/{bookingId}' }],
  'GET /refund-quote/:orderId/:bookingId': [{ method: 'GET', path: '/refund-quote/{orderId}/{bookingId}' }],
  'POST /refund-quote/:quoteId': [
    // A body naming another booking: refused after the access check, the quote not spent.
    { method: 'POST', path: '/refund-quote/{quoteId}', body: () => ({ token: '', bookingId: FOREIGN }) },
    {
      method: 'POST',
      path: '/refund-quote/{quoteId}',
      body: (t) => ({ token: 'not-a-card-token', bookingId: t.bookingId }),
      action: 'refund.newCard',
    },
  ],
  'POST /payment/card-token': [
    { method: 'POST', path: '/payment/card-token', body: () => ({ number: '1', expiryMonth: 1, expiryYear: 2000 }) },
  ],
  'GET /customer/passenger-assistance/orders/:orderId/products/:productId': [
    { method: 'GET', path: '/customer/passenger-assistance/orders/{orderId}/products/{bookingId}' },
  ],
  'POST /customer/passenger-assistance/orders/:orderId/products/:productId': [
    { method: 'POST', path: '/customer/passenger-assistance/orders/{orderId}/products/{bookingId}', body: () => ({}) },
  ],
  'GET /customer/passenger-assistance/orders/:orderId/products/:productId/:assistanceId': [
    { method: 'GET', path: `/customer/passenger-assistance/orders/{orderId}/products/{bookingId}/${FOREIGN}` },
  ],
  'POST /customer/passenger-assistance/orders/:orderId/products/:productId/:assistanceId/cancel': [
    {
      method: 'POST',
      path: `/customer/passenger-assistance/orders/{orderId}/products/{bookingId}/${FOREIGN}/cancel`,
      body: () => ({}),
    },
  ],
  'POST /flexible-insurance/:orderId/:insuranceProductId/eligibility': [
    { method: 'POST', path: `/flexible-insurance/{orderId}/${FOREIGN}/eligibility` },
  ],
  'POST /flexible-insurance/:orderId/:insuranceProductId/:claimId/claim': [
    { method: 'POST', path: `/flexible-insurance/{orderId}/${FOREIGN}/${FOREIGN}/claim` },
  ],
  'GET /booking/token': [{ method: 'GET', path: '/booking/token' }],
};
const CLAIM_PROBES: Record<string, Probe[]> = {
  'GET /claim/:claimId': [{ method: 'GET', path: '/claim/{claimId}' }],
  'POST /claim/:claimId': [
    { method: 'POST', path: '/claim/{claimId}', body: () => claimDetails({ type: 'original-payment' }) },
    {
      method: 'POST',
      path: '/claim/{claimId}',
      body: () => claimDetails({ type: 'bank-transfer', sortCode: '112233', accountNumber: '12345666' }),
      action: 'claim.newPayout',
    },
  ],
};

const fill = (path: string, t: Target) =>
  path
    .replace('{orderId}', t.orderId)
    .replace('{bookingId}', t.bookingId)
    .replace('{claimId}', t.claimId ?? FOREIGN)
    .replace('{quoteId}', t.quoteId ?? FOREIGN);

/** A route path without its parameters' patterns (`:bookingId{[0-9a-f]{8}-…}` → `:bookingId`). */
const stripPatterns = (path: string) => {
  let out = '';
  let depth = 0;
  for (const ch of path) {
    if (ch === '{') depth++;
    else if (ch === '}') depth--;
    else if (depth === 0) out += ch;
  }
  return out;
};
const routeKey = (method: string, path: string) => `${method} ${stripPatterns(path).slice(API.length)}`;

type Cell = {
  route: string;
  action: Action;
  caller: string;
  kind: AccessKind;
  expected: 'allowed' | 'refused';
  status: number;
  code?: string;
};

async function walk(
  callers: Caller[],
  probes: Record<string, Probe[]>,
  routes: ReturnType<typeof apiRoutes>,
): Promise<Cell[]> {
  const cells: Cell[] = [];
  for (const route of routes) {
    const key = routeKey(route.method, route.path);
    const list = probes[key];
    if (!list) continue;
    for (const probe of list) {
      const action = probe.action ?? route.actions?.[0];
      if (!action) continue;
      for (const caller of callers) {
        // The booking list of a guest session answers for the session's own order: only sessions have one.
        if (
          key === 'GET /booking/token' &&
          (caller.kind === 'owner' || caller.kind === 'owner-unproved' || caller.kind === 'account-email')
        )
          continue;
        // A signed-in customer's card token is the account's, never the guest order's (the refund checks that).
        if (key === 'POST /payment/card-token' && caller.kind === 'account-email') continue;
        const expected = allows(action, caller.kind, caller.target.onAccountOrder) ? 'allowed' : 'refused';
        const res = await caller.client.request<{ errors?: { code: string }[] }>(
          probe.method,
          API + fill(probe.path, caller.target),
          {
            ...(probe.body ? { body: probe.body(caller.target) } : {}),
          },
        );
        const code = res.body && typeof res.body === 'object' ? res.body.errors?.[0]?.code : undefined;
        cells.push({
          route: key,
          action,
          caller: caller.label,
          kind: caller.kind,
          expected,
          status: res.status,
          ...(code ? { code } : {}),
        });
      }
    }
  }
  return cells;
}

const mismatches = (cells: Cell[]) =>
  cells.filter((cell) => {
    const refused = cell.status === 401 || cell.status === 403;
    return cell.expected === 'refused' ? !refused : refused || cell.status >= 500;
  });

describe('the route × access walk', () => {
  it('answers every order route as the table says, for every kind of access', async () => {
    const callers = await orderCallers(false);
    // An open quote on each caller's booking, one that asks for a new card (so the new-card probe
    // meets the policy, not the quote's own refusal).
    for (const c of callers) {
      const quoteId = `walk-quote-${c.target.bookingId}`;
      await db.query(
        `insert into refund_quotes (id, order_id, booking_id, refund_reason, refund_type, lines, partial, total, admin_fee, currency,
           card_form_required, created_at, expires_at)
         values ($1, $2, $3, 'changed-plans', 'terms-and-conditions', '[]'::jsonb, false, 0, 0, 'GBP', true, now(), now() + interval '1 hour')
         on conflict (id) do nothing`,
        [quoteId, c.target.orderId, c.target.bookingId],
      );
      await db.query(
        `insert into journey_change_quotes (id, order_id, booking_id, direction, total, created_at, expires_at)
         values ($1, $2, $3, 'outward', 0, now(), now() + interval '1 hour') on conflict (id) do nothing`,
        [quoteId, c.target.orderId, c.target.bookingId],
      );
      c.target = { ...c.target, quoteId };
    }
    const routes = apiRoutes();
    const cells = await walk(callers, ORDER_PROBES, routes);
    const orderRoutes = routes.filter(
      (r) => r.actions && POLICY[r.actions[0]!].subject === 'order' && !r.path.startsWith(`${API}/claim`),
    );
    expect(orderRoutes.map((r) => routeKey(r.method, r.path)).filter((k) => !ORDER_PROBES[k])).toEqual([]);
    expect(new Set(cells.map((c) => c.kind))).toEqual(new Set(ACCESS_KINDS));
    expect(mismatches(cells)).toEqual([]);
    // Knowledge is not ownership: Find a booking on an account's booking is told to sign in.
    const told = cells.filter((c) => c.caller === "Find a booking, an account's booking" && c.expected === 'refused');
    expect(told.length).toBeGreaterThan(5);
    for (const c of told) expect(c.code).toBe('SIGN_IN_TO_MANAGE');
  }, 180_000);

  it('answers the Delay Repay claim routes as the table says', async () => {
    const callers = await orderCallers(true);
    const cells = await walk(callers, CLAIM_PROBES, apiRoutes());
    expect(cells.length).toBeGreaterThan(10);
    expect(mismatches(cells)).toEqual([]);
  }, 120_000);

  it('answers every account route as the table says: the account holder only, a marketing link its preferences', async () => {
    await db.query('update customers set email_verified_at = null where id = $1', [SECOND_ACCOUNT.id]);
    const owner = await signedInClient(origin, DEMO_ACCOUNT);
    const unproved = await signedInClient(origin, SECOND_ACCOUNT);
    const marketing = await emailLinkSession(DEMO_MARKETING_TOKEN, 'customer');
    const guest = await emailLinkSession(DEMO_GUEST_TOKENS[0]);
    const nobody = apiClient(origin);
    await nobody.init();
    const callers: [AccessKind, ApiClient][] = [
      ['owner', owner],
      ['owner-unproved', unproved],
      ['email-link', marketing],
      ['none', guest],
      ['none', nobody],
    ];
    const cells: Cell[] = [];
    for (const route of apiRoutes()) {
      const action = route.actions?.[0];
      if (!action || POLICY[action].subject !== 'account') continue;
      for (const [kind, client] of callers) {
        const path = stripPatterns(route.path).replace(/:\w+/g, FOREIGN);
        // Nothing that changes the demo account for real: an empty body is refused after the access check.
        const res = await client.request<{ errors?: { code: string }[] }>(
          route.method,
          path,
          route.method === 'GET' ? {} : { body: {} },
        );
        const expected = allows(action, kind) ? 'allowed' : 'refused';
        cells.push({
          route: routeKey(route.method, route.path),
          action,
          caller: kind,
          kind,
          expected,
          status: res.status,
        });
      }
    }
    expect(cells.length).toBeGreaterThan(100);
    expect(mismatches(cells)).toEqual([]);
    // Sent to sign in (401), not refused as someone (403), unless signed in.
    for (const c of cells.filter((x) => x.expected === 'refused' && x.kind !== 'owner-unproved'))
      expect(c.status).toBe(401);
  }, 180_000);
});

describe('what the booking offers follows the table', () => {
  it('offers the change of journey online only to the kinds journey.change allows: never to Find a booking', async () => {
    const offered: [AccessKind, boolean][] = [];
    for (const caller of await orderCallers(false)) {
      const res = await caller.client.get<{ changeable?: boolean; changeOnline?: boolean }>(
        `${API}/change-of-journey/changeability/${caller.target.orderId}/${caller.target.bookingId}`,
      );
      if (res.status !== 200 || !res.body.changeable) continue;
      offered.push([caller.kind, res.body.changeOnline === true]);
      expect(res.body.changeOnline === true, caller.label).toBe(
        allows('journey.change', caller.kind, caller.target.onAccountOrder),
      );
    }
    // The guest booking of the email link is the one Find a booking found: the same booking, offered to one of them.
    expect(offered.filter(([kind]) => kind === 'email-link' || kind === 'find-booking')).toEqual([
      ['email-link', true],
      ['find-booking', false],
    ]);
  });
});
