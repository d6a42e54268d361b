import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { startLocalProvider, type LocalProvider } from '#server/oidc-provider/local-provider.ts';
import { startTestServer, type TestServer, type TestServerOptions } from './server.ts';

/** A port free right now (to register a callback with the provider before the server listens on it). */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

export type OidcWorld = { server: TestServer; provider: LocalProvider; close(): Promise<void> };

/**
 * The local server with "Google" configured against a real local OpenID provider (the stand-in
 * `npm start` runs, server/oidc-provider/local-provider.ts), its callback registered there.
 */
export async function startOidcWorld(opts: TestServerOptions = {}): Promise<OidcWorld> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const clientId = 'my-account-test';
  const clientSecret = 'test-secret-0123456789abcdefghijklmnop';
  const provider = await startLocalProvider({
    clientId,
    clientSecret,
    redirectUris: [`${origin}/my-account/api/oidc/google/callback`],
  });
  const server = await startTestServer({
    ...opts,
    port,
    publicOrigin: origin,
    oidcProviders: [{ id: 'google', issuer: provider.issuer, clientId, clientSecret }],
  });
  return {
    server,
    provider,
    async close() {
      await Promise.all([server.close(), provider.close()]);
    },
  };
}
