import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT, REFUNDS_ACCOUNT } from '#server/seed/accounts.ts';
import { specCallFor, stripToShape, type Shape } from '#server/lib/spec-shape.ts';
import { apiClient, readPageData, signedInClient, type ApiClient } from '#test/helpers/server.ts';
import { useTestServer } from '#test/helpers/use-test-server.ts';

/** Decision 340: API_SHAPE=spec / spec-nulls answer with docs/product/entities.md and docs/product/api.md's fields and calls only. */

const API = '/my-account/api';

/** Every field path in `value` that `shape` does not name (`results[].booking.passengers`). */
const extras = (value: unknown, shape: Shape, at = ''): string[] => {
  if (shape === true || value === null || typeof value !== 'object') return [];
  if (Array.isArray(value)) return value.flatMap((item) => extras(item, shape, `${at}[]`));
  return Object.entries(value as Record<string, unknown>).flatMap(([field, inner]) => {
    const named = shape[field];
    return named === undefined
      ? [`${at}${at ? '.' : ''}${field}`]
      : extras(inner, named, `${at}${at ? '.' : ''}${field}`);
  });
};

/** Every named field path that is missing from `value` (a spec-nulls answer must send each, null at least). */
const missing = (value: unknown, shape: Shape, at = ''): string[] => {
  if (shape === true || value === null || typeof value !== 'object') return [];
  if (Array.isArray(value)) return value.flatMap((item) => missing(item, shape, `${at}[]`));
  return Object.entries(shape).flatMap(([field, named]) => {
    const path = `${at}${at ? '.' : ''}${field}`;
    const record = value as Record<string, unknown>;
    return field in record ? missing(record[field], named, path) : [path];
  });
};

/** Every named field path whose value is null (a spec answer leaves such a field out instead). */
const nulls = (value: unknown, shape: Shape, at = ''): string[] => {
  if (shape === true || value === null || typeof value !== 'object') return [];
  if (Array.isArray(value)) return value.flatMap((item) => nulls(item, shape, `${at}[]`));
  return Object.entries(shape).flatMap(([field, named]) => {
    const path = `${at}${at ? '.' : ''}${field}`;
    const inner = (value as Record<string, unknown>)[field];
    return inner === null ? [path] : nulls(inner, named, path);
  });
};

type Seen = { path: string; status: number; body: unknown };

/** GETs a customer can make, the ids taken from earlier spec answers; 2xx answers only. */
const walk = async (client: ApiClient): Promise<Seen[]> => {
  const seen: Seen[] = [];
  const get = async <T>(path: string): Promise<T | null> => {
    const res = await client.get<T>(API + path);
    seen.push({ path, status: res.status, body: res.body });
    return res.status >= 200 && res.status < 300 ? res.body : null;
  };
  await get('/user');
  type Entry = { booking: { id: string }; order: { id: string } };
  const lists = await Promise.all(
    ['upcoming', 'past', 'season'].map((f) => get<{ results: Entry[] }>(`/bookings/${f}?page=0`)),
  );
  const entries = lists.flatMap((l) => l?.results ?? []).slice(0, 12);
  for (const { booking, order } of entries) {
    await get(`/booking/${booking.id}`);
    await get(`/booking/${booking.id}/history`);
    await get(`/refund-quote/${order.id}/${booking.id}`);
    await get(`/partial-refunds/${booking.id}`);
  }
  const addresses = await get<{ addresses: { id: string }[] }>('/customer/all-addresses');
  if (addresses?.addresses[0]) await get(`/customer/address/${addresses.addresses[0].id}`);
  await get('/customer/consents');
  await get('/customer/personal-details');
  await get('/customer/order-count');
  await get('/customer/cards');
  const passengers = await get<{ passengers: { id: string }[] }>('/customer/passengers-and-railcards');
  for (const p of passengers?.passengers.slice(0, 2) ?? []) {
    await get(`/passengers/saved-passenger/${p.id}`);
    await get(`/passenger/${p.id}/railcardslist`);
  }
  return seen;
};

const shapeOf = (path: string): Shape => {
  const call = specCallFor('GET', path.split('?')[0] ?? path);
  if (!call || call.response === 'none') throw new Error(`no shape for GET ${path}`);
  return call.response;
};

const unlisted: [string, string][] = [
  ['GET', '/bookings/guest?page=0'],
  ['POST', '/user-flow-access'],
  ['GET', '/customer/account-summary'],
  ['GET', '/customer/smartcards'],
  ['GET', '/customer/season-renewals'],
  ['POST', '/customer/season-renewals/b1'],
  ['GET', '/customer/calendar-feed'],
  ['GET', '/customer/passenger-assistance/upcoming'],
  ['POST', '/payment/card-token'],
  ['GET', '/change-of-journey/status/o1/b1'],
  ['POST', '/customer/address'],
  ['POST', '/customer/set-password'],
];

