import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiClient, startTestServer, type ApiClient, type TestServer } from '../helpers/server.ts';

type UserBody = {
  user: { id: string | null; email: string | null; provider: string | null; status: string; firstName?: string };
  ufacSession: string | null;
  isRegistered: boolean;
};
type ErrorsBody = { errors: { code: string }[] };

const DEMO = { email: 'demo@example.com', password: 'RailDemo!2026' };

let server: TestServer;
let client: ApiClient;
const logLines: string[] = [];

beforeAll(async () => {
  server = await startTestServer({ log: (line) => logLines.push(line) });
});
afterAll(async () => {
  await server?.close();
});
beforeEach(async () => {
  logLines.length = 0;
  client = apiClient(server.origin);
  await client.init();
});

const cookieLine = (c: ApiClient, name: string) => c.lastSetCookies.find((l) => l.startsWith(`${name}=`));

describe('GET /my-account/api/user', () => {
  it('answers UNKNOWN (200, not 401) without a session, with a conversation id', async () => {
    const res = await client.get<UserBody>('/my-account/api/user');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      user: { id: null, email: null, provider: null, status: 'UNKNOWN' },
      ufacSession: null,
      isRegistered: false,
    });
    expect(res.headers.get('x-conversationid')).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get('content-type')).toContain('application/json');
  });

  it('ignores an unknown session cookie', async () => {
    const res = await fetch(`${server.origin}/my-account/api/user`, { headers: { cookie: 'ma_session=nope' } });
    expect(((await res.json()) as UserBody).user.status).toBe('UNKNOWN');
  });
});

describe('login', () => {
  it('signs in with the demo credentials and sets a hardened session cookie', async () => {
    const res = await client.post<UserBody>('/my-account/api/login', DEMO);
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({
      email: 'demo@example.com',
      provider: 'internal',
      status: 'AUTHORISED',
      firstName: 'Alex',
      lastName: 'Morgan',
    });
    expect(res.body.user.id).toEqual(expect.any(String));
    expect(res.body.isRegistered).toBe(true);
    const line = cookieLine(client, 'ma_session') ?? '';
    expect(line).toMatch(/^ma_session=[\w-]{43};/);
    expect(line).toContain('HttpOnly');
    expect(line).toContain('SameSite=Lax');
    expect(line).toContain('Path=/;');
    expect(line).toContain(`Max-Age=${14 * 24 * 3600}`);

    const me = await client.get<UserBody>('/my-account/api/user');
    expect(me.body.user.status).toBe('AUTHORISED');
    expect(me.body.user.id).toBe(res.body.user.id);
  });

  it('accepts any case and surrounding spaces in the email', async () => {
    const res = await client.post('/my-account/api/login', { email: '  Demo@Example.COM ', password: DEMO.password });
    expect(res.status).toBe(200);
  });

  it('rotates the session id on every login and ends the previous one', async () => {
    await client.post('/my-account/api/login', DEMO);
    const first = client.cookie('ma_session');
    await client.post('/my-account/api/login', DEMO);
    const second = client.cookie('ma_session');
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    const old = await fetch(`${server.origin}/my-account/api/user`, { headers: { cookie: `ma_session=${first}` } });
    expect(((await old.json()) as UserBody).user.status).toBe('UNKNOWN');
  });

  it('rejects a wrong password and an unknown email alike', async () => {
    for (const body of [
      { email: DEMO.email, password: 'wrong-password-1' },
      { email: 'nobody@example.com', password: DEMO.password },
    ]) {
      const res = await client.post<ErrorsBody>('/my-account/api/login', body);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ errors: [{ code: 'INVALID_CREDENTIALS' }] });
      expect(cookieLine(client, 'ma_session')).toBeUndefined();
    }
  });

  it('rejects malformed bodies with 400 VALIDATION', async () => {
    for (const body of [{ email: DEMO.email }, { email: 1, password: 'x' }, {}, '{not json']) {
      const res = await client.post<ErrorsBody>('/my-account/api/login', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors[0]?.code).toBe('VALIDATION');
    }
  });
});

