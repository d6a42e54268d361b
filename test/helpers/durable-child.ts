/**
 * A real server in its own process for the durability test (test/server/durability.test.ts): opens
 * the persisted database in argv[2] (seeding 'empty' into a new one), serves on a free port and
 * prints `READY {port}`. The test kills it with SIGKILL mid-write and starts it again on the same folder.
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from '#server/app.ts';
import { isEmpty } from '#server/db.ts';
import { openTestDb } from './db.ts';
import { seed } from '#server/seed/index.ts';
import { createFixtureDist } from './server.ts';

const dir = process.argv[2];
if (!dir) throw new Error('usage: durable-child.ts <data dir>');
const db = await openTestDb(dir);
if (await isEmpty(db)) await seed(db, 'empty');
const app = await createApp({ db, distDir: await createFixtureDist(), log: () => {} });
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
  process.stdout.write(`READY ${info.port}\n`);
});
server.on('error', (err) => {
  console.error(err);
  process.exit(1);
});
