import type { Context } from 'hono';
import { Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import * as client from 'openid-client';
import {
  beginProviderSignIn,
  customerForProvider,
  PROVIDER_SIGN_IN_MS,
  takeProviderSignIn,
  type IdClaims,
  type ProviderSignIn,
} from '../domain/oidc.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { isHttps } from '../lib/cookies.ts';
import { ApiError } from '../lib/errors.ts';
import { APP_BASE, LOCALES } from '../lib/known-routes.ts';
import { isLoopbackHttp, isSignInProvider, type OidcProviderConfig, type SignInProvider } from '../lib/oidc-config.ts';
import { DEFAULT_PUBLIC_ORIGIN } from '../lib/public-origin.ts';
import { createSession, deleteSession, readSessionCookie, setSessionCookie } from '../lib/sessions.ts';
import { randomToken } from '../lib/tokens.ts';
import { can } from '../lib/policy.ts';

/**
 * Sign-in with an OpenID Connect provider (docs/decisions/360-oidc-sign-in.md): authorization
 * code flow with PKCE, state and nonce, through full-page redirects.
 *
 * GET /oidc/{provider}/start?redirect=&locale= -> the provider's authorization page
 * GET /oidc/{provider}/callback?code=&state=   -> signed in: /{locale}/my-account/redirect?to=...
 *                                                 refused: /{locale}/my-account/login?providerError=...
 */
export const OIDC_COOKIE = 'ma_oidc';
const COOKIE_PATH = `${APP_BASE}/api/oidc/`;
const SCOPE = 'openid email profile';
const DEFAULT_RETURN = '/bookings/upcoming';

/** What the login page is told when a provider sign-in did not end in a session. */
export type ProviderError = 'unavailable' | 'unverified-email' | 'cancelled';

/** An internal app path to come back to (the login page's `redirect`), else the bookings list. The app checks it again (/redirect). */
const safeReturnPath = (value: string | undefined): string => {
  if (!value || value.length > 2048 || !value.startsWith('/') || value.startsWith('//')) return DEFAULT_RETURN;
  // eslint-disable-next-line no-control-regex
  if (value.includes('\\') || /[\u0000-\u001f\u007f]/.test(value)) return DEFAULT_RETURN;
  return value;
};

const safeLocale = (value: string | undefined): string | null =>
  value && (LOCALES as readonly string[]).includes(value) ? value : null;

const appBase = (locale: string | null) => (locale ? `/${locale}${APP_BASE}` : APP_BASE);

/** An openid-client failure with its causes, for the log line (which check failed: state, nonce, …). */
const failure = (err: unknown): string => {
  const parts: string[] = [];
  let current: unknown = err;
  while (parts.length < 4 && current !== undefined && current !== null) {
    if (current instanceof Error) parts.push(current.message);
    else if (typeof current === 'object' && 'claim' in current) parts.push(`claim ${String(current.claim)}`);
    else break;
    current = (current as { cause?: unknown }).cause;
  }
  return parts.join(': ') || String(err);
};

export type OidcOptions = {
  providers: readonly OidcProviderConfig[];
};

export function oidcApi(opts: OidcOptions): Hono<AppEnv> {
  const api = new Hono<AppEnv>();
  const byId = new Map(opts.providers.map((p) => [p.id, p]));
  /** Each issuer's metadata and keys, read once (again after a failure). */
  const discovered = new Map<SignInProvider, Promise<client.Configuration>>();

  const configuration = (provider: OidcProviderConfig): Promise<client.Configuration> => {
    let found = discovered.get(provider.id);
    if (!found) {
      const issuer = new URL(provider.issuer);
      found = client.discovery(issuer, provider.clientId, provider.clientSecret, undefined, {
        ...(isLoopbackHttp(issuer) ? { execute: [client.allowInsecureRequests] } : {}),
        timeout: 10,
      });
      found.catch(() => discovered.delete(provider.id));
      discovered.set(provider.id, found);
    }
    return found;
  };

  const configured = (c: Context<AppEnv>): OidcProviderConfig => {
    const id = c.req.param('provider') ?? '';
    const provider = isSignInProvider(id) ? byId.get(id) : undefined;
    if (!provider) throw new ApiError(404, 'UNKNOWN_PROVIDER');
    return provider;
  };

  const publicOrigin = (c: Context<AppEnv>) => c.get('deps').publicOrigin ?? DEFAULT_PUBLIC_ORIGIN;
  const callbackUrl = (c: Context<AppEnv>, provider: SignInProvider) =>
    `${publicOrigin(c)}${APP_BASE}/api/oidc/${provider}/callback`;

  const refuse = (
    c: Context<AppEnv>,
    provider: SignInProvider,
    error: ProviderError,
    tx: Pick<ProviderSignIn, 'return_to' | 'locale'> | null,
    why: string,
  ) => {
    c.get('deps').log(`[oidc] sign-in with ${provider} refused (${error}): ${why}`);
    const search = new URLSearchParams({ provider, providerError: error });
    if (tx && tx.return_to !== DEFAULT_RETURN) search.set('redirect', tx.return_to);
    return c.redirect(`${appBase(tx?.locale ?? null)}/login?${search}`, 302);
  };

  api.get('/oidc/:provider/start', can('public'), async (c) => {
    const provider = configured(c);
    // The login page asks with HEAD whether this start is served before leaving for it (decision
    // 571): answered with nothing begun (no state, no cookie).
    if (c.req.method === 'HEAD') return c.body(null, 204);
    // The whole exchange runs on the public origin, where the callback is registered: the cookie
    // set here must come back with the callback.
    const origin = new URL(publicOrigin(c));
    const here = new URL(c.req.url);
    if (here.host !== origin.host) return c.redirect(`${origin.origin}${here.pathname}${here.search}`, 302);

    const returnTo = safeReturnPath(c.req.query('redirect'));
    const locale = safeLocale(c.req.query('locale'));
    let config: client.Configuration;
    try {
      config = await configuration(provider);
    } catch (err) {
      return refuse(c, provider.id, 'unavailable', { return_to: returnTo, locale }, `discovery failed: ${String(err)}`);
    }
    const { db, clock } = c.get('deps');
    const now = clock.now();
    const id = randomToken(32);
    const tx = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      codeVerifier: client.randomPKCECodeVerifier(),
    };
    await beginProviderSignIn(
      db,
      id,
      {
        provider: provider.id,
        state: tx.state,
        nonce: tx.nonce,
        codeVerifier: tx.codeVerifier,
        returnTo,
        locale,
      },
      now,
    );
    setCookie(c, OIDC_COOKIE, id, {
      httpOnly: true,
      // Lax: sent with the provider's top-level redirect back to the callback.
      sameSite: 'Lax',
      path: COOKIE_PATH,
      secure: isHttps(c),
      maxAge: PROVIDER_SIGN_IN_MS / 1000,
    });
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: callbackUrl(c, provider.id),
      scope: SCOPE,
      response_type: 'code',
      state: tx.state,
      nonce: tx.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(tx.codeVerifier),
      code_challenge_method: 'S256',
    });
    return c.redirect(url.href, 302);
  });

  api.get('/oidc/:provider/callback', can('public'), async (c) => {
    const provider = configured(c);
    const { db, clock } = c.get('deps');
    const now = clock.now();
    const cookie = getCookie(c, OIDC_COOKIE);
    deleteCookie(c, OIDC_COOKIE, { path: COOKIE_PATH, httpOnly: true, sameSite: 'Lax', secure: isHttps(c) });
    // Used once: taken out whatever happens next.
    const tx = cookie ? await takeProviderSignIn(db, cookie) : null;
    if (!tx || tx.provider !== provider.id || new Date(tx.expires_at) <= now) {
      return refuse(
        c,
        provider.id,
        'unavailable',
        tx,
        tx ? 'sign-in expired or for another provider' : 'no sign-in under way in this browser',
      );
    }
    const error = c.req.query('error');
    if (error)
      return refuse(
        c,
        provider.id,
        error === 'access_denied' ? 'cancelled' : 'unavailable',
        tx,
        `provider answered ${error}`,
      );

    let claims: IdClaims;
    try {
      const config = await configuration(provider);
      const current = new URL(callbackUrl(c, provider.id));
      current.search = new URL(c.req.url).search;
      const tokens = await client.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: tx.code_verifier,
        expectedState: tx.state,
        expectedNonce: tx.nonce,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims();
      if (!idClaims) throw new Error('no ID token');
      claims = idClaims as IdClaims;
    } catch (err) {
      return refuse(c, provider.id, 'unavailable', tx, `code exchange or ID token check failed: ${failure(err)}`);
    }

    const customerId = await customerForProvider(db, provider.id, claims, now);
    if (!customerId) return refuse(c, provider.id, 'unverified-email', tx, 'no linked account and no verified email');

    const previous = readSessionCookie(c);
    if (previous) await deleteSession(db, previous);
    // A new session (new id: no fixation); the next page load issues a CSRF value bound to it.
    setSessionCookie(c, await createSession(db, customerId, now), now);
    return c.redirect(`${appBase(tx.locale)}/redirect?${new URLSearchParams({ to: tx.return_to })}`, 302);
  });

  return api;
}
