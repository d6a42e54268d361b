-- Bookings list cost independent of history size.
-- See docs/decisions/171-bookings-list-by-customer.md.
--
-- bookings.customer_id copies orders.customer_id (kept by triggers), so the list's indexes can start
-- with the customer; booking_counts keeps each customer's number of ordinary and season bookings, so
-- the tab counts never walk the history: past = ordinary - upcoming, and upcoming is a range of
-- the customer's index bounded by the journeys still to come.

alter table bookings add column customer_id text;
update bookings b set customer_id = o.customer_id from orders o where o.id = b.order_id;

-- Last leg's date (coalesce(inward_date, outward_date)) is what upcoming/past split on and past sorts by.
-- Not partial, so ANALYZE keeps statistics on the last-leg expression and the planner sees how
-- narrow "still to come" is.
create index bookings_customer_last_leg on bookings (customer_id, is_season, (coalesce(inward_date, outward_date)) desc, id);
create index bookings_customer_season on bookings (customer_id, outward_date desc, id)
  where is_season;

create function bookings_set_customer() returns trigger language plpgsql as $$
begin
  select o.customer_id into new.customer_id from orders o where o.id = new.order_id;
  return new;
end $$;
create trigger bookings_set_customer before insert or update of order_id on bookings
  for each row execute function bookings_set_customer();

create function orders_move_bookings() returns trigger language plpgsql as $$
begin
  update bookings set customer_id = new.customer_id where order_id = new.id;
  return null;
end $$;
create trigger orders_move_bookings after update of customer_id on orders
  for each row when (old.customer_id is distinct from new.customer_id)
  execute function orders_move_bookings();

create table booking_counts (
  customer_id text primary key,
  ordinary integer not null default 0 check (ordinary >= 0),
  season integer not null default 0 check (season >= 0)
);
insert into booking_counts (customer_id, ordinary, season)
  select customer_id, count(*) filter (where not is_season), count(*) filter (where is_season)
  from bookings where customer_id is not null group by customer_id;

create function booking_counts_add(customer text, is_season boolean, n integer) returns void language plpgsql as $$
begin
  if customer is null then return; end if;
  -- A removal only updates: an insert's proposed row is checked (>= 0) before its conflict is seen.
  if n < 0 then
    update booking_counts
      set ordinary = ordinary + case when is_season then 0 else n end, season = season + case when is_season then n else 0 end
      where customer_id = customer;
    return;
  end if;
  insert into booking_counts as c (customer_id, ordinary, season)
    values (customer, case when is_season then 0 else n end, case when is_season then n else 0 end)
    on conflict (customer_id) do update
      set ordinary = c.ordinary + excluded.ordinary, season = c.season + excluded.season;
end $$;

create function bookings_count() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then perform booking_counts_add(old.customer_id, old.is_season, -1); end if;
  if tg_op in ('INSERT', 'UPDATE') then perform booking_counts_add(new.customer_id, new.is_season, 1); end if;
  return null;
end $$;
create trigger bookings_count after insert or delete or update of customer_id, is_season on bookings
  for each row execute function bookings_count();

-- Guest orders (no customer) by email: the guest tab and its count, without the customer's own
-- orders (which carry the same email) in the range.
create index orders_guest_email on orders (email) where customer_id is null;
