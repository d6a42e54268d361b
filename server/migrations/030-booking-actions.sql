-- Actions on a booking: check-ins, resent booking emails, on-demand tickets.
-- See docs/decisions/030-booking-actions.md.

create table booking_check_ins (
  booking_id text primary key references bookings (id) on delete cascade,
  checked_in_at timestamptz not null,
  via text not null check (via in ('customer', 'guest', 'token'))
);

create table booking_email_resends (
  id text primary key,
  booking_id text not null references bookings (id) on delete cascade,
  order_id text not null references orders (id) on delete cascade,
  email_addresses text[] not null check (cardinality(email_addresses) between 1 and 5),
  delivery_method text not null,
  vendor text not null,
  via text not null check (via in ('customer', 'guest', 'token')),
  requested_at timestamptz not null
);
create index booking_email_resends_booking_id on booking_email_resends (booking_id);

-- Deliveries whose on-demand issuing always fails (seeded, so the failure path can be shown).
create table on_demand_delivery_faults (
  delivery_id text primary key,
  reason text not null
);

create table on_demand_deliverables (
  id text primary key,
  booking_id text not null references bookings (id) on delete cascade,
  delivery_id text not null,
  outcome text not null check (outcome in ('ready', 'failed')),
  requested_at timestamptz not null,
  -- Before this instant the status is 'processing'; from it on, the outcome.
  settles_at timestamptz not null,
  reference text not null,
  barcode text not null
);
create index on_demand_deliverables_booking_id on on_demand_deliverables (booking_id);
