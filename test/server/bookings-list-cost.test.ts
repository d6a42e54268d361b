import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { many, openDb, type Db } from '#server/db.ts';
import { seed } from '#server/seed/index.ts';

/**
 * Migration 120 (docs/decisions/171-bookings-list-by-customer.md): bookings.customer_id and
 * booking_counts are kept by triggers; the bookings list trusts them for its indexes and tab counts.
 */
let db: Db;
beforeAll(async () => {
  db = await openDb(null);
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

    const [booking] = await many<{ id: string }>(db, 'select id from bookings where customer_id = $1 limit 1', [customer!.id]);
    await db.query('update bookings set is_season = not is_season where id = $1', [booking!.id]);
    expect(await countsDrift()).toEqual([]);
    await db.query('delete from bookings where id = $1', [booking!.id]);
    expect(await countsDrift()).toEqual([]);

    await db.query('update orders set customer_id = null where id = $1', [guest!.id]);
    expect(await drift()).toEqual([]);
    expect(await countsDrift()).toEqual([]);
  });
});
