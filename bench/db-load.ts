/**
 * `npm run bench:db` (under scripts/with-postgres.sh, which starts a throwaway PostgreSQL and names it
 * in TEST_DATABASE_URL): the bookings list and one booking's detail under load, signed in as the demo
 * customer, against three set-ups, each server in its own process (test/helpers/server-child.ts):
 *   - one server on embedded PGlite (what `npm start` runs);
 *   - one server on PostgreSQL;
 *   - two servers on one PostgreSQL, requests shared between them in turn (a load balancer).
 * Prints requests per second and p99 latency side by side (docs/postgresql.md). Bounded:
 * BENCH_DB_SECONDS (default 5) of load per call and set-up, CONCURRENCY requests in flight.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_ACCOUNT } from '#server/seed/accounts.ts';
import { stableId } from '#server/seed/context.ts';
import { openPostgres } from '#server/db.ts';
import { seed } from '#server/seed/index.ts';
import { createTestDatabase, databaseUrl, dropTestDatabase, testDatabaseUrl } from '#test/helpers/db.ts';
import { signedInClient } from '#test/helpers/server.ts';
import { spawnServer, type SpawnedServer } from '#test/helpers/spawn-server.ts';

const SECONDS = Number(process.env.BENCH_DB_SECONDS ?? 5);
const CONCURRENCY = 20;
const BOOKING_ID = stableId('booking', 'demo-upcoming-euston-manchester:0');
const CALLS = [
  { label: 'bookings list', path: '/my-account/api/bookings/upcoming?page=0' },
  { label: 'booking detail', path: `/my-account/api/booking/${BOOKING_ID}` },
] as const;

type Result = { rps: number; p99: number; errors: number };

/** CONCURRENCY workers for `seconds`, each sending its next request to the next origin in turn. */
async function load(origins: readonly string[], cookie: string, path: string, seconds: number): Promise<Result> {
  const latencies: number[] = [];
  let errors = 0;
  let turn = 0;
  const until = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < until) {
      const origin = origins[turn++ % origins.length] ?? '';
      const start = performance.now();
      const res = await fetch(origin + path, { headers: { cookie, accept: 'application/json' } });
      await res.arrayBuffer();
      if (res.status !== 200) {
        errors += 1;
        continue;
      }
      latencies.push(performance.now() - start);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  latencies.sort((x, y) => x - y);
  const p99 = latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))] ?? 0;
  return { rps: latencies.length / seconds, p99, errors };
}

async function measure(label: string, servers: SpawnedServer[]): Promise<{ label: string; results: Result[] }> {
  const origins = servers.map((s) => s.origin);
  const client = await signedInClient(origins[0] ?? '', DEMO_ACCOUNT);
  const cookie = `ma_session=${client.cookie('ma_session') ?? ''}`;
  const results: Result[] = [];
  for (const call of CALLS) {
    await load(origins, cookie, call.path, 1); // warm-up, not reported
    results.push(await load(origins, cookie, call.path, SECONDS));
  }
  return { label, results };
}

const serverUrl = testDatabaseUrl();
if (!serverUrl) throw new Error('bench/db-load.ts needs TEST_DATABASE_URL: run it with `npm run bench:db`');

const rows: { label: string; results: Result[] }[] = [];

const dataDir = await mkdtemp(join(tmpdir(), 'my-account-bench-db-'));
try {
  const lite = await spawnServer({ DATA_DIR: dataDir, DATABASE_URL: '' });
  try {
    rows.push(await measure('PGlite, one server', [lite]));
  } finally {
    await lite.stop();
  }
} finally {
  await rm(dataDir, { recursive: true, force: true });
}

const name = await createTestDatabase(serverUrl);
try {
  const url = databaseUrl(serverUrl, name);
  const db = await openPostgres(url, { max: 2 });
  await seed(db, 'demo');
  await db.exec('analyze');
  await db.close();
  const one = await spawnServer({ DATABASE_URL: url });
  try {
    rows.push(await measure('PostgreSQL, one server', [one]));
    const two = await spawnServer({ DATABASE_URL: url });
    try {
      rows.push(await measure('PostgreSQL, two servers', [one, two]));
    } finally {
      await two.stop();
    }
  } finally {
    await one.stop();
  }
} finally {
  await dropTestDatabase(serverUrl, name);
}

const cell = (r: Result | undefined) =>
  r ? `${r.rps.toFixed(0)} req/s, p99 ${r.p99.toFixed(1)} ms${r.errors ? ` (${r.errors} errors)` : ''}` : '';
console.log(
  `\nConcurrency ${CONCURRENCY}, ${SECONDS} s per call, demo customer (server processes on this machine, load generator included)\n`,
);
console.log(`| Set-up | ${CALLS.map((c) => c.label).join(' | ')} |`);
console.log(`|---|${CALLS.map(() => '---').join('|')}|`);
for (const row of rows) console.log(`| ${row.label} | ${row.results.map(cell).join(' | ')} |`);
process.exit(0);
