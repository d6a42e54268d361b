-- Changing a journey (docs/decisions/600-change-your-journey.md): a quote holds the trains chosen
-- and the price shown; paying re-prices it, spends it once and issues the new booking.
create table journey_change_quotes (
  id text primary key,
  order_id text not null references orders (id) on delete cascade,
  booking_id text not null references bookings (id) on delete cascade,
  direction text not null check (direction in ('outward', 'inward', 'both')),
  outward_train text,
  inward_train text,
  -- Signed: positive is paid by the customer, negative comes back to the card paid with.
  total numeric(10, 2) not null,
  currency text not null default 'GBP',
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index journey_change_quotes_booking on journey_change_quotes (booking_id);

-- What a completed change charged or refunded, and with which card.
alter table change_of_journeys add column fee numeric(10, 2);
alter table change_of_journeys add column card_last4 text;
