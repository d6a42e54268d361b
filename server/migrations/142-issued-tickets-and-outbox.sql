-- Issued on-demand tickets and the local server's outbox (docs/decisions/350-tickets-receipts-and-outbox.md).

-- One row per issued ticket: a delivery is issued once. Generating again for the same delivery
-- answers with the deliverable that issued it, so its reference and barcode never change.
create table issued_tickets (
  delivery_id text primary key,
  booking_id text not null references bookings (id) on delete cascade,
  deliverable_id text not null unique references on_demand_deliverables (id) on delete cascade,
  reference text not null unique,
  -- What the ticket's Aztec code carries (server/domain/ticket-barcode.ts).
  barcode_data text not null,
  -- The ticket exists from this instant (the deliverable's status is 'ready' from then on).
  issued_at timestamptz not null
);
create index issued_tickets_booking_id on issued_tickets (booking_id);

-- Databases made before this table: the first ticket each delivery was given stays its ticket.
insert into issued_tickets (delivery_id, booking_id, deliverable_id, reference, barcode_data, issued_at)
select distinct on (d.delivery_id) d.delivery_id, d.booking_id, d.id, d.reference, d.barcode, d.settles_at
from on_demand_deliverables d
where d.outcome = 'ready'
order by d.delivery_id, d.settles_at, d.id;

-- Every email the server would send, kept so "where is my email?" has an answer (a dev page,
-- and .eml files under DATA_DIR/outbox for `npm start`).
create table outbox_emails (
  id text primary key,
  kind text not null check (kind in ('booking-confirmation', 'password-reset', 'email-change')),
  to_addresses text[] not null check (cardinality(to_addresses) >= 1),
  subject text not null,
  body text not null,
  locale text,
  created_at timestamptz not null
);
create index outbox_emails_created_at on outbox_emails (created_at desc);
