/**
 * Bench case (docs/decisions/171-bookings-list-by-customer.md): GET /bookings/{tab} for
 * the demo customer with the demo history, then after seeding HISTORY more bookings for them and as
 * many again spread over OTHER_CUSTOMERS customers. Prints req/s and p99 per tab at both sizes.
 * Bounded: SECONDS of load per tab and size at CONCURRENCY requests in flight.
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from '#server/app.ts';
import { one, openDb, type Db } from '#server/db.ts';
import { DEMO_ACCOUNT } from '#server/seed/accounts.ts';
import { seed } from '#server/seed/index.ts';
import { signedInClient } from '#test/helpers/server.ts';

const HISTORY = Number(process.env.BENCH_HISTORY ?? 20_000);
const OTHER_CUSTOMERS = 200;
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 3);
const CONCURRENCY = 8;
const TABS = ['upcoming', 'past'] as const;

/** Set-based inserts (one statement per table), so 40,000 bookings take seconds, not minutes. */
async function seedHistory(db: Db, customerId: string): Promise<void> {
  const template = await one<{ data: string }>(
    db,
    `select data::text as data from bookings where customer_id = $1 and not is_season limit 1`,
    [customerId],
  );
  if (!template) throw new Error('the demo customer has no booking to copy');
  await db.query(
    `insert into customers (id, email, password_hash, first_name, last_name)
     select 'bench-c-' || g, 'bench-' || g || '@example.com', null, 'Bench', 'Customer' || g from generate_series(1, $1::int) g`,
    [OTHER_CUSTOMERS],
  );
  // HISTORY past journeys for the demo customer, HISTORY more spread over the others.
  await db.query(
    `insert into orders (id, friendly_order_id, customer_id, email, created_at)
     select 'bench-o-' || g, 'BENCH' || lpad(g::text, 7, '0'),
            case when g <= $1 then $2 else 'bench-c-' || (g % $3 + 1) end,
            case when g <= $1 then $4 else 'bench-' || (g % $3 + 1) || '@example.com' end, now()
     from generate_series(1, 2 * $1::int) g`,
    [HISTORY, customerId, OTHER_CUSTOMERS, DEMO_ACCOUNT.email],
  );
  // Row triggers off for the bulk insert (migration 120 keeps customer_id and booking_counts per
  // row); this statement sets customer_id itself and the counts are recomputed once below.
  await db.exec(`set session_replication_role = replica`);
  await db.query(
    `insert into bookings (id, order_id, customer_id, is_season, outward_date, inward_date, data, created_at)
     select 'bench-b-' || g, 'bench-o-' || g, case when g <= $2 then $3 else 'bench-c-' || (g % $4 + 1) end,
            false, now() - (g || ' hours')::interval - interval '2 days', null, $1::jsonb, now()
     from generate_series(1, 2 * $2::int) g`,
    [template.data, HISTORY, customerId, OTHER_CUSTOMERS],
  );
  await db.exec(`set session_replication_role = origin`);
  await db.exec(
    `insert into booking_counts (customer_id, ordinary, season)
       select customer_id, count(*) filter (where not is_season), count(*) filter (where is_season)
       from bookings where customer_id is not null group by customer_id
     on conflict (customer_id) do update set ordinary = excluded.ordinary, season = excluded.season`,
  );
  // What autovacuum would do after a bulk load (PGlite runs none).
  await db.exec('analyze');
}

async function load(origin: string, cookie: string, path: string, seconds = SECONDS) {
  const latencies: number[] = [];
  const until = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < until) {
      const start = performance.now();
      const res = await fetch(origin + path, { headers: { cookie, accept: 'application/json' } }).catch(
        (err: unknown) => {
          // A kept-alive socket the server closed while idle (e.g. during seeding): try again once.
          if ((err as { cause?: { code?: string } }).cause?.code === 'ECONNRESET') return null;
          throw err;
        },
      );
      if (!res) continue;
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
      latencies.push(performance.now() - start);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  latencies.sort((a, b) => a - b);
  const p99 = latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))] ?? 0;
  return { rps: latencies.length / seconds, p99 };
}

export async function benchBookingsListLoad(distDir: string): Promise<void> {
  const db = await openDb(null);
  await seed(db, 'demo');
  const app = await createApp({ db, distDir, log: () => {} });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1', overrideGlobalObjects: false });
  try {
    await new Promise<void>((done) => (server.listening ? done() : server.once('listening', () => done())));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const client = await signedInClient(origin, DEMO_ACCOUNT);
    const cookie = `ma_session=${client.cookie('ma_session') ?? ''}`;
    const customer = await one<{ id: string }>(db, 'select id from customers where email = $1', [DEMO_ACCOUNT.email]);
    const count = async () =>
      (await one<{ n: number }>(db, 'select count(*)::int as n from bookings where customer_id = $1', [customer!.id]))!
        .n;

    const measure = async (label: string) => {
      for (const tab of TABS) {
        await load(origin, cookie, `/my-account/api/bookings/${tab}?page=0`, 0.5); // warm-up, not reported
      }
      for (const tab of TABS) {
        const { rps, p99 } = await load(origin, cookie, `/my-account/api/bookings/${tab}?page=0`);
        console.log(
          `bookings list ${tab} with ${label}: ${rps.toFixed(0)} req/s, p99 ${p99.toFixed(1)} ms (${CONCURRENCY} in flight, ${SECONDS} s)`,
        );
      }
    };
    await measure(`${await count()} bookings`);
    const started = performance.now();
    await seedHistory(db, customer!.id);
    console.log(
      `seeded ${HISTORY} more bookings for the demo customer and ${HISTORY} for ${OTHER_CUSTOMERS} others in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    await measure(`${await count()} bookings`);
  } finally {
    await new Promise<void>((done) => {
      server.close(() => done());
      if ('closeAllConnections' in server) server.closeAllConnections();
    });
    await db.close();
  }
}
