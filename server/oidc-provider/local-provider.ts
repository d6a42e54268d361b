/**
 * A real OpenID Connect provider on this machine (oidc-provider), standing in for "Google" in the
 * demo and the tests (docs/decisions/360-oidc-sign-in.md): its own port on 127.0.0.1, one client
 * (this server), code flow with PKCE, signed ID tokens, and its own sign-in and consent pages for a
 * few stand-in accounts. Nothing in the app knows it is local: it is configured like any issuer.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type InteractionDetails } from 'oidc-provider';
import { isAllowedHost } from '../lib/host-guard.ts';
import { httpServerOptions } from '../lib/http-timeouts.ts';

export type LocalAccount = {
  sub: string;
  email: string;
  emailVerified: boolean;
  givenName: string;
  familyName: string;
  password: string;
};

/**
 * The stand-in provider's accounts (all with the demo password): the demo customer's own email
 * (links to the demo account), a new customer (creates an account), and an address the provider
 * has not verified, which must not sign in to the account that has it (Sam Patel's).
 */
export const LOCAL_ACCOUNTS: readonly LocalAccount[] = [
  {
    sub: 'local-100001',
    email: 'demo@example.com',
    emailVerified: true,
    givenName: 'Alex',
    familyName: 'Morgan',
    password: 'RailDemo!2026',
  },
  {
    sub: 'local-100002',
    email: 'jo.taylor@example.com',
    emailVerified: true,
    givenName: 'Jo',
    familyName: 'Taylor',
    password: 'RailDemo!2026',
  },
  {
    sub: 'local-100003',
    email: 'sam.patel@example.com',
    emailVerified: false,
    givenName: 'Sam',
    familyName: 'Patel',
    password: 'RailDemo!2026',
  },
];

export type LocalProviderOptions = {
  /** 0 (default): any free port. */
  port?: number;
  clientId: string;
  clientSecret: string;
  /** Where the provider may send the customer back (this server's callback). */
  redirectUris: string[];
  accounts?: readonly LocalAccount[];
};

export type LocalProvider = { issuer: string; close(): Promise<void> };

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const page = (title: string, body: string): string => `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:26rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
label{display:block;margin-top:1rem;font-weight:600}input{display:block;width:100%;box-sizing:border-box;padding:.5rem;font:inherit}
button{margin-top:1.25rem;margin-right:.5rem;padding:.5rem 1rem;font:inherit}p.error{color:#a50e0e;font-weight:600}
.note{color:#444;font-size:.9rem}</style></head>
<body><main>${body}</main></body></html>`;

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 16 * 1024) throw new Error('form too large');
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

const send = (res: ServerResponse, status: number, html: string) => {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(html);
};

const loginPage = (uid: string, error: string | null, email = '') =>
  page(
    'Sign in: local Google stand-in',
    `<h1>Sign in</h1>
<p class="note">Local stand-in for Google (this machine only).</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/interaction/${escapeHtml(uid)}/login">
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}">
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Next</button>
</form>
<form method="post" action="/interaction/${escapeHtml(uid)}/abort"><button type="submit">Cancel</button></form>`,
  );

const consentPage = (uid: string, details: InteractionDetails) => {
  const scopes = new Set(details.prompt.details.missingOIDCScope ?? []);
  scopes.delete('openid');
  const wanted = [...scopes].map(
    (s) => `<li>${escapeHtml(s === 'email' ? 'Your email address' : s === 'profile' ? 'Your name' : s)}</li>`,
  );
  return page(
    'Allow access: local Google stand-in',
    `<h1>Allow My account to sign you in?</h1>
<p>My account will see:</p><ul>${wanted.join('')}</ul>
<form method="post" action="/interaction/${escapeHtml(uid)}/confirm"><button type="submit">Allow</button></form>
<form method="post" action="/interaction/${escapeHtml(uid)}/abort"><button type="submit">Cancel</button></form>`,
  );
};