describe('logout', () => {
  it('deletes the session and clears the cookie', async () => {
    await client.post('/my-account/api/login', DEMO);
    const session = client.cookie('ma_session');
    const res = await client.post('/my-account/api/logout', {});
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect(cookieLine(client, 'ma_session')).toMatch(/Max-Age=0/);
    expect(client.cookie('ma_session')).toBeUndefined();
    const replay = await fetch(`${server.origin}/my-account/api/user`, {
      headers: { cookie: `ma_session=${session}` },
    });
    expect(((await replay.json()) as UserBody).user.status).toBe('UNKNOWN');
  });

  it('succeeds without a session too', async () => {
    expect((await client.post('/my-account/api/logout')).status).toBe(200);
  });
});

describe('register', () => {
  beforeEach(async () => {
    await server.reset('demo');
  });

  it('creates an unverified account, signs nobody in and sends a link to confirm the email (202)', async () => {
    const res = await client.post('/my-account/api/register', {
      email: 'New.Person@Example.com',
      password: 'Trains4ever',
      firstName: 'Néla',
      lastName: "O'Brien-Smith",
    });
    expect([res.status, res.body]).toEqual([
      202,
      { confirmationSent: true, pendingEmailAddress: 'new.person@example.com' },
    ]);
    expect((await client.get<UserBody>('/my-account/api/user')).body.user.status).not.toBe('AUTHORISED');
    expect(
      logLines.some(
        (l) =>
          l.startsWith('Registration confirmation link for new.person@example.com: ') &&
          l.includes('/my-account/confirm-email#token='),
      ),
    ).toBe(true);

    // The password works at once; the email is verified when the link is followed.
    const other = apiClient(server.origin);
    await other.init();
    const login = await other.post('/my-account/api/login', {
      email: 'new.person@example.com',
      password: 'Trains4ever',
    });
    expect(login.status).toBe(200);
    const token = await fetch(`${server.origin}/__test/last-email-change-token?email=new.person%40example.com`).then(
      (r) => r.json() as Promise<{ token: string }>,
    );
    const confirmed = await other.post('/my-account/api/customer/change-email/confirm', { token: token.token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ updatedEmailAddress: 'new.person@example.com' });
  });

  it('answers a taken email (any case) exactly as a new one, changes nothing, and sends its owner a notice', async () => {
    const res = await client.post('/my-account/api/register', {
      email: 'DEMO@example.com',
      password: 'Trains4ever',
      firstName: 'Alex',
      lastName: 'Again',
    });
    expect([res.status, res.body]).toEqual([202, { confirmationSent: true, pendingEmailAddress: 'demo@example.com' }]);
    expect(res.headers.getSetCookie().some((c) => c.startsWith('ma_session='))).toBe(false);
    expect(
      logLines.some((l) => l.startsWith('Registration notice for demo@example.com (an account already exists)')),
    ).toBe(true);
    expect(logLines.some((l) => l.includes('Registration confirmation link for demo@example.com'))).toBe(false);
    // The owner's password still stands; the one typed does not.
    const owner = apiClient(server.origin);
    await owner.init();
    expect((await owner.post('/my-account/api/login', { email: DEMO.email, password: 'Trains4ever' })).status).toBe(
      401,
    );
    expect((await owner.post('/my-account/api/login', DEMO)).status).toBe(200);
  });

  it('refuses weak passwords', async () => {
    for (const password of ['short1', 'lettersonly', '1234567890', '']) {
      const res = await client.post<ErrorsBody>('/my-account/api/register', {
        email: 'weak@example.com',
        password,
        firstName: 'Weak',
        lastName: 'Password',
      });
      expect(res.status, password).toBe(400);
      expect(res.body).toEqual({ errors: [{ code: 'PASSWORD_TOO_WEAK' }] });
    }
  });

  it('validates email and names', async () => {
    for (const body of [
      { email: 'not-an-email', password: 'Trains4ever', firstName: 'A', lastName: 'B' },
      { email: 'x@example.com', password: 'Trains4ever', firstName: '', lastName: 'B' },
      { email: 'x@example.com', password: 'Trains4ever', firstName: 'A'.repeat(31), lastName: 'B' },
      { email: 'x@example.com', password: 'Trains4ever', firstName: '<script>', lastName: 'B' },
      { email: 'x@example.com', password: 'Trains4ever', firstName: 'A' },
    ]) {
      const res = await client.post<ErrorsBody>('/my-account/api/register', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors[0]?.code).toBe('VALIDATION');
    }
  });
});

