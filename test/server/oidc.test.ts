import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startOidcWorld, type OidcWorld } from '../helpers/oidc.ts';
import { absorbSetCookies, apiClient, readPageData, startTestServer } from '../helpers/server.ts';

/**
 * Sign-in with an OpenID Connect provider (decision 360), against the real local provider: the
 * callback's checks (state, nonce, PKCE, verified email, known provider), account creation and
 * linking, the session and its CSRF value, sign-out.
 */
const API = '/my-account/api';
const PASSWORD = 'RailDemo!2026';

let world: OidcWorld;
/** The server's operational lines: a refused sign-in says why there. */
const logs: string[] = [];

beforeAll(async () => {
  world = await startOidcWorld({ log: (line) => logs.push(line) });
});
afterAll(async () => {
  await world?.close();
});
beforeEach(async () => {
  await world.server.reset('demo');
  logs.length = 0;
});

/**
 * A browser as far as redirects and cookies go. The app and the provider are both on 127.0.0.1,
 * and a browser's cookies do not tell ports apart, so one jar serves both.
 */
function browser() {
  const jar = new Map<string, string>();
  const absorb = (res: Response) => absorbSetCookies(jar, res.headers.getSetCookie());
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  /** One request, no redirect followed. */
  const request = async (url: string, form?: Record<string, string>) => {
    const res = await fetch(url, {
      method: form ? 'POST' : 'GET',
      headers: { cookie: cookie(), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      ...(form ? { body: new URLSearchParams(form).toString() } : {}),
      redirect: 'manual',
    });
    absorb(res);
    return res;
  };
  /** Follows redirects (as GET) from `url` until a page answers; stops early when `stop` says so. */
  const go = async (url: string, form?: Record<string, string>, stop: (next: URL) => boolean = () => false) => {
    let current = new URL(url);
    let res = await request(current.href, form);
    for (let hops = 0; res.status >= 300 && res.status < 400 && hops < 20; hops += 1) {
      current = new URL(res.headers.get('location') ?? '', current);
      if (stop(current)) return { url: current, res, html: '' };
      res = await request(current.href);
    }
    return { url: current, res, html: await res.text() };
  };
  return { jar, go, request };
}

type Browser = ReturnType<typeof browser>;

const startUrl = (search = '') => `${world.server.origin}${API}/oidc/google/start${search}`;

/** From the provider's sign-in page through its consent page, back to wherever the app sends the browser. */
async function signInAtProvider(
  b: Browser,
  loginPage: { url: URL; html: string },
  email: string,
  stop?: (next: URL) => boolean,
) {
  expect(loginPage.url.origin).toBe(world.provider.issuer);
  expect(loginPage.html).toContain('name="password"');
  const uid = /\/interaction\/([\w-]+)\/login/.exec(loginPage.html)?.[1];
  const consent = await b.go(`${world.provider.issuer}/interaction/${uid}/login`, { email, password: PASSWORD }, stop);
  if (stop && consent.html === '') return consent;
  expect(consent.html).toContain('Allow My account to sign you in?');
  // The consent step is an interaction of its own.
  const consentUid = /\/interaction\/([\w-]+)\/confirm/.exec(consent.html)?.[1];
  return b.go(`${world.provider.issuer}/interaction/${consentUid}/confirm`, {}, stop);
}

const userOf = async (b: Browser) => {
  const res = await b.request(`${world.server.origin}${API}/user`);
  return (await res.json()) as {
    user: { id: string | null; email: string | null; provider: string | null; status: string };
  };
};

const shellCsrf = async (b: Browser) => {
  const res = await b.request(`${world.server.origin}/my-account/bookings/upcoming`);
  return readPageData(await res.text())?.csrfToken as string;
};

describe('sign-in with Google (local OpenID provider)', () => {
  it('creates an account for a new customer from a verified email, signs in with a new CSRF value, and signs out', async () => {
    const b = browser();
    const anonCsrf = await shellCsrf(b);
    const login = await b.go(startUrl());
    const done = await signInAtProvider(b, login, 'jo.taylor@example.com');
    expect(done.url.href).toBe(`${world.server.origin}/my-account/redirect?to=%2Fbookings%2Fupcoming`);
    expect(done.res.status).toBe(200);

    const { user } = await userOf(b);
    expect(user).toMatchObject({ email: 'jo.taylor@example.com', provider: 'google', status: 'AUTHORISED' });
    const me = await b.request(`${world.server.origin}${API}/customer/personal-details`);
    expect(await me.json()).toMatchObject({ firstName: 'Jo', lastName: 'Taylor' });

    // The CSRF value rotated with the new session: the anonymous one is refused, the new one works.
    const csrf = await shellCsrf(b);
    expect(csrf).not.toBe(anonCsrf);
    const logoutWith = (token: string) =>
      fetch(`${world.server.origin}${API}/logout`, {
        method: 'POST',
        headers: {
          cookie: [...b.jar].map(([k, v]) => `${k}=${v}`).join('; '),
          'x-csrf-token': token,
          'content-type': 'application/json',
        },
        body: '{}',
      });
    expect((await logoutWith(anonCsrf)).status).toBe(403);
    const out = await logoutWith(csrf);
    expect(out.status).toBe(200);
    b.jar.delete('ma_session');
    expect((await userOf(b)).user.status).toBe('UNKNOWN');

    // Next time the provider's account (its sub) finds the same customer. The provider remembers
    // its own sign-in and the consent, so the browser comes straight back.
    const again = await b.go(startUrl());
    expect(again.url.pathname).toBe('/my-account/redirect');
    expect((await userOf(b)).user.id).toBe(user.id);
  });

  it('links the existing account with the same verified email', async () => {
    const b = browser();
    const done = await signInAtProvider(
      b,
      await b.go(startUrl('?redirect=%2Faccount-overview&locale=de')),
      'demo@example.com',
    );
    expect(done.url.href).toBe(`${world.server.origin}/de/my-account/redirect?to=%2Faccount-overview`);
    const { user } = await userOf(b);
    expect(user).toMatchObject({ email: 'demo@example.com', status: 'AUTHORISED', provider: 'internal' });
    // The same account the password signs in to (its email was already verified: the password stays).
    const password = apiClient(world.server.origin);
    await password.init();
    const byPassword = await password.post<{ user: { id: string } }>(`${API}/login`, {
      email: 'demo@example.com',
      password: PASSWORD,
    });
    expect(byPassword.status).toBe(200);
    expect(user.id).toBe(byPassword.body.user.id);
  });

  it('refuses an unverified email: no sign-in, no link, the login page says why', async () => {
    const b = browser();
    const done = await signInAtProvider(
      b,
      await b.go(startUrl('?redirect=%2Fpersonal-details')),
      'sam.patel@example.com',
    );
    expect(done.url.pathname).toBe('/my-account/login');
    expect(Object.fromEntries(done.url.searchParams)).toEqual({
      provider: 'google',
      providerError: 'unverified-email',
      redirect: '/personal-details',
    });
    expect((await userOf(b)).user.status).toBe('UNKNOWN');
    expect(b.jar.has('ma_session')).toBe(false);
  });

  it('refuses a callback whose state is not the one this browser started with', async () => {
    const b = browser();
    const callback = await signInAtProvider(b, await b.go(startUrl()), 'demo@example.com', (next) =>
      next.pathname.endsWith('/callback'),
    );
    expect(callback.url.searchParams.get('code')).toBeTruthy();
    const forged = new URL(callback.url);
    forged.searchParams.set('state', 'not-the-state-we-sent');
    const done = await b.go(forged.href);
    expect(done.url.pathname).toBe('/my-account/login');
    expect(done.url.searchParams.get('providerError')).toBe('unavailable');
    expect(logs.join('\n')).toMatch(/refused \(unavailable\): code exchange or ID token check failed: .*state/i);
    expect((await userOf(b)).user.status).toBe('UNKNOWN');
    // The sign-in was used up: the genuine callback cannot be replayed afterwards.
    const replay = await b.go(callback.url.href);
    expect(replay.url.searchParams.get('providerError')).toBe('unavailable');
    expect((await userOf(b)).user.status).toBe('UNKNOWN');
  });

  it('refuses a callback in a browser that did not start the sign-in (no transaction cookie)', async () => {
    const b = browser();
    const callback = await signInAtProvider(b, await b.go(startUrl()), 'demo@example.com', (next) =>
      next.pathname.endsWith('/callback'),
    );
    const other = browser();
    const done = await other.go(callback.url.href);
    expect(done.url.searchParams.get('providerError')).toBe('unavailable');
    expect((await userOf(other)).user.status).toBe('UNKNOWN');
  });

  it('refuses an ID token whose nonce is not the one sent', async () => {
    const b = browser();
    const toProvider = await b.go(startUrl(), undefined, (next) => next.origin === world.provider.issuer);
    const tampered = new URL(toProvider.url);
    expect(tampered.searchParams.get('nonce')).toBeTruthy();
    expect(tampered.searchParams.get('code_challenge_method')).toBe('S256');
    tampered.searchParams.set('nonce', 'a-nonce-the-app-never-sent');
    const done = await signInAtProvider(b, await b.go(tampered.href), 'demo@example.com');
    expect(done.url.pathname).toBe('/my-account/login');
    expect(done.url.searchParams.get('providerError')).toBe('unavailable');
    expect(logs.join('\n')).toMatch(/refused \(unavailable\): code exchange or ID token check failed: .*nonce/i);
    expect((await userOf(b)).user.status).toBe('UNKNOWN');
  });

  it('says "cancelled" when the customer cancels at the provider', async () => {
    const b = browser();
    const login = await b.go(startUrl());
    const uid = /\/interaction\/([\w-]+)\/abort/.exec(login.html)?.[1];
    const done = await b.go(`${world.provider.issuer}/interaction/${uid}/abort`, {});
    expect(done.url.pathname).toBe('/my-account/login');
    expect(done.url.searchParams.get('providerError')).toBe('cancelled');
  });

  it('knows only configured providers', async () => {
    const b = browser();
    for (const path of [
      '/oidc/facebook/start',
      '/oidc/apple/callback?code=x&state=y',
      '/oidc/github/start',
      '/oidc/github/callback',
    ]) {
      const res = await b.request(`${world.server.origin}${API}${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual({ errors: [{ code: 'UNKNOWN_PROVIDER' }] });
    }
    expect(b.jar.has('ma_session')).toBe(false);
  });

  it('comes back only to a path of the app', async () => {
    for (const redirect of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      const b = browser();
      const done = await signInAtProvider(
        b,
        await b.go(startUrl(`?redirect=${encodeURIComponent(redirect)}&locale=xx`)),
        'demo@example.com',
      );
      expect(done.url.href).toBe(`${world.server.origin}/my-account/redirect?to=%2Fbookings%2Fupcoming`);
    }
  });

  it('ends the password and sessions of an account registered with the email but never verified, when the owner signs in', async () => {
    const squatter = apiClient(world.server.origin);
    await squatter.init();
    const registered = await squatter.post(`${API}/register`, {
      email: 'jo.taylor@example.com',
      password: 'Squatter!2026',
      firstName: 'Mallory',
      lastName: 'Jones',
    });
    // Registration signs nobody in and leaves the email unverified (decision 303); the squatter signs in with the password.
    expect(registered.status).toBe(202);
    expect(
      (await squatter.post(`${API}/login`, { email: 'jo.taylor@example.com', password: 'Squatter!2026' })).status,
    ).toBe(200);
    expect((await squatter.get<{ user: { status: string } }>(`${API}/user`)).body.user.status).toBe('AUTHORISED');
    // Decision 560: an account whose email is not proved cannot move it to the squatter's own address.
    const move = await squatter.post(`${API}/customer/change-email`, {
      newEmailAddress: 'mallory@example.com',
      currentPassword: 'Squatter!2026',
    });
    expect([move.status, move.body]).toEqual([403, { errors: [{ code: 'EMAIL_NOT_VERIFIED' }] }]);
    const b = browser();
    await signInAtProvider(b, await b.go(startUrl()), 'jo.taylor@example.com');
    expect((await userOf(b)).user.email).toBe('jo.taylor@example.com');
    expect((await squatter.get<{ user: { status: string } }>(`${API}/user`)).body.user.status).toBe('UNKNOWN');
    const again = apiClient(world.server.origin);
    await again.init();
    expect(
      (await again.post(`${API}/login`, { email: 'jo.taylor@example.com', password: 'Squatter!2026' })).status,
    ).toBe(401);
    // The registration's confirmation link was waiting too: it ends with everything else made before the proof.
    const token = await fetch(
      `${world.server.origin}/__test/last-email-change-token?email=jo.taylor%40example.com`,
    ).then((r) => r.json() as Promise<{ token: string }>);
    const confirm = await again.post(`${API}/customer/change-email/confirm`, { token: token.token });
    expect([confirm.status, confirm.body]).toEqual([400, { errors: [{ code: 'TOKEN_INVALID' }] }]);
    expect((await userOf(b)).user.email).toBe('jo.taylor@example.com');
  });

  it('offers the configured providers in the page data, and none without configuration', async () => {
    const page = await fetch(`${world.server.origin}/my-account/login`);
    expect(readPageData(await page.text())?.signInProviders).toEqual(['google']);
    const plain = await startTestServer({ scenario: 'empty' });
    try {
      const res = await fetch(`${plain.origin}/my-account/login`);
      expect(readPageData(await res.text())).not.toHaveProperty('signInProviders');
      expect((await fetch(`${plain.origin}${API}/oidc/google/start`)).status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

describe('set a password on an account created through the provider', () => {
  /** A state-changing call from the browser, with its session's CSRF value. */
  const post = async (b: Browser, path: string, body: object) => {
    const csrf = await shellCsrf(b);
    const res = await fetch(`${world.server.origin}${API}${path}`, {
      method: 'POST',
      headers: {
        cookie: [...b.jar].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-csrf-token': csrf,
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { errors: { code: string }[] } };
  };
  const hasPassword = async (b: Browser) => ((await userOf(b)).user as { hasPassword?: boolean }).hasPassword;

  it('sets a first password after a recent sign-in, by the spec rules, once; then the password signs in', async () => {
    const b = browser();
    await signInAtProvider(b, await b.go(startUrl()), 'jo.taylor@example.com');
    expect(await hasPassword(b)).toBe(false);
    expect(await post(b, '/customer/set-password', { newPassword: 'short' })).toEqual({
      status: 400,
      body: { errors: [{ code: 'PASSWORD_GENERIC_ERROR' }] },
    });
    expect(await post(b, '/customer/set-password', { newPassword: 'jo.taylor' })).toEqual({
      status: 400,
      body: { errors: [{ code: 'PASSWORD_EQUALS_TO_EMAIL' }] },
    });
    expect(await post(b, '/customer/set-password', { newPassword: 'FirstOwn!Pass2026' })).toEqual({
      status: 200,
      body: { errors: [] },
    });
    expect(await hasPassword(b)).toBe(true);
    // Now it has one: setting is refused, changing asks for it.
    expect(await post(b, '/customer/set-password', { newPassword: 'Another!Pass2026x' })).toEqual({
      status: 409,
      body: { errors: [{ code: 'PASSWORD_ALREADY_SET' }] },
    });
    const byPassword = apiClient(world.server.origin);
    await byPassword.init();
    expect(
      (await byPassword.post(`${API}/login`, { email: 'jo.taylor@example.com', password: 'FirstOwn!Pass2026' })).status,
    ).toBe(200);
  });

  it('refuses a sign-in older than 10 minutes: sign in again first', async () => {
    const b = browser();
    await signInAtProvider(b, await b.go(startUrl()), 'jo.taylor@example.com');
    try {
      await world.server.setClock(10 * 60_000 + 1000);
      expect(await post(b, '/customer/set-password', { newPassword: 'FirstOwn!Pass2026' })).toEqual({
        status: 403,
        body: { errors: [{ code: 'RECENT_SIGN_IN_REQUIRED' }] },
      });
      expect(await hasPassword(b)).toBe(false);
    } finally {
      await world.server.setClock(0);
    }
  });

  it('refuses an account that has a password (change password asks for the current one) and a signed-out caller', async () => {
    const demo = apiClient(world.server.origin);
    await demo.init();
    expect((await demo.post(`${API}/login`, { email: 'demo@example.com', password: PASSWORD })).status).toBe(200);
    expect((await demo.get<{ user: { hasPassword?: boolean } }>(`${API}/user`)).body.user.hasPassword).toBe(true);
    const res = await demo.post<{ errors: { code: string }[] }>(`${API}/customer/set-password`, {
      newPassword: 'FirstOwn!Pass2026',
    });
    expect({ status: res.status, body: res.body }).toEqual({
      status: 409,
      body: { errors: [{ code: 'PASSWORD_ALREADY_SET' }] },
    });
    const anonymous = apiClient(world.server.origin);
    await anonymous.init();
    expect((await anonymous.post(`${API}/customer/set-password`, { newPassword: 'FirstOwn!Pass2026' })).status).toBe(
      401,
    );
  });
});
