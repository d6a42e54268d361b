import { Hono } from 'hono';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDb } from '#test/helpers/db.ts';
import { authorizeOrder, identify } from '#server/lib/access.ts';
import { can } from '#server/lib/policy.ts';
import type { AppEnv } from '#server/lib/app-env.ts';
import { createClock } from '#server/lib/clock.ts';
import { ApiError, errorBody } from '#server/lib/errors.ts';
import { createUfacSession } from '#server/lib/ufac.ts';
import { seed } from '#server/seed/index.ts';
import { CONSENT_CATEGORIES, coerceBoolean } from '#server/domain/consents.ts';
import { DEMO_ACCOUNT, SECOND_ACCOUNT } from '#server/seed/accounts.ts';
import { DEMO_MARKETING_TOKEN } from '#server/seed/consents.ts';
import { DEMO_GUEST_TOKENS } from '#server/seed/guest-orders.ts';
import { apiClient, startTestServer, type ApiClient, type TestServer } from '../helpers/server.ts';

type Consent = {
  id: string;
  selected: boolean;
  hasEverBeenUpdated: boolean;
  title: string;
  missingCategoryDescriptor: object;
};
type ConsentsBody = { consents: Consent[]; revoked: boolean };
type Access = { session: string; flow: string; orderId: string | null };

const CONSENTS = '/my-account/api/customer/consents';
const selections = (body: ConsentsBody) => Object.fromEntries(body.consents.map((c) => [c.id, c.selected]));
const updated = (body: ConsentsBody) => Object.fromEntries(body.consents.map((c) => [c.id, c.hasEverBeenUpdated]));

let server: TestServer;
let client: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});
beforeEach(async () => {
  await server.reset();
  client = apiClient(server.origin);
  await client.init();
});

const signIn = async (account: { email: string; password: string } = DEMO_ACCOUNT) => {
  const res = await client.post(
    '/my-account/api/login',
    { email: account.email, password: account.password },
    { csrf: 'body' },
  );
  expect(res.status).toBe(200);
};

describe('GET and POST /customer/consents (signed in)', () => {
  it('needs a signed-in customer or a marketing-link session', async () => {
    expect((await client.get(CONSENTS)).status).toBe(401);
    expect((await client.post(CONSENTS, { consentSelections: { 'email-offers': true } })).status).toBe(401);
    expect((await client.post(`${CONSENTS}/revoke`, {})).status).toBe(401);
    // An order (guest) session is not a customer.
    const access = await client.post<Access>('/my-account/api/user-flow-access', { token: DEMO_GUEST_TOKENS[0] });
    client.flowId = `order.${access.body.session}`;
    expect((await client.get(CONSENTS)).status).toBe(401);
  });

  it("lists every category with the demo account's choices, one never updated", async () => {
    await signIn();
    const res = await client.get<ConsentsBody>(CONSENTS);
    expect(res.status).toBe(200);
    expect(res.body.revoked).toBe(false);
    expect(res.body.consents.map((c) => c.title)).toEqual(CONSENT_CATEGORIES.map((c) => c.title));
    expect(selections(res.body)).toEqual({
      'email-offers': true,
      'text-messages': false,
      'partner-offers': true,
      'personalised-recommendations': false,
    });
    expect(updated(res.body)).toEqual({
      'email-offers': true,
      'text-messages': true,
      'partner-offers': true,
      'personalised-recommendations': false,
    });
    expect(res.body.consents[0]).toMatchObject({
      preBody: expect.any(String),
      description: expect.any(String),
      missingCategoryDescriptor: {
        title: expect.any(String),
        description: expect.any(String),
        optInCopy: expect.any(String),
        optOutCopy: expect.any(String),
      },
    });
  });

  it("words every category in the page's locale (Accept-Language, as the app sends it), keeping the same fields", async () => {
    await signIn();
    const de = await client.get<ConsentsBody>(CONSENTS, { headers: { 'accept-language': 'de-DE' } });
    const fr = await client.get<ConsentsBody>(CONSENTS, { headers: { 'accept-language': 'fr-CH' } });
    const en = await client.get<ConsentsBody>(CONSENTS);
    expect(de.body.consents.map((c) => c.title)).toEqual([
      'Angebote und Neuigkeiten per E-Mail',
      'SMS',
      'Angebote unserer Partner',
      'Persönliche Empfehlungen',
    ]);
    expect(fr.body.consents[0]?.title).toBe('Offres et actualités par e-mail');
    expect(fr.body.consents[3]?.missingCategoryDescriptor).toMatchObject({
      optOutCopy: 'Non merci',
      optInCopy: 'Oui, personnalisez mes offres',
    });
    // Not one English text left in another locale, and the same ids, choices and field names.
    const texts = (body: ConsentsBody) =>
      body.consents.flatMap((c) => {
        const { title, preBody, description, missingCategoryDescriptor } = c as Consent & {
          preBody: string;
          description: string;
        };
        return [title, preBody, description, ...Object.values(missingCategoryDescriptor as Record<string, string>)];
      });
    const english = new Set(texts(en.body));
    for (const other of [de.body, fr.body]) {
      expect(texts(other).filter((t) => english.has(t))).toEqual([]);
      expect(other.consents.map((c) => [c.id, c.selected, Object.keys(c).sort()])).toEqual(
        en.body.consents.map((c) => [c.id, c.selected, Object.keys(c).sort()]),
      );
    }
    // A save answers in the same locale.
    const saved = await client.post<ConsentsBody>(
      CONSENTS,
      { consentSelections: { 'text-messages': true } },
      { csrf: 'body', headers: { 'accept-language': 'de' } },
    );
    expect(saved.body.consents[1]).toMatchObject({ title: 'SMS', selected: true });
  });

  it('saves only the consents sent, coerces values to boolean and marks them updated', async () => {
    await signIn();
    const res = await client.post<ConsentsBody>(
      CONSENTS,
      { consentSelections: { 'personalised-recommendations': 'true', 'email-offers': 0 } },
      { csrf: 'body' },
    );
    expect(res.status).toBe(200);
    expect(selections(res.body)).toMatchObject({
      'personalised-recommendations': true,
      'email-offers': false,
      'partner-offers': true,
    });
    expect(updated(res.body)['personalised-recommendations']).toBe(true);
    const again = await client.get<ConsentsBody>(CONSENTS);
    expect(again.body).toEqual(res.body);
  });

  it('keeps one customer apart from another', async () => {
    await signIn(SECOND_ACCOUNT);
    const sams = await client.get<ConsentsBody>(CONSENTS);
    expect(Object.values(updated(sams.body))).toEqual([false, false, false, false]);
    await client.post(CONSENTS, { consentSelections: { 'text-messages': true } });
    client.dropCookie('ma_session');
    await signIn();
    expect(selections((await client.get<ConsentsBody>(CONSENTS)).body)['text-messages']).toBe(false);
  });

  it('rejects unknown consents, empty maps, a missing map and a missing CSRF value', async () => {
    await signIn();
    const unknown = await client.post(CONSENTS, { consentSelections: { 'carrier-pigeon': true } });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ errors: [{ code: 'UNKNOWN_CONSENT' }] });
    expect((await client.post(CONSENTS, { consentSelections: {} })).status).toBe(400);
    expect((await client.post(CONSENTS, {})).status).toBe(400);
    expect(
      (await client.post(CONSENTS, { consentSelections: { 'email-offers': false } }, { csrf: 'none' })).status,
    ).toBe(403);
    // Nothing was saved by any of them.
    expect(selections((await client.get<ConsentsBody>(CONSENTS)).body)['email-offers']).toBe(true);
  });
});

