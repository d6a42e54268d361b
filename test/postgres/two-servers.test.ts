import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openPostgres, type Db } from '#server/db.ts';
import { DEMO_ACCOUNT, REFUNDS_ACCOUNT } from '#server/seed/accounts.ts';
import { stableId } from '#server/seed/context.ts';
import { seed } from '#server/seed/index.ts';
import { LOGIN_SLOWDOWN } from '#server/lib/rate-limit.ts';
import { REFUND_SEED_KEYS as K, refundSeedBookingId } from '#server/seed/refunds.ts';
import { BookingDetailResponse } from '#src/schemas/booking.ts';
import { RefundQuote } from '#src/schemas/refunds.ts';
import { createTestDatabase, databaseUrl, dropTestDatabase, testDatabaseUrl } from '../helpers/db.ts';
import { apiClient, type ApiClient } from '../helpers/server.ts';
import { spawnServer, type SpawnedServer } from '../helpers/spawn-server.ts';

/**
 * Two servers, two processes, two ports, one PostgreSQL (docs/postgresql.md): nothing a customer
 * relies on lives in one server's memory. One browser (one cookie jar) talks to both, as it would
 * behind a load balancer.
 */
const API = '/my-account/api';
const serverUrl = testDatabaseUrl() ?? '';

let name = '';
let db: Db;
let a: SpawnedServer;
let b: SpawnedServer;

beforeAll(async () => {
  name = await createTestDatabase(serverUrl);
  const url = databaseUrl(serverUrl, name);
  // Both start at once on a new database: one migrates, the other waits for the lock and finds it done.
  [a, b] = await Promise.all([
    spawnServer({ DATABASE_URL: url, DATABASE_POOL_MAX: '5' }),
    spawnServer({ DATABASE_URL: url, DATABASE_POOL_MAX: '5' }),
  ]);
  db = await openPostgres(url, { max: 2 });
  await seed(db, 'demo');
});
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await db?.close();
  if (name) await dropTestDatabase(serverUrl, name);
});

/** One browser: a client for each server, sharing one cookie jar. */
async function browser(): Promise<{ onA: ApiClient; onB: ApiClient }> {
  const jar = new Map<string, string>();
  const onA = apiClient(a.origin, jar);
  const onB = apiClient(b.origin, jar);
  await onA.init();
  await onB.init();
  return { onA, onB };
}

/** Signs in on A; B's client then reads the new CSRF value from B's page, as the one app in the browser holds it. */
async function signIn(
  browser: { onA: ApiClient; onB: ApiClient },
  account: { email: string; password: string },
): Promise<void> {
  const res = await browser.onA.post(`${API}/login`, { email: account.email, password: account.password });
  expect(res.status).toBe(200);
  await browser.onB.init();
  expect(browser.onB.csrfToken).toBe(browser.onA.csrfToken);
}

describe('migrations', () => {
  it('run once when several servers open a new database together', async () => {
    const fresh = await createTestDatabase(serverUrl);
    const url = databaseUrl(serverUrl, fresh);
    try {
      const handles = await Promise.all([1, 2, 3, 4].map(() => openPostgres(url, { max: 2 })));
      try {
        const { rows } = await handles[0]!.query<{ n: number; distinct_names: number }>(
          'select count(*)::int as n, count(distinct name)::int as distinct_names from schema_migrations',
        );
        expect(rows[0]?.n).toBeGreaterThan(10);
        expect(rows[0]?.n).toBe(rows[0]?.distinct_names);
        expect(await Promise.all(handles.map((h) => migrate(h)))).toEqual([[], [], [], []]);
      } finally {
        await Promise.all(handles.map((h) => h.close()));
      }
    } finally {
      await dropTestDatabase(serverUrl, fresh);
    }
  });
});

