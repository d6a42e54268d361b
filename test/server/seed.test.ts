import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isEmpty, migrate, wipe, type Db } from '#server/db.ts';
import { openTestDb } from '#test/helpers/db.ts';
import type { BookingData } from '#server/domain/booking-data.ts';
import { purgeExpired } from '#server/lib/housekeeping.ts';
import { sha256Hex } from '#server/lib/tokens.ts';
import { DEMO_ACCOUNT, LEAVING_ACCOUNT, REFUNDS_ACCOUNT, SECOND_ACCOUNT } from '#server/seed/accounts.ts';
import { REFUND_GUEST_TOKEN } from '#server/seed/refunds.ts';
import { CHECK_IN_GUEST_TOKEN } from '#server/seed/booking-actions.ts';
import { ASSOCIATION_DEMO_TOKENS } from '#server/seed/bookings-lists.ts';
import { DEMO_GUEST_TOKENS, findDemoGuestLinks, GUEST_EMAIL } from '#server/seed/guest-orders.ts';
import { seed, seedModules } from '#server/seed/index.ts';

type BookingRow = {
  id: string;
  order_id: string;
  is_season: boolean;
  outward_date: Date;
  inward_date: Date | null;
  data: BookingData;
  customer_id: string | null;
  email: string;
  replacement_order_id: string | null;
  friendly_order_id: string;
};

const DAY = 24 * 3600 * 1000;
let db: Db;
const now = new Date('2026-06-15T12:00:00Z');

beforeAll(async () => {
  db = await openTestDb(null);
});
afterAll(async () => {
  await db?.close();
});

const bookingsOf = async (where: string, params: unknown[]) =>
  (
    await db.query<BookingRow>(
      `select b.*, o.customer_id, o.email, o.replacement_order_id, o.friendly_order_id
       from bookings b join orders o on o.id = b.order_id where ${where}`,
      params,
    )
  ).rows;

describe('migrations', () => {
  it('are recorded once and not re-applied', async () => {
    const { rows } = await db.query<{ name: string }>('select name from schema_migrations order by name');
    expect(rows.map((r) => r.name)).toContain('001-core.sql');
    expect(await migrate(db)).toEqual([]);
  });

  it('leave an empty database', async () => {
    expect(await isEmpty(db)).toBe(true);
  });
});

describe("scenario 'demo'", () => {
  beforeAll(async () => {
    await wipe(db);
    await seed(db, 'demo', { now });
  });

  it('has the demo, second, refunds and your-data accounts with hashed passwords and lower-cased emails', async () => {
    const { rows } = await db.query<{ email: string; password_hash: string; first_name: string; provider: string }>(
      'select email, password_hash, first_name, provider from customers order by email',
    );
    expect(rows.map((r) => r.email)).toEqual([
      DEMO_ACCOUNT.email,
      LEAVING_ACCOUNT.email,
      REFUNDS_ACCOUNT.email,
      SECOND_ACCOUNT.email,
    ]);
    for (const row of rows) {
      expect(row.password_hash).toMatch(/^scrypt\$/);
      expect(row.password_hash).not.toContain(DEMO_ACCOUNT.password);
      expect(row.provider).toBe('internal');
    }
    expect(rows[0]?.first_name).toBe('Alex');
  });

  it('gives the demo account upcoming, past, season and replaced bookings', async () => {
    const mine = await bookingsOf('o.customer_id = $1', [DEMO_ACCOUNT.id]);
    const trips = mine.filter((b) => !b.is_season);
    const upcoming = trips.filter((b) => b.outward_date > now);
    const past = trips.filter((b) => (b.inward_date ?? b.outward_date) < now);
    expect(upcoming.length).toBeGreaterThanOrEqual(3);
    expect(upcoming.some((b) => b.data.inward !== null)).toBe(true);
    expect(new Set(upcoming.map((b) => b.data.outward.origin.code)).size).toBeGreaterThanOrEqual(3);
    expect(past.length).toBeGreaterThanOrEqual(4);
    expect(past.filter((b) => now.getTime() - b.outward_date.getTime() > 28 * DAY).length).toBeGreaterThanOrEqual(2);

    const seasons = mine.filter((b) => b.is_season);
    expect(seasons).toHaveLength(2);
    const annual = seasons.find((b) => b.data.season?.kind === 'annual');
    const weekly = seasons.find((b) => b.data.season?.kind === 'weekly');
    expect(new Date(annual?.data.season?.validUntil ?? 0).getTime()).toBeGreaterThan(now.getTime());
    expect(new Date(weekly?.data.season?.validUntil ?? Infinity).getTime()).toBeLessThan(now.getTime());

    const replaced = mine.filter((b) => b.replacement_order_id !== null);
    expect(replaced).toHaveLength(1);
    const replacement = mine.filter((b) => b.order_id === replaced[0]?.replacement_order_id);
    expect(replacement).toHaveLength(1);
  });

  it('stores rich, consistent booking data', async () => {
    for (const b of await bookingsOf('true', [])) {
      expect(b.friendly_order_id).toMatch(/^TL-[A-Z2-9]{6}$/);
      expect(new Date(b.data.outward.date).getTime()).toBe(b.outward_date.getTime());
      expect(b.data.inward === null).toBe(b.inward_date === null);
      expect(b.data.outward.origin.name).toEqual(expect.any(String));
      expect(b.data.passengers.length).toBeGreaterThan(0);
      expect(b.data.tickets.length).toBeGreaterThan(0);
      const total = b.data.tickets.reduce((sum, t) => sum + t.price.amount, 0);
      expect(b.data.price.amount).toBeCloseTo(total, 2);
      expect(b.data.price.currencyCode).toBe('GBP');
      for (const t of b.data.tickets) {
        for (const id of t.passengerIds) expect(b.data.passengers.some((p) => p.id === id)).toBe(true);
      }
      if (!b.is_season) expect(new Date(b.data.outward.arrivalTime ?? 0) > b.outward_date).toBe(true);
    }
  });

  it('has guest orders whose tokens are stored only as sha256', async () => {
    const guests = await bookingsOf('o.customer_id is null', []);
    const orders = await db.query<{ email: string; guest_token_hash: string }>(
      'select email, guest_token_hash from orders where customer_id is null',
    );
    expect(orders.rows.filter((o) => o.email === GUEST_EMAIL).length).toBeGreaterThanOrEqual(2);
    expect(orders.rows.some((o) => o.email === DEMO_ACCOUNT.email)).toBe(true);
    const knownTokens = [...DEMO_GUEST_TOKENS, ...ASSOCIATION_DEMO_TOKENS, CHECK_IN_GUEST_TOKEN, REFUND_GUEST_TOKEN];
    const hashes = orders.rows.map((o) => o.guest_token_hash).filter((h) => h !== null);
    expect(hashes.sort()).toEqual(knownTokens.map(sha256Hex).sort());
    expect(guests.length).toBeGreaterThanOrEqual(3);
    const dump = JSON.stringify((await db.query('select * from orders')).rows);
    for (const token of knownTokens) expect(dump).not.toContain(token);
  });

  it('finds the printable guest links', async () => {
    const links = await findDemoGuestLinks(db);
    expect(links.map((l) => l.token)).toEqual([...DEMO_GUEST_TOKENS]);
    for (const link of links) {
      const [booking] = await bookingsOf('b.id = $1', [link.bookingId]);
      expect(booking?.order_id).toBe(link.orderId);
    }
  });

  it('is deterministic in its ids', async () => {
    const before = (await db.query<{ id: string }>('select id from bookings order by id')).rows;
    await wipe(db);
    await seed(db, 'demo', { now: new Date(now.getTime() + DAY) });
    expect((await db.query<{ id: string }>('select id from bookings order by id')).rows).toEqual(before);
  });
});

