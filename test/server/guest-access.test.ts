import { Hono } from 'hono';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Db } from '#server/db.ts';
import { openTestDb } from '#test/helpers/db.ts';
import { authorizeOrder, identify } from '#server/lib/access.ts';
import { can } from '#server/lib/policy.ts';
import type { AppEnv } from '#server/lib/app-env.ts';
import { addMs, createClock, HOUR_MS } from '#server/lib/clock.ts';
import { ApiError, errorBody } from '#server/lib/errors.ts';
import { createSession } from '#server/lib/sessions.ts';
import { createUfacSession } from '#server/lib/ufac.ts';
import { DEMO_ACCOUNT, SECOND_ACCOUNT } from '#server/seed/accounts.ts';
import { DEMO_GUEST_TOKENS } from '#server/seed/guest-orders.ts';
import { seed } from '#server/seed/index.ts';
import { apiClient, startTestServer, type ApiClient, type TestServer } from '../helpers/server.ts';

type UserBody = {
  user: { id: string | null; email: string | null; provider: string | null; status: string };
  ufacSession: string | null;
  isRegistered: boolean;
};
type Access = { session: string; flow: string; orderId: string };

describe('guest access over HTTP', () => {
  let server: TestServer;
  let client: ApiClient;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(async () => {
    client = apiClient(server.origin);
    await client.init();
  });

  it('exchanges a guest token for a session scoped to its order', async () => {
    const link = server.seeded.guestLinks[0];
    const res = await client.post<Access>('/my-account/api/user-flow-access', { token: link?.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ session: expect.stringMatching(/^[\w-]{43}$/), flow: 'order', orderId: link?.orderId });
  });

  it('reports a GUEST with the order email on GET /user', async () => {
    const access = await client.post<Access>('/my-account/api/user-flow-access', { token: DEMO_GUEST_TOKENS[0] });
    client.flowId = `order.${access.body.session}`;
    const me = await client.get<UserBody>('/my-account/api/user');
    expect(me.body).toEqual({
      user: { id: null, email: 'guest@example.com', provider: null, status: 'GUEST' },
      ufacSession: access.body.session,
      isRegistered: false,
    });
  });

  it('says isRegistered when an account has the guest order email', async () => {
    const access = await client.post<Access>('/my-account/api/user-flow-access', { token: DEMO_GUEST_TOKENS[2] });
    client.flowId = `order.${access.body.session}`;
    const me = await client.get<UserBody>('/my-account/api/user');
    expect(me.body.user).toMatchObject({ status: 'GUEST', email: 'demo@example.com' });
    expect(me.body.isRegistered).toBe(true);
  });

  it('prefers the signed-in customer over the guest header', async () => {
    const access = await client.post<Access>('/my-account/api/user-flow-access', { token: DEMO_GUEST_TOKENS[0] });
    await client.post('/my-account/api/login', { email: SECOND_ACCOUNT.email, password: SECOND_ACCOUNT.password });
    client.flowId = `order.${access.body.session}`;
    const me = await client.get<UserBody>('/my-account/api/user');
    expect(me.body.user).toMatchObject({ status: 'AUTHORISED', email: SECOND_ACCOUNT.email });
  });

  it('rejects unknown tokens with 401 TOKEN_INVALID', async () => {
    for (const token of ['', 'demo-guest-token-99', 'x'.repeat(43)]) {
      const res = await client.post('/my-account/api/user-flow-access', { token });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ errors: [{ code: 'TOKEN_INVALID' }] });
    }
  });

  it('ignores bad or mismatched flow headers', async () => {
    const access = await client.post<Access>('/my-account/api/user-flow-access', { token: DEMO_GUEST_TOKENS[0] });
    for (const flowId of [
      `customer.${access.body.session}`,
      `order.${'z'.repeat(43)}`,
      access.body.session,
      'order.',
    ]) {
      client.flowId = flowId;
      expect((await client.get<UserBody>('/my-account/api/user')).body.user.status, flowId).toBe('UNKNOWN');
    }
  });

  it('needs CSRF and a body', async () => {
    expect(
      (await client.post('/my-account/api/user-flow-access', { token: DEMO_GUEST_TOKENS[0] }, { csrf: 'none' })).status,
    ).toBe(403);
    expect((await client.post('/my-account/api/user-flow-access', {})).status).toBe(400);
  });
});

