-- A season ticket's automatic renewal (docs/decisions/440-season-renewal.md): on or off, and the
-- saved card that pays it. One row per season booking whose renewal the customer has set; no row
-- is "off, no card chosen". A card that pays an enabled renewal cannot be deleted (409 CARD_IN_USE).
create table season_renewals (
  booking_id text primary key references bookings (id) on delete cascade,
  customer_id text not null references customers (id) on delete cascade,
  card_id text references saved_cards (id) on delete set null,
  is_enabled boolean not null,
  updated_at timestamptz not null,
  check (not is_enabled or card_id is not null)
);
create index season_renewals_card_id on season_renewals (card_id);

-- The card column that only said "locked by a renewal" becomes a renewal that can be turned off.
insert into season_renewals (booking_id, customer_id, card_id, is_enabled, updated_at)
  select b.id, c.customer_id, c.id, true, now()
  from saved_cards c
  join bookings b on b.id = substring(c.renewal_lock from 8) and b.is_season
  join orders o on o.id = b.order_id and o.customer_id = c.customer_id
  where c.renewal_lock like 'season:%'
  on conflict (booking_id) do nothing;
alter table saved_cards drop column renewal_lock;