describe.each(['spec', 'spec-nulls'] as const)('API_SHAPE=%s', (apiShape) => {
  const server = useTestServer({ apiShape });

  it("answers every listed call with the table's fields only, for the demo and the refunds customers", async () => {
    for (const account of [DEMO_ACCOUNT, REFUNDS_ACCOUNT]) {
      const seen = await walk(await signedInClient(server.origin, account));
      const ok = seen.filter((s) => s.status >= 200 && s.status < 300);
      // The walk reached the lists, details, quotes and account calls (not just errors).
      expect(ok.length).toBeGreaterThan(20);
      for (const { path, body } of ok) {
        expect({ path, extras: extras(body, shapeOf(path)) }).toEqual({ path, extras: [] });
        if (apiShape === 'spec-nulls')
          expect({ path, missing: missing(body, shapeOf(path)) }).toEqual({ path, missing: [] });
        else expect({ path, nulls: nulls(body, shapeOf(path)) }).toEqual({ path, nulls: [] });
      }
    }
  });

  it('answers 404 to every call docs/product/api.md does not list, before any of it runs', async () => {
    const client = await signedInClient(server.origin, DEMO_ACCOUNT);
    for (const [method, path] of unlisted) {
      const res = await client.request(method, API + path, method === 'GET' ? {} : { body: {} });
      expect({ method, path, status: res.status }).toEqual({ method, path, status: 404 });
    }
    // Signed out too: the 404 is the call's absence, not a refusal.
    const anonymous = apiClient(server.origin);
    await anonymous.init();
    expect((await anonymous.get(`${API}/customer/smartcards`)).status).toBe(404);
  });

  it('answers a listed call with no named answer with 204 and no body', async () => {
    const client = await signedInClient(server.origin, DEMO_ACCOUNT);
    const res = await client.post(`${API}/logout`, {});
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
  });

  it('keeps error answers as they are (status and errors[].code)', async () => {
    const client = apiClient(server.origin);
    await client.init();
    const res = await client.get<{ errors: { code: string }[] }>(`${API}/bookings/upcoming?page=0`);
    expect(res.status).toBe(401);
    expect(res.body.errors[0]?.code).toBeTruthy();
  });
});

/** A provider configured for "Continue with Google" (never reached: discovery is lazy). */
const google = [
  {
    id: 'google' as const,
    issuer: 'https://accounts.example.test',
    clientId: 'my-account',
    clientSecret: 'secret-0123456789abcdefghijklmnop',
  },
];

describe.each(['spec', 'spec-nulls'] as const)(
  'API_SHAPE=%s: sign-in and password reset (decision 571)',
  (apiShape) => {
    const server = useTestServer({ apiShape, oidcProviders: google, resetEachTest: true });

    it('offers no provider whose start the API does not serve: no signInProviders, and the start is 404', async () => {
      const page = await fetch(`${server.origin}/my-account/login`);
      expect(readPageData(await page.text())).not.toHaveProperty('signInProviders');
      expect((await fetch(`${server.origin}${API}/oidc/google/start?redirect=%2Fbookings`)).status).toBe(404);
      // The login page's check before leaving (HEAD) gets the same 404, so it stays and says why.
      expect(
        (await fetch(`${server.origin}${API}/oidc/google/start?redirect=%2Fbookings`, { method: 'HEAD' })).status,
      ).toBe(404);
    });

    it('forgot password, then the link: the token checks and the new password is taken (204), then signs in', async () => {
      const client = apiClient(server.origin);
      await client.init();
      const sent = await client.post(
        `${API}/customer/forgot-password`,
        { email: DEMO_ACCOUNT.email },
        { csrf: 'body' },
      );
      expect(sent.status).toBe(204);
      const token = (
        (await (
          await fetch(`${server.origin}/__test/last-reset-token?email=${encodeURIComponent(DEMO_ACCOUNT.email)}`)
        ).json()) as { token: string }
      ).token;
      const check = await client.post(`${API}/customer/validate-reset-password-token`, { token }, { csrf: 'body' });
      expect(check.body).toEqual({ isValid: true });
      const reset = await client.post(
        `${API}/customer/reset-password`,
        { token, newPassword: 'Fresh-Start-2027' },
        { csrf: 'body' },
      );
      expect([reset.status, reset.body]).toEqual([204, null]);
      const again = apiClient(server.origin);
      await again.init();
      expect(
        (await again.post(`${API}/login`, { email: DEMO_ACCOUNT.email, password: 'Fresh-Start-2027' })).status,
      ).toBe(200);
    });
  },
);

describe('the full API offers the configured providers', () => {
  const server = useTestServer({ oidcProviders: google });
  it('lists them in the page data', async () => {
    const page = await fetch(`${server.origin}/my-account/login`);
    expect(readPageData(await page.text())?.signInProviders).toEqual(['google']);
  });
  it("answers the login page's HEAD check of a served start with 204, beginning nothing (no cookie)", async () => {
    const res = await fetch(`${server.origin}${API}/oidc/google/start?redirect=%2Fbookings`, {
      method: 'HEAD',
      redirect: 'manual',
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('set-cookie')).toBeNull();
  });
});

describe('the strip step', () => {
  const shape: Shape = { id: true, inward: { date: true }, list: { a: true } };
  it('leaves out unnamed fields, and named ones that are null or absent (spec)', () => {
    expect(stripToShape({ id: 'x', inward: null, extra: 1, list: [{ a: 1, b: 2 }] }, shape, 'spec')).toEqual({
      id: 'x',
      list: [{ a: 1 }],
    });
  });
  it('sends named fields that are null or absent as null (spec-nulls)', () => {
    expect(stripToShape({ id: 'x', extra: 1 }, shape, 'spec-nulls')).toEqual({ id: 'x', inward: null, list: null });
  });
  it('finds the table entry of a path, literal paths first', () => {
    expect(specCallFor('GET', '/booking/token')?.path).toBe('/booking/token');
    expect(specCallFor('GET', '/booking/abc')?.path).toBe('/booking/:bookingId');
    expect(specCallFor('GET', '/bookings/guest')).toBeNull();
    expect(specCallFor('DELETE', '/booking/abc')).toBeNull();
  });
});