describe("scenarios 'empty' and 'fresh'", () => {
  it("'empty' has only the demo account, without bookings", async () => {
    await wipe(db);
    const report = await seed(db, 'empty', { now });
    expect(report.accounts.map((a) => a.email)).toEqual([DEMO_ACCOUNT.email]);
    expect((await db.query('select 1 from customers')).rows).toHaveLength(1);
    expect((await db.query('select 1 from orders')).rows).toHaveLength(0);
  });

  it("'fresh' has nothing but the schema", async () => {
    await wipe(db);
    const report = await seed(db, 'fresh', { now });
    expect(report).toEqual({ accounts: [], guestLinks: [] });
    expect(await isEmpty(db)).toBe(true);
  });

  it('seed modules have unique names', () => {
    const names = seedModules.map((m) => m.name);
    expect(new Set(names).size).toBe(names.length);
  });
});

describe('housekeeping', () => {
  it('purges expired and idle sessions, guest sessions, exchange and marketing tokens, and old reset tokens only', async () => {
    await wipe(db);
    await seed(db, 'empty', { now });
    const id = DEMO_ACCOUNT.id;
    const old = new Date(now.getTime() - 10 * DAY);
    const later = new Date(now.getTime() + DAY);
    // s-idle: not expired but unused for 31 minutes (idle timeout, decision 154).
    const idle = new Date(now.getTime() - 31 * 60 * 1000);
    await db.query(
      `insert into sessions (id, customer_id, expires_at, last_seen_at) values ('s-old', $1, $2, $2), ('s-live', $1, $3, $4), ('s-idle', $1, $3, $5)`,
      [id, old, later, now, idle],
    );
    await db.query(
      `insert into ufac_sessions (id, flow, customer_id, expires_at) values ('u-old', 'customer', $1, $2), ('u-live', 'customer', $1, $3)`,
      [id, old, later],
    );
    await db.query(
      `insert into password_reset_tokens (token_hash, customer_id, expires_at) values ('t-old', $1, $2), ('t-recent', $1, $3)`,
      [id, old, new Date(now.getTime() - DAY)],
    );
    await db.query(`delete from marketing_tokens`);
    await db.query(
      `insert into marketing_tokens (token_hash, customer_id, expires_at) values ('m-old', $1, $2), ('m-live', $1, $3)`,
      [id, old, later],
    );
    await db.query(
      `insert into orders (id, friendly_order_id, email) values ('o-house', 'TL-HOUSE1', 'house@example.com')`,
    );
    await db.query(
      `insert into order_exchange_tokens (token_hash, order_id, expires_at) values ('x-old', 'o-house', $1), ('x-live', 'o-house', $2)`,
      [old, later],
    );
    await purgeExpired(db, now);
    const ids = async (sql: string) => (await db.query<{ id: string }>(sql)).rows.map((r) => r.id);
    expect(await ids('select token_hash as id from marketing_tokens')).toEqual(['m-live']);
    expect(await ids('select token_hash as id from order_exchange_tokens')).toEqual(['x-live']);
    expect(await ids('select id from sessions')).toEqual(['s-live']);
    expect(await ids('select id from ufac_sessions')).toEqual(['u-live']);
    expect(await ids('select token_hash as id from password_reset_tokens')).toEqual(['t-recent']);
  });
});

describe('persistence', () => {
  it('keeps data and migrations in a data folder across reopen', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'my-account-db-'));
    try {
      const first = await openTestDb(join(dir, 'data'));
      expect(await isEmpty(first)).toBe(true);
      await seed(first, 'empty', { now });
      await first.close();
      const second = await openTestDb(join(dir, 'data'));
      expect(await isEmpty(second)).toBe(false);
      expect(await migrate(second)).toEqual([]);
      await second.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