describe('revoke and restore', () => {
  it('revoke turns every marketing consent off; restore brings the earlier choices back', async () => {
    await signIn();
    const before = (await client.get<ConsentsBody>(CONSENTS)).body;
    const revoke = await client.post(`${CONSENTS}/revoke`, {});
    expect(revoke).toMatchObject({ status: 200, body: { revoked: true } });
    const revoked = (await client.get<ConsentsBody>(CONSENTS)).body;
    expect(revoked.revoked).toBe(true);
    expect(Object.values(selections(revoked))).toEqual([false, false, false, false]);
    // Revoking twice keeps the first snapshot.
    expect((await client.post(`${CONSENTS}/revoke`, {})).status).toBe(200);
    const restore = await client.post(`${CONSENTS}/restore`, {});
    expect(restore).toMatchObject({ status: 200, body: { restored: true } });
    expect((await client.get<ConsentsBody>(CONSENTS)).body).toEqual(before);
  });

  it('restore with nothing revoked is 409 NOTHING_TO_RESTORE and changes nothing', async () => {
    await signIn();
    const before = (await client.get<ConsentsBody>(CONSENTS)).body;
    const res = await client.post(`${CONSENTS}/restore`, {});
    expect(res).toMatchObject({ status: 409, body: { errors: [{ code: 'NOTHING_TO_RESTORE' }] } });
    expect((await client.get<ConsentsBody>(CONSENTS)).body).toEqual(before);
  });

  it("a choice of the customer's own after a revoke ends the revocation", async () => {
    await signIn();
    await client.post(`${CONSENTS}/revoke`, {});
    const res = await client.post<ConsentsBody>(CONSENTS, { consentSelections: { 'text-messages': true } });
    expect(res.body.revoked).toBe(false);
    expect((await client.post(`${CONSENTS}/restore`, {})).status).toBe(409);
  });
});

