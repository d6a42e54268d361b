import { beforeEach, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from '../helpers/server.ts';
import { useTestServer } from '../helpers/use-test-server.ts';

const DEMO = { email: 'demo@example.com', password: 'RailDemo!2026' };
const DAY_MS = 24 * 3600 * 1000;

let client: ApiClient;
const logLines: string[] = [];
const server = useTestServer({ resetEachTest: true, logLines });

beforeEach(async () => {
  client = apiClient(server.origin);
  await client.init();
});

async function lastResetToken(email: string): Promise<string | null> {
  const res = await fetch(`${server.origin}/__test/last-reset-token?email=${encodeURIComponent(email)}`);
  return res.ok ? ((await res.json()) as { token: string }).token : null;
}

async function requestReset(email = DEMO.email): Promise<string> {
  const res = await client.post('/my-account/api/customer/forgot-password', { email }, { csrf: 'body' });
  expect(res.status).toBe(200);
  const token = await lastResetToken(email);
  if (!token) throw new Error('no reset token issued');
  return token;
}

async function login(password: string, c: ApiClient = client): Promise<number> {
  return (await c.post('/my-account/api/login', { email: DEMO.email, password })).status;
}

describe('forgot password', () => {
  it('answers success for known and unknown emails alike, issuing a token only for the known one', async () => {
    const known = await client.post(
      '/my-account/api/customer/forgot-password',
      { email: 'Demo@Example.com' },
      { csrf: 'body' },
    );
    const unknown = await client.post(
      '/my-account/api/customer/forgot-password',
      { email: 'ghost@example.com' },
      { csrf: 'body' },
    );
    expect(known.status).toBe(200);
    expect(known.body).toEqual({ success: true });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual({ success: true });
    expect(await lastResetToken('demo@example.com')).toMatch(/^[\w-]{43}$/);
    expect(await lastResetToken('ghost@example.com')).toBeNull();
  });

  it('logs the reset link, then the email as the customer reads it', async () => {
    const token = await requestReset();
    expect(logLines).toEqual([
      expect.stringContaining(`/my-account/reset-password#token=${token}`),
      expect.stringMatching(new RegExp(`^  \\[en-GB\\] Reset your password: .*#token=${token} `)),
      // The outbox keeps the email too, and says where (docs/decisions/352).
      'Email (password-reset) to demo@example.com: Reset your password [/__outbox]',
    ]);
  });

  it('needs the CSRF value', async () => {
    const res = await client.post('/my-account/api/customer/forgot-password', { email: DEMO.email }, { csrf: 'none' });
    expect(res.status).toBe(403);
  });

  it('validates the email', async () => {
    const res = await client.post('/my-account/api/customer/forgot-password', { email: 'nope' }, { csrf: 'body' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errors: [{ code: 'VALIDATION', message: expect.any(String) }] });
  });
});

describe('reset password', () => {
  it('validates, resets once, and then only the new password works', async () => {
    await client.post('/my-account/api/login', DEMO);
    const token = await requestReset();

    const check = await client.post(
      '/my-account/api/customer/validate-reset-password-token',
      { token },
      { csrf: 'body' },
    );
    expect(check.status).toBe(200);
    expect(check.body).toEqual({ isValid: true });

    const reset = await client.post(
      '/my-account/api/customer/reset-password',
      { token, newPassword: 'Fresh-Start-2027' },
      { csrf: 'body' },
    );
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ success: true });

    // The reset ended existing sessions.
    expect((await client.get<{ user: { status: string } }>('/my-account/api/user')).body.user.status).toBe('UNKNOWN');

    const fresh = apiClient(server.origin);
    await fresh.init();
    expect(await login(DEMO.password, fresh)).toBe(401);
    expect(await login('Fresh-Start-2027', fresh)).toBe(200);

    // A used token is dead.
    const again = await client.post(
      '/my-account/api/customer/validate-reset-password-token',
      { token },
      { csrf: 'body' },
    );
    expect(again.body).toEqual({ isValid: false });
    const reuse = await client.post(
      '/my-account/api/customer/reset-password',
      { token, newPassword: 'Another-Go-2028' },
      { csrf: 'body' },
    );
    expect(reuse.status).toBe(400);
    expect(reuse.body).toEqual({ errors: [{ code: 'TOKEN_INVALID' }] });
  });

  it('kills every other open link of the customer once one is used', async () => {
    const first = await requestReset();
    const second = await requestReset();
    expect(first).not.toBe(second);
    const reset = await client.post('/my-account/api/customer/reset-password', {
      token: second,
      newPassword: 'Fresh-Start-2027',
    });
    expect(reset.status).toBe(200);
    const check = await client.post('/my-account/api/customer/validate-reset-password-token', { token: first });
    expect(check.body).toEqual({ isValid: false });
  });

  it('treats unknown and empty tokens as invalid', async () => {
    for (const token of ['', 'made-up-token']) {
      const check = await client.post(
        '/my-account/api/customer/validate-reset-password-token',
        { token },
        { csrf: 'body' },
      );
      expect(check.body).toEqual({ isValid: false });
      const reset = await client.post('/my-account/api/customer/reset-password', {
        token,
        newPassword: 'Fresh-Start-2027',
      });
      expect(reset.status).toBe(400);
      expect(reset.body).toEqual({ errors: [{ code: 'TOKEN_INVALID' }] });
    }
  });

  it('expires links after 24 hours', async () => {
    const token = await requestReset();
    await server.setClock(DAY_MS - 60_000);
    expect((await client.post('/my-account/api/customer/validate-reset-password-token', { token })).body).toEqual({
      isValid: true,
    });
    await server.setClock(DAY_MS + 1000);
    expect((await client.post('/my-account/api/customer/validate-reset-password-token', { token })).body).toEqual({
      isValid: false,
    });
    const reset = await client.post('/my-account/api/customer/reset-password', {
      token,
      newPassword: 'Fresh-Start-2027',
    });
    expect(reset.status).toBe(400);
    expect(reset.body).toEqual({ errors: [{ code: 'TOKEN_INVALID' }] });
  });

  it('refuses a weak new password and keeps the token usable', async () => {
    const token = await requestReset();
    const weak = await client.post('/my-account/api/customer/reset-password', { token, newPassword: 'weak' });
    expect(weak.status).toBe(400);
    expect(weak.body).toEqual({ errors: [{ code: 'PASSWORD_TOO_WEAK' }] });
    expect((await client.post('/my-account/api/customer/validate-reset-password-token', { token })).body).toEqual({
      isValid: true,
    });
  });
});