describe('CSRF', () => {
  it('rejects a state-changing call without the token', async () => {
    const res = await client.post<ErrorsBody>('/my-account/api/login', DEMO, { csrf: 'none' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ errors: [{ code: 'CSRF_INVALID' }] });
    expect(res.headers.get('x-conversationid')).toBeTruthy();
  });

  it('rejects a wrong token, and a right token without its cookie', async () => {
    const wrong = await client.post('/my-account/api/login', DEMO, { csrf: { value: 'x'.repeat(87) } });
    expect(wrong.status).toBe(403);
    const noCookie = await fetch(`${server.origin}/my-account/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': client.csrfToken ?? '' },
      body: JSON.stringify(DEMO),
    });
    expect(noCookie.status).toBe(403);
  });

  it('rejects a cookie and header that match but were not signed by the server', async () => {
    const forged = `${'a'.repeat(43)}.${'b'.repeat(43)}`;
    const res = await fetch(`${server.origin}/my-account/api/logout`, {
      method: 'POST',
      headers: { cookie: `ma_csrf=${forged}`, 'x-csrf-token': forged },
    });
    expect(res.status).toBe(403);
  });

  it('accepts the token in the x-csrf-token header or as _csrf in the body', async () => {
    expect((await client.post('/my-account/api/login', DEMO, { csrf: 'header' })).status).toBe(200);
    expect((await client.post('/my-account/api/login', DEMO, { csrf: 'body' })).status).toBe(200);
  });

  it('does not check GET calls', async () => {
    const res = await fetch(`${server.origin}/my-account/api/user`);
    expect(res.status).toBe(200);
  });

  it('sets an httpOnly ma_csrf cookie holding the page-data token, reused on later page loads', async () => {
    // {nonce}.{session tag: 'anon' signed out}.{signature} (decision 151).
    expect(client.csrfToken).toMatch(/^[\w-]{43}\.anon\.[\w-]{43}$/);
    expect(client.cookie('ma_csrf')).toBe(client.csrfToken);
    const again = await client.page('/my-account/login');
    expect(again.html).toContain(client.csrfToken ?? 'missing');
    expect(again.headers.getSetCookie()).toEqual([]);
  });
});

describe('API errors', () => {
  it('answers unknown API paths with 404 JSON', async () => {
    for (const path of ['/my-account/api/nope', '/my-account/api', '/my-account/api/user/extra']) {
      const res = await client.get<ErrorsBody>(path);
      expect(res.status, path).toBe(404);
      expect(res.body).toEqual({ errors: [{ code: 'NOT_FOUND' }] });
      expect(res.headers.get('x-conversationid')).toBeTruthy();
    }
    const post = await client.post<ErrorsBody>('/my-account/api/nope', {});
    expect(post.status).toBe(404);
  });

  it('refuses bodies over 100 kB with 413', async () => {
    const res = await client.post('/my-account/api/login', { email: DEMO.email, password: 'x'.repeat(200 * 1024) });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ errors: [{ code: 'PAYLOAD_TOO_LARGE' }] });
  });

  it('requires a customer for change-password (401 UNAUTHORISED)', async () => {
    const res = await client.post('/my-account/api/customer/change-password', {
      currentPassword: DEMO.password,
      newPassword: 'Whatever-123',
    });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ errors: [{ code: 'UNAUTHORISED' }] });
  });
});