describe('authorizeOrder', () => {
  let db: Db;
  const clock = createClock();
  const orderOf = new Map<string, string>();
  let app: Hono<AppEnv>;

  beforeAll(async () => {
    db = await openTestDb(null);
    const report = await seed(db, 'demo');
    for (const link of report.guestLinks) orderOf.set(link.token, link.orderId);
    app = new Hono<AppEnv>();
    app.use('*', async (c, next) => {
      c.set('deps', { db, clock, log: () => {}, testHooks: null, feature: () => true });
      await next();
    });
    app.use('*', identify);
    app.get('/orders/:orderId', can('booking.view'), async (c) => {
      const access = await authorizeOrder(c, c.req.param('orderId'), { token: c.req.query('token') ?? null });
      return c.json({ via: access.via, orderId: access.order.id });
    });
    app.get('/orders/:orderId/refund', can('refund.original'), async (c) =>
      c.json((await authorizeOrder(c, c.req.param('orderId'))).kind),
    );
    app.onError((err, c) => (err instanceof ApiError ? c.json(errorBody(err.code), err.status) : c.json({}, 500)));
  });
  afterAll(async () => {
    await db?.close();
  });

  const orderA = () => orderOf.get(DEMO_GUEST_TOKENS[0]) as string;
  const orderB = () => orderOf.get(DEMO_GUEST_TOKENS[1]) as string;
  const get = (path: string, headers: Record<string, string> = {}) => app.request(path, { headers });

  it('is 401 with no identity at all', async () => {
    const res = await get(`/orders/${orderA()}`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ errors: [{ code: 'UNAUTHORISED' }] });
  });

  it('lets an order session open its own order and never another one', async () => {
    const session = await createUfacSession(db, { flow: 'order', orderId: orderA() }, clock.now());
    const headers = { 'x-user-flow-id': `order.${session.id}` };
    const own = await get(`/orders/${orderA()}`, headers);
    expect(own.status).toBe(200);
    expect(await own.json()).toEqual({ via: 'guest', orderId: orderA() });
    const other = await get(`/orders/${orderB()}`, headers);
    expect(other.status).toBe(403);
    expect(await other.json()).toEqual({ errors: [{ code: 'FORBIDDEN' }] });
    expect((await get('/orders/does-not-exist', headers)).status).toBe(403);
  });

  it('scopes the plain order token the same way', async () => {
    expect((await get(`/orders/${orderA()}?token=${DEMO_GUEST_TOKENS[0]}`)).status).toBe(200);
    expect((await get(`/orders/${orderB()}?token=${DEMO_GUEST_TOKENS[0]}`)).status).toBe(403);
  });

  it('ignores expired guest sessions', async () => {
    const session = await createUfacSession(db, { flow: 'order', orderId: orderA() }, addMs(clock.now(), -5 * HOUR_MS));
    expect((await get(`/orders/${orderA()}`, { 'x-user-flow-id': `order.${session.id}` })).status).toBe(401);
  });

  it("lets a customer open their own orders but not someone else's or a guest order", async () => {
    const { rows } = await db.query<{ id: string; customer_id: string | null }>('select id, customer_id from orders');
    const mine = rows.find((r) => r.customer_id === DEMO_ACCOUNT.id)?.id as string;
    const sams = rows.find((r) => r.customer_id === SECOND_ACCOUNT.id)?.id as string;
    const session = await createSession(db, DEMO_ACCOUNT.id, clock.now());
    const headers = { cookie: `ma_session=${session.id}` };
    expect(await (await get(`/orders/${mine}`, headers)).json()).toEqual({ via: 'customer', orderId: mine });
    expect((await get(`/orders/${sams}`, headers)).status).toBe(403);
    // The guest order placed with the demo email is not the account's until associated: the proved
    // mailbox sees it (kind account-email), and the policy lets that kind do nothing more than look.
    const guestWithDemoEmail = orderOf.get(DEMO_GUEST_TOKENS[2]) as string;
    expect(await (await get(`/orders/${guestWithDemoEmail}`, headers)).json()).toEqual({
      via: 'email',
      orderId: guestWithDemoEmail,
    });
    expect((await get(`/orders/${guestWithDemoEmail}/refund`, headers)).status).toBe(403);
  });

  it("lets a customer-flow session open that customer's orders only", async () => {
    const { rows } = await db.query<{ id: string; customer_id: string | null }>('select id, customer_id from orders');
    const mine = rows.find((r) => r.customer_id === DEMO_ACCOUNT.id)?.id as string;
    const sams = rows.find((r) => r.customer_id === SECOND_ACCOUNT.id)?.id as string;
    const session = await createUfacSession(db, { flow: 'customer', customerId: DEMO_ACCOUNT.id }, clock.now());
    const headers = { 'x-user-flow-id': `customer.${session.id}` };
    expect((await get(`/orders/${mine}`, headers)).status).toBe(200);
    expect((await get(`/orders/${sams}`, headers)).status).toBe(403);
  });
});