describe('two servers on one PostgreSQL', () => {
  it('a customer signed in on one is signed in on the other, and signed out on both', async () => {
    const both = await browser();
    const { onA, onB } = both;
    await signIn(both, DEMO_ACCOUNT);
    const user = await onB.get(`${API}/user`);
    expect(user.status).toBe(200);
    expect(user.body).toMatchObject({ user: { email: DEMO_ACCOUNT.email } });
    // The CSRF value issued by A at sign-in is good on B: the secret is in the database.
    const details = await onB.get(`${API}/customer/personal-details`);
    expect(details.status).toBe(200);
    expect((await onB.post(`${API}/logout`)).status).toBeLessThan(300);
    expect((await onA.get(`${API}/customer/personal-details`)).status).toBe(401);
  });

  it('counts a rate limit across both: wrong passwords on either slow the account on both', async () => {
    const { onA, onB } = await browser();
    // An address with no account is slowed down exactly like one with an account (decision 400).
    const wrong = { email: 'nobody-on-two-servers@example.com', password: 'not-the-password-1' };
    for (let i = 0; i < LOGIN_SLOWDOWN.freeFailures; i++) {
      const res = await (i % 2 === 0 ? onA : onB).post(`${API}/login`, wrong);
      expect(res.status).toBe(401);
    }
    for (const client of [onA, onB]) {
      const res = await client.post(`${API}/login`, wrong);
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('pays a refund raced from both servers once: one quote, or two quotes of the same tickets', async () => {
    const both = await browser();
    const { onA, onB } = both;
    await signIn(both, REFUNDS_ACCOUNT);
    const quotePath = (key: string, reason?: string) =>
      `${API}/refund-quote/${stableId('order', key)}/${refundSeedBookingId(key)}${reason ? `?refundReason=${reason}` : ''}`;
    const quote = async (client: ApiClient, key: string, reason?: string) => {
      const res = await client.get(quotePath(key, reason));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return v.parse(RefundQuote, res.body).quoteId ?? '';
    };
    const request = (client: ApiClient, quoteId: string) =>
      client.request('POST', `${API}/refund-quote/${quoteId}`, { body: 'null' });

    const one = await quote(onA, K.paperPost);
    const same = await Promise.all([request(onA, one), request(onB, one)]);
    expect(same.map((r) => r.status).sort()).toEqual([200, 409]);

    const reason = 'DISRUPTION_SERVICE_CANCELLATION';
    const [fromA, fromB] = await Promise.all([quote(onA, K.amountTooLow, reason), quote(onB, K.amountTooLow, reason)]);
    const raced = await Promise.all([request(onA, fromA), request(onB, fromB)]);
    expect(raced.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(raced.find((r) => r.status === 409)?.body).toMatchObject({ errors: [{ code: 'IN_PROGRESS' }] });

    const detail = await onB.get(`${API}/booking/${refundSeedBookingId(K.amountTooLow)}`);
    const booking = v
      .parse(BookingDetailResponse, detail.body)
      .bookings.find((x) => x.id === refundSeedBookingId(K.amountTooLow));
    expect(booking?.refund?.refunds).toHaveLength(1);
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from refund_quotes where booking_id = $1 and outcome = 'accepted'`,
      [refundSeedBookingId(K.amountTooLow)],
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('reads on one server an on-demand ticket started on the other, issued once', async () => {
    const both = await browser();
    const { onA, onB } = both;
    await signIn(both, DEMO_ACCOUNT);
    const key = 'demo-upcoming-euston-manchester';
    const bookingId = stableId('booking', `${key}:0`);
    const generate = (client: ApiClient) =>
      client.post<{ deliverableId: string }>(
        `${API}/booking/${bookingId}/generate-on-demand-ticket/${stableId('delivery', key)}`,
      );
    const status = (client: ApiClient, deliverableId: string) =>
      client.get<{ status: string; ticket?: { reference: string } }>(
        `${API}/booking/${bookingId}/get-on-demand-ticket-status/${deliverableId}`,
      );

    const started = await generate(onA);
    expect(started.status).toBe(200);
    const { deliverableId } = started.body;
    expect((await status(onB, deliverableId)).body).toEqual({ status: 'processing' });
    // Pressed again on the other server: the same deliverable, not a second ticket.
    expect((await generate(onB)).body).toEqual({ deliverableId });
    // The ticket is ready a few seconds after it was asked for (each server's own test clock moves).
    for (const server of [a, b]) {
      const res = await fetch(`${server.origin}/__test/clock`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ offsetMs: 10_000 }),
      });
      expect(res.status).toBe(200);
    }
    const onBReady = await status(onB, deliverableId);
    expect(onBReady.body).toMatchObject({ status: 'ready', ticket: { reference: expect.stringMatching(/^TKT-/) } });
    expect((await status(onA, deliverableId)).body).toEqual(onBReady.body);
    const { rows } = await db.query<{ n: number }>(
      'select count(*)::int as n from issued_tickets where booking_id = $1',
      [bookingId],
    );
    expect(rows[0]?.n).toBe(1);
  });
});
