import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { many, type Db } from '#server/db.ts';
import { openTestDb } from '#test/helpers/db.ts';
import { BOOKINGS_PAGE_SIZE, pageQuery } from '#server/domain/booking-lists.ts';
import { DEMO_ACCOUNT } from '#server/seed/accounts.ts';
import { seed } from '#server/seed/index.ts';

/**
 * Migration 120 (docs/decisions/171-bookings-list-by-customer.md): bookings.customer_id and
 * booking_counts are kept by triggers; the bookings list trusts them for its indexes and tab counts.
 */
let db: Db;
beforeAll(async () => {
  db = await openTestDb(null);
  await seed(db, 'demo');
});
afterAll(async () => {
  await db?.close();
});

/** What the triggers keep, recomputed from orders (the source of truth). */
async function drift() {
  return many<{ id: string; kept: string | null; owner: string | null }>(
    db,
    `select b.id, b.customer_id as kept, o.customer_id as owner from bookings b join orders o on o.id = b.order_id
      where b.customer_id is distinct from o.customer_id`,
  );
}
async function countsDrift() {
  return many<{ customer_id: string }>(
    db,
    `with truth as (
       select o.customer_id, count(*) filter (where not b.is_season)::int as ordinary, count(*) filter (where b.is_season)::int as season
       from bookings b join orders o on o.id = b.order_id where o.customer_id is not null group by o.customer_id)
     select coalesce(t.customer_id, c.customer_id) as customer_id from truth t
       full join (select * from booking_counts where ordinary > 0 or season > 0) c on c.customer_id = t.customer_id
     where t.ordinary is distinct from c.ordinary or t.season is distinct from c.season`,
  );
}

describe('bookings kept by customer', () => {
  it('copies each order owner onto its bookings and counts them per customer after seeding', async () => {
    expect(await drift()).toEqual([]);
    expect(await countsDrift()).toEqual([]);
    const [row] = await many<{ n: number }>(db, 'select count(*)::int as n from booking_counts where ordinary > 0');
    expect(row!.n).toBeGreaterThan(0);
  });

  it('follows a guest order associated to a customer, a deleted booking and a season flag change', async () => {
    const [guest] = await many<{ id: string }>(
      db,
      `select o.id from orders o join bookings b on b.order_id = o.id where o.customer_id is null limit 1`,
    );
    const [customer] = await many<{ id: string }>(db, 'select id from customers order by id limit 1');
    await db.query('update orders set customer_id = $1 where id = $2', [customer!.id, guest!.id]);
    expect(await drift()).toEqual([]);
    expect(await countsDrift()).toEqual([]);

    const [booking] = await many<{ id: string }>(db, 'select id from bookings where customer_id = $1 limit 1', [
      customer!.id,
    ]);
    await db.query('update bookings set is_season = not is_season where id = $1', [booking!.id]);
    expect(await countsDrift()).toEqual([]);
    await db.query('delete from bookings where id = $1', [booking!.id]);
    expect(await countsDrift()).toEqual([]);

    await db.query('update orders set customer_id = null where id = $1', [guest!.id]);
    expect(await drift()).toEqual([]);
    expect(await countsDrift()).toEqual([]);
  });
});

describe('the page query with journeys whose tickets were cancelled (decision 410)', () => {
  it('reads upcoming and past from the customer-led index and probes refunds and orders by key, not table by table', async () => {
    const [customer] = await many<{ id: string }>(db, 'select id from customers where email = $1', [
      DEMO_ACCOUNT.email,
    ]);
    const id = customer!.id;
    // A long history for the demo customer (journeys made) and as many bookings again for others,
    // a fifth of them refunded and a third of their orders superseded.
    const n = 1500;
    await db.query(
      `insert into customers (id, email, password_hash, first_name, last_name)
       select 'plan-c-' || g, 'plan-' || g || '@example.com', null, 'Plan', 'C' || g from generate_series(1, 40) g`,
    );
    await db.query(
      `insert into orders (id, friendly_order_id, customer_id, email, created_at, replacement_order_id)
       select 'plan-o-' || g, 'PLAN' || lpad(g::text, 7, '0'), case when g <= $1 then $2 else 'plan-c-' || (g % 40 + 1) end,
              'plan@example.com', now(), case when g > $1 and g % 3 = 0 then 'plan-o-' || (g - 1) end
       from generate_series(1, 2 * $1::int) g`,
      [n, id],
    );
    const [template] = await many<{ data: string }>(
      db,
      'select data::text as data from bookings where customer_id = $1 and not is_season limit 1',
      [id],
    );
    await db.query(
      `insert into bookings (id, order_id, is_season, outward_date, data)
       select 'plan-b-' || g, 'plan-o-' || g, false,
              case when g <= $1 then now() - (g || ' hours')::interval - interval '2 days' else now() + ((g % 400 - 200) || ' hours')::interval end,
              $2::jsonb
       from generate_series(1, 2 * $1::int) g`,
      [n, template!.data],
    );
    await db.query(
      `insert into refunds (id, order_id, booking_id, kind, refund_type, amount, admin_fee, currency, return_mode, requested_at)
       select 'plan-r-' || g, 'plan-o-' || g, 'plan-b-' || g, 'full', 'terms-and-conditions', 1, 0, 'GBP', 'automatic', now()
       from generate_series($1::int + 1, 2 * $1::int, 5) g`,
      [n],
    );
    await db.exec('analyze');
    const now = new Date();
    for (const filter of ['upcoming', 'past'] as const) {
      const query = pageQuery(filter, id, now, null, 0);
      const plan = (await many<{ 'QUERY PLAN': string }>(db, `explain ${query.sql}`, query.params))
        .map((r) => r['QUERY PLAN'])
        .join('\n');
      expect(plan, plan).toContain('bookings_customer_last_leg');
      expect(plan, plan).not.toMatch(/Seq Scan on (bookings|orders|refunds)\b/);
      expect(plan, plan).not.toContain('hashed SubPlan');
      expect(plan, plan).toContain('refunds_booking_id');
    }
    // The page itself: the customer's journeys made, newest first, after any still to come that were cancelled.
    const past = await many<{ id: string }>(
      db,
      pageQuery('past', id, now, null, 0).sql,
      pageQuery('past', id, now, null, 0).params,
    );
    expect(past).toHaveLength(BOOKINGS_PAGE_SIZE);
  });
});
