/**
 * `npm start`: builds the app if dist/ is stale, opens the database (the PostgreSQL server of
 * DATABASE_URL when set, else the embedded one under DATA_DIR, default .data/: docs/postgresql.md),
 * seeds the demo data into a new database, and serves everything on 127.0.0.1:PORT (default 5173).
 * SIGINT/SIGTERM stop the build, the server and the database.
 */
import { join, resolve } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { createApp } from './app.ts';
import { needsBuild, runViteBuild, type ViteBuild } from './build-check.ts';
import { isEmpty, openDatabase, type Db } from './db.ts';
import { HOUR_MS } from './lib/clock.ts';
import { httpServerOptions } from './lib/http-timeouts.ts';
import { purgeExpired } from './lib/housekeeping.ts';
import { oidcProvidersFromEnv, type OidcProviderConfig } from './lib/oidc-config.ts';
import { randomToken } from './lib/tokens.ts';
import { LOCAL_ACCOUNTS, startLocalProvider, type LocalProvider } from './oidc-provider/local-provider.ts';
import { pageDataFromEnv } from './lib/page-data.ts';
import { apiShapeFrom } from './lib/spec-shape.ts';
import { trustProxyFrom } from './lib/proxy.ts';
import { LOCAL_HOST, publicOriginFrom } from './lib/public-origin.ts';
import { defaultDistDir, projectRoot } from './paths.ts';
import { DEMO_ACCOUNT, REFUNDS_ACCOUNT } from './seed/accounts.ts';
import { findDemoFindBooking, findDemoGuestLinks } from './seed/guest-orders.ts';
import { seed } from './seed/index.ts';
import { findCheckInGuestLink } from './seed/booking-actions.ts';
import { findRefundGuestLinks } from './seed/refunds.ts';
import { DEMO_MARKETING_TOKEN } from './seed/consents.ts';
import { findDemoClaimLinks } from './seed/delay-repay.ts';

const HOST = LOCAL_HOST;

const running: { build: ViteBuild | null; server: ServerType | null; db: Db | null; oidc: LocalProvider | null } = {
  build: null,
  server: null,
  db: null,
  oidc: null,
};
let stopping = false;

async function stop(signal: string, code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: shutting down`);
  running.build?.stop();
  const { server } = running;
  if (server) {
    await new Promise<void>((done) => {
      server.close(() => done());
      if ('closeAllConnections' in server) server.closeAllConnections();
    });
  }
  await running.oidc?.close().catch(() => {});
  await running.db?.close().catch(() => {});
  process.exit(code);
}

process.on('SIGINT', () => void stop('SIGINT', 0));
process.on('SIGTERM', () => void stop('SIGTERM', 0));

async function main(): Promise<void> {
  const port = Number(process.env.PORT ?? 5173);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT=${process.env.PORT} is not a port`);
  const dataDir = resolve(projectRoot, process.env.DATA_DIR ?? '.data');
  const distDir = defaultDistDir;
  const apiShape = apiShapeFrom(process.env.API_SHAPE);

  if (await needsBuild(projectRoot, distDir)) {
    console.log('dist/ is missing or older than the sources: running vite build...');
    running.build = runViteBuild(projectRoot, distDir);
    await running.build.done;
    running.build = null;
  }
  if (stopping) return;

  const db = await openDatabase(process.env, dataDir);
  running.db = db;
  // Under the migration lock: of several servers starting on one new PostgreSQL database, one seeds it.
  const seeded = await db.exclusive(async () => {
    if (!(await isEmpty(db))) return false;
    await seed(db, 'demo');
    return true;
  });
  if (seeded)
    console.log(
      `Seeded a new database ${db.engine === 'postgres' ? 'on the PostgreSQL server of DATABASE_URL' : `in ${dataDir}`}`,
    );

  await purgeExpired(db, new Date());
  setInterval(() => void purgeExpired(db, new Date()).catch(() => {}), HOUR_MS).unref();

  const publicOrigin = publicOriginFrom(process.env.PUBLIC_ORIGIN, port);
  const oidcProviders: OidcProviderConfig[] = oidcProvidersFromEnv(process.env);
  // Without a configured Google, a local OpenID provider stands in for it (decision 360).
  if (!oidcProviders.some((p) => p.id === 'google') && process.env.LOCAL_OIDC !== '0') {
    const clientId = 'my-account-local';
    const clientSecret = randomToken(32);
    running.oidc = await startLocalProvider({
      port: Number(process.env.LOCAL_OIDC_PORT ?? 0),
      clientId,
      clientSecret,
      redirectUris: [`${publicOrigin}/my-account/api/oidc/google/callback`],
    });
    oidcProviders.push({ id: 'google', issuer: running.oidc.issuer, clientId, clientSecret });
  }
  const app = await createApp({
    db,
    distDir,
    pageData: pageDataFromEnv(process.env),
    publicOrigin,
    trustProxy: trustProxyFrom(process.env.TRUST_PROXY),
    oidcProviders,
    outboxDir: join(dataDir, 'outbox'),
    apiShape,
  });
  // Slow or idle connections are closed (headers 10 s, request 30 s, idle keep-alive 5 s): decision 565.
  const server = serve({ fetch: app.fetch, port, hostname: HOST, serverOptions: httpServerOptions() }, (info) => {
    const origin = `http://${HOST}:${info.port}`;
    void Promise.all([
      findDemoGuestLinks(db),
      findCheckInGuestLink(db),
      findRefundGuestLinks(db),
      findDemoClaimLinks(db),
      findDemoFindBooking(db),
    ]).then(([guestLinks, checkIn, refund, claimLinks, find]) => {
      const links = [...guestLinks, ...(checkIn ? [checkIn] : []), ...refund];
      const lines = [
        `URL: ${origin}/my-account/`,
        ...(apiShape === 'full'
          ? []
          : [`API shape: ${apiShape} (only the fields and calls of docs/product/entities.md and docs/product/api.md)`]),
        `Demo email: ${DEMO_ACCOUNT.email}`,
        `Demo password: ${DEMO_ACCOUNT.password}`,
        `Refunds demo email: ${REFUNDS_ACCOUNT.email} (same password)`,
        ...links.map(
          (link) =>
            `Guest link (${link.email}): ${origin}/my-account/order-token/${link.bookingId}#token=${link.token}`,
        ),
        `Marketing email link (demo account): ${origin}/my-account/contact-preferences-token?action=unsubscribe#token=${DEMO_MARKETING_TOKEN}`,
        ...claimLinks.map(
          (link) => `Delay Repay claim link (${link.email}): ${origin}/my-account/claim-token#token=${link.token}`,
        ),
        ...(process.env.NODE_ENV === 'production'
          ? []
          : [`Outbox (emails the server would send): ${origin}/__outbox and ${join(dataDir, 'outbox')}`]),
        ...(running.oidc
          ? [
              `Continue with Google: local stand-in provider at ${running.oidc.issuer}, accounts (same password): ${LOCAL_ACCOUNTS.map(
                (a) => `${a.email}${a.emailVerified ? '' : ' (email not verified)'}`,
              ).join(', ')}`,
            ]
          : []),
        ...(find
          ? [
              `Find a booking (${origin}/my-account/find-booking): reference ${find.reference}, email ${find.email}, departure date ${find.departureDate}, surname ${find.surname}`,
            ]
          : []),
      ];
      console.log(lines.join('\n'));
    });
  });
  running.server = server;
  server.on('error', (err) => {
    console.error(`Cannot serve on ${HOST}:${port}: ${err.message}`);
    void stop('error', 1);
  });
}

main().catch((err: unknown) => {
  console.error(err);
  void stop('error', 1);
});