describe('marketing email link (customer-flow user-flow session)', () => {
  const exchange = (token: string) =>
    client.post<Access>('/my-account/api/user-flow-access', { token, flow: 'customer' });

  it("exchanges the token for a customer session that reads and changes that customer's preferences", async () => {
    const access = await exchange(DEMO_MARKETING_TOKEN);
    expect(access.status).toBe(200);
    expect(access.body).toEqual({ session: expect.stringMatching(/^[\w-]{43}$/), flow: 'customer', orderId: null });
    client.flowId = `customer.${access.body.session}`;
    const res = await client.get<ConsentsBody>(CONSENTS);
    expect(res.status).toBe(200);
    expect(selections(res.body)['email-offers']).toBe(true);
    expect((await client.post(`${CONSENTS}/revoke`, {})).body).toEqual({ revoked: true });
    // The signed-in view of the same account sees the change.
    client.flowId = null;
    await signIn();
    expect((await client.get<ConsentsBody>(CONSENTS)).body.revoked).toBe(true);
  });

  it('rejects unknown tokens and order tokens; an order token stays an order token', async () => {
    for (const token of ['', 'not-a-real-token', DEMO_GUEST_TOKENS[0]]) {
      const res = await exchange(token);
      expect(res.status, token).toBe(401);
      expect(res.body).toEqual({ errors: [{ code: 'TOKEN_INVALID' }] });
    }
    expect((await client.post('/my-account/api/user-flow-access', { token: DEMO_MARKETING_TOKEN })).status).toBe(401);
    expect(
      (await client.post('/my-account/api/user-flow-access', { token: DEMO_MARKETING_TOKEN, flow: 'other' })).status,
    ).toBe(400);
  });

  it('rejects an expired token', async () => {
    await server.setClock(366 * 24 * 3600 * 1000);
    expect((await exchange(DEMO_MARKETING_TOKEN)).status).toBe(401);
  });

  it('identifies the caller as a guest with the account email', async () => {
    const access = await exchange(DEMO_MARKETING_TOKEN);
    client.flowId = `customer.${access.body.session}`;
    const me = await client.get<{ user: { status: string; email: string } }>('/my-account/api/user');
    expect(me.body.user).toMatchObject({ status: 'GUEST', email: DEMO_ACCOUNT.email });
  });
});

describe('a marketing-link session and orders', () => {
  it("never opens the customer's orders (scope marketing-preference-unsubscribe only)", async () => {
    const db = await openTestDb(null);
    try {
      await seed(db, 'demo');
      const clock = createClock();
      const app = new Hono<AppEnv>();
      app.use('*', async (c, next) => {
        c.set('deps', { db, clock, log: () => {}, testHooks: null, feature: () => true });
        await next();
      });
      app.use('*', identify);
      app.get('/orders/:orderId', can('booking.view'), async (c) =>
        c.json((await authorizeOrder(c, c.req.param('orderId'))).via),
      );
      app.onError((err, c) => (err instanceof ApiError ? c.json(errorBody(err.code), err.status) : c.json({}, 500)));
      const order = (
        await db.query<{ id: string }>('select id from orders where customer_id = $1 limit 1', [DEMO_ACCOUNT.id])
      ).rows[0]?.id;
      expect(order).toBeDefined();
      const marketing = await createUfacSession(db, { flow: 'customer', customerId: DEMO_ACCOUNT.id }, clock.now(), [
        'marketing-preference-unsubscribe',
      ]);
      const res = await app.request(`/orders/${order}`, { headers: { 'x-user-flow-id': `customer.${marketing.id}` } });
      expect(res.status).toBe(403);
    } finally {
      await db.close();
    }
  });
});

describe('the /__test/answer switch (test servers only)', () => {
  it('answers the given method and path `count` times, after CSRF and sign-in, then lets the route answer; a reset clears it', async () => {
    await signIn();
    await server.answer('GET', '/customer/consents', 500, undefined, 2);
    await server.answer('POST', '/customer/consents/revoke', 200, { nope: true });
    expect((await client.get(CONSENTS)).status).toBe(500);
    // Another method of the same path still reaches the route.
    expect(
      (await client.post(CONSENTS, { consentSelections: { 'text-messages': true } }, { csrf: 'body' })).status,
    ).toBe(200);
    expect(await client.get(CONSENTS)).toMatchObject({ status: 500, body: errorBody('TEST_ANSWER') });
    expect((await client.get(CONSENTS)).status).toBe(200);
    // CSRF is checked before the canned answer.
    expect((await client.post(`${CONSENTS}/revoke`, {}, { csrf: 'none' })).status).toBe(403);
    expect(await client.post(`${CONSENTS}/revoke`, {})).toMatchObject({ status: 200, body: { nope: true } });
    await server.answer('GET', '/customer/consents', 503);
    await server.reset();
    await client.init();
    await signIn();
    expect((await client.get(CONSENTS)).status).toBe(200);
  });
});

describe('coerceBoolean', () => {
  it('reads true, 1 and true-ish strings as true and anything else as false', () => {
    for (const value of [true, 1, 'true', 'TRUE', '1', 'on', 'yes'])
      expect(coerceBoolean(value), String(value)).toBe(true);
    for (const value of [false, 0, 'false', '', 'no', null, undefined, {}, [], 2])
      expect(coerceBoolean(value), String(value)).toBe(false);
  });
});