describe('change password', () => {
  const change = (currentPassword: string, newPassword: string) =>
    client.post<{ errors: { code: string }[] }>('/my-account/api/customer/change-password', {
      currentPassword,
      newPassword,
    });

  beforeEach(async () => {
    expect(await login(DEMO.password)).toBe(200);
  });

  it.each([
    {
      label: 'a wrong current password',
      current: 'not-my-password-1',
      next: 'Brand-New-2027',
      code: 'PASSWORD_INCORRECT',
    },
    { label: 'the first name', current: DEMO.password, next: 'alex', code: 'PASSWORD_EQUALS_TO_NAME' },
    { label: 'the last name', current: DEMO.password, next: 'MORGAN', code: 'PASSWORD_EQUALS_TO_NAME' },
    { label: 'the full name', current: DEMO.password, next: 'Alex Morgan', code: 'PASSWORD_EQUALS_TO_NAME' },
    { label: 'the email', current: DEMO.password, next: 'demo@example.com', code: 'PASSWORD_EQUALS_TO_EMAIL' },
    { label: 'the email local part', current: DEMO.password, next: 'Demo', code: 'PASSWORD_EQUALS_TO_EMAIL' },
    { label: 'a weak password', current: DEMO.password, next: 'password', code: 'PASSWORD_GENERIC_ERROR' },
  ])('reports $label as $code', async ({ current, next, code }) => {
    const res = await change(current, next);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errors: [{ code }] });
    expect(await login(DEMO.password, await freshClient())).toBe(200);
  });

  it('changes the password, keeps this session and ends the others', async () => {
    const other = await freshClient();
    expect(await login(DEMO.password, other)).toBe(200);

    const res = await change(DEMO.password, 'Brand-New-2027');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ errors: [] });

    expect((await client.get<{ user: { status: string } }>('/my-account/api/user')).body.user.status).toBe(
      'AUTHORISED',
    );
    expect((await other.get<{ user: { status: string } }>('/my-account/api/user')).body.user.status).toBe('UNKNOWN');

    const third = await freshClient();
    expect(await login(DEMO.password, third)).toBe(401);
    expect(await login('Brand-New-2027', third)).toBe(200);
  });

  it('validates the body', async () => {
    const res = await client.post('/my-account/api/customer/change-password', { currentPassword: DEMO.password });
    expect(res.status).toBe(400);
    expect((res.body as { errors: { code: string }[] }).errors[0]?.code).toBe('VALIDATION');
  });
});

async function freshClient(): Promise<ApiClient> {
  const c = apiClient(server.origin);
  await c.init();
  return c;
}
