/**
 * A real server in its own process, for tests and benches that need several (test/postgres/,
 * bench/db-load.ts): opens the database as `npm start` does (server/db.ts openDatabase: the
 * PostgreSQL of DATABASE_URL, else embedded PGlite under DATA_DIR, seeded with the demo data when
 * new), serves on a free port with the test switches on and prints `READY {port}`. Nothing is shared
 * with its siblings but the database.
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from '#server/app.ts';
import { isEmpty, openDatabase } from '#server/db.ts';
import { seed } from '#server/seed/index.ts';
import { createFixtureDist } from './server.ts';

const dataDir = process.env.DATA_DIR ?? '';
if (!process.env.DATABASE_URL && !dataDir) throw new Error('server-child.ts needs DATABASE_URL or DATA_DIR');
const db = await openDatabase(process.env, dataDir);
if (!process.env.DATABASE_URL && (await isEmpty(db))) await seed(db, 'demo');
const app = await createApp({ db, distDir: await createFixtureDist(), testSwitches: true, log: () => {} });
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
  process.stdout.write(`READY ${info.port}\n`);
});
server.on('error', (err) => {
  console.error(err);
  process.exit(1);
});
process.on('SIGTERM', () => {
  server.close();
  if ('closeAllConnections' in server) server.closeAllConnections();
  void db.close().finally(() => process.exit(0));
});
