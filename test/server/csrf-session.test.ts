import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiClient, signedInClient, startTestServer, type ApiClient, type TestServer } from '../helpers/server.ts';

/** Decision 151: the CSRF value is bound to the session and rotated whenever it changes. */
const DEMO = { email: 'demo@example.com', password: 'RailDemo!2026' };
const API = '/my-account/api';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});
beforeEach(async () => {
  await server.reset('demo');
});

/** A state-changing call with an explicit cookie header and CSRF value (what an attacker can replay). */
const postRaw = (cookies: string, csrf: string) =>
  fetch(`${server.origin}${API}/customer/personal-details`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: cookies, 'x-csrf-token': csrf },
    body: JSON.stringify({ firstName: 'Mallory', lastName: 'Jones' }),
  });

describe('CSRF bound to the session', () => {
  it('refuses a validly signed pair from an anonymous page when sent with a session', async () => {
    const attacker = apiClient(server.origin);
    await attacker.init();
    const anonPair = { cookie: attacker.cookie('ma_csrf') ?? '', token: attacker.csrfToken ?? '' };
    expect(anonPair.token).not.toBe('');
    const victim: ApiClient = await signedInClient(server.origin, DEMO);
    const session = victim.cookie('ma_session') ?? '';
    const res = await postRaw(`ma_session=${session}; ma_csrf=${anonPair.cookie}`, anonPair.token);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ errors: [{ code: 'CSRF_INVALID' }] });
    // Nothing changed.
    expect((await victim.get<{ firstName: string }>(`${API}/customer/personal-details`)).body.firstName).toBe('Alex');
  });

  it('refuses the pair of one session with another session', async () => {
    const one = await signedInClient(server.origin, DEMO);
    const two = await signedInClient(server.origin, DEMO);
    const res = await postRaw(
      `ma_session=${two.cookie('ma_session')}; ma_csrf=${one.cookie('ma_csrf')}`,
      one.csrfToken ?? '',
    );
    expect(res.status).toBe(403);
  });

  it('rotates at sign-in: the new value comes in x-csrf-token and the old one stops working', async () => {
    const c = apiClient(server.origin);
    await c.init();
    const before = c.csrfToken;
    const login = await c.post(`${API}/login`, DEMO);
    expect(login.status).toBe(200);
    const after = login.headers.get('x-csrf-token');
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
    expect(c.cookie('ma_csrf')).toBe(after);
    // The session's own (rotated) pair works; the pre-sign-in value is refused.
    const ok = await c.post(`${API}/customer/personal-details`, { firstName: 'Alexa', lastName: 'Morgan' });
    expect(ok.status).toBe(200);
    const stale = await c.post(
      `${API}/customer/personal-details`,
      { firstName: 'Alexa', lastName: 'Morgan' },
      { csrf: { value: before ?? '' } },
    );
    expect(stale.status).toBe(403);
    // The page reloaded while signed in carries the bound value too.
    const page = await c.page('/my-account/');
    expect(page.html).toContain(after ?? 'missing');
  });

  it('rotates at sign-out, so the signed-out page can sign in again', async () => {
    const c = await signedInClient(server.origin, DEMO);
    const out = await c.post(`${API}/logout`, {});
    expect(out.status).toBe(200);
    expect(out.headers.get('x-csrf-token')).toBeTruthy();
    expect((await c.post(`${API}/login`, DEMO)).status).toBe(200);
  });

  it('a page whose session cookie has gone (expired in the browser) can still sign in', async () => {
    const c = await signedInClient(server.origin, DEMO);
    c.dropCookie('ma_session');
    expect((await c.post(`${API}/login`, DEMO)).status).toBe(200);
  });
});