export async function startLocalProvider(opts: LocalProviderOptions): Promise<LocalProvider> {
  const accounts = opts.accounts ?? LOCAL_ACCOUNTS;
  let handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => {
    res.writeHead(503).end();
  };
  const server = createServer(httpServerOptions(), (req, res) => handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: opts.clientId,
        client_secret: opts.clientSecret,
        redirect_uris: opts.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [{ ...signingKey, use: 'sig', alg: 'RS256', kid: 'local-1' }] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    // Like Google: the ID token itself carries the email, its verification and the name.
    conformIdTokenClaims: false,
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name', 'name'] },
    pkce: { required: () => true },
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx: unknown, id: string) => {
      const account = accounts.find((a) => a.sub === id);
      if (!account) return undefined;
      return {
        accountId: account.sub,
        claims: () => ({
          sub: account.sub,
          email: account.email,
          email_verified: account.emailVerified,
          given_name: account.givenName,
          family_name: account.familyName,
          name: `${account.givenName} ${account.familyName}`,
        }),
      };
    },
  });
  const oidc = provider.callback();

  const interaction = async (req: IncomingMessage, res: ServerResponse, uid: string, action: string | undefined) => {
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) return send(res, 400, page('Error', '<h1>This sign-in has expired</h1>'));
    if (req.method === 'GET' && action === undefined) {
      if (details.prompt.name === 'login') return send(res, 200, loginPage(uid, null));
      if (details.prompt.name === 'consent') return send(res, 200, consentPage(uid, details));
      return send(res, 501, page('Error', '<h1>Not supported</h1>'));
    }
    if (req.method !== 'POST') return send(res, 405, page('Error', '<h1>Not allowed</h1>'));
    const form = await readForm(req);
    if (action === 'abort') {
      return provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'The customer cancelled' },
        { mergeWithLastSubmission: false },
      );
    }
    if (action === 'login' && details.prompt.name === 'login') {
      const email = (form.get('email') ?? '').trim().toLowerCase();
      const account = accounts.find((a) => a.email === email && a.password === form.get('password'));
      if (!account) return send(res, 200, loginPage(uid, 'Wrong email or password.', email));
      return provider.interactionFinished(
        req,
        res,
        { login: { accountId: account.sub } },
        { mergeWithLastSubmission: false },
      );
    }
    if (action === 'confirm' && details.prompt.name === 'consent') {
      const accountId = details.session?.accountId;
      if (!accountId) return send(res, 400, page('Error', '<h1>This sign-in has expired</h1>'));
      const grant = details.grantId
        ? ((await provider.Grant.find(details.grantId)) ??
          new provider.Grant({ accountId, clientId: details.params.client_id }))
        : new provider.Grant({ accountId, clientId: details.params.client_id });
      if (details.prompt.details.missingOIDCScope)
        grant.addOIDCScope(details.prompt.details.missingOIDCScope.join(' '));
      if (details.prompt.details.missingOIDCClaims) grant.addOIDCClaims(details.prompt.details.missingOIDCClaims);
      return provider.interactionFinished(
        req,
        res,
        { consent: { grantId: await grant.save() } },
        { mergeWithLastSubmission: true },
      );
    }
    return send(res, 400, page('Error', '<h1>Not expected here</h1>'));
  };

  handle = (req, res) => {
    // Its own name only, as the app's server (decision 565): a DNS-rebound page cannot drive its sign-in pages.
    const on = { address: req.socket.localAddress ?? '', port: req.socket.localPort ?? 0 };
    if (!isAllowedHost(req.headers.host, issuer, on)) {
      res.writeHead(421, { 'cache-control': 'no-store', connection: 'close' }).end();
      return;
    }
    const match = /^\/interaction\/([\w-]+)(?:\/(login|confirm|abort))?$/.exec(
      new URL(req.url ?? '/', issuer).pathname,
    );
    if (!match) return oidc(req, res);
    interaction(req, res, match[1]!, match[2]).catch(() => {
      if (!res.headersSent) send(res, 400, page('Error', '<h1>This sign-in has expired. Go back and try again.</h1>'));
    });
  };

  return {
    issuer,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
