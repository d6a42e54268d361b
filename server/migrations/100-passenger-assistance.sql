-- Passenger assistance: help booked for one passenger on one leg of a booking.
-- See docs/decisions/100-passenger-assistance.md.

create table passenger_assistance (
  id text primary key,
  order_id text not null references orders (id) on delete cascade,
  booking_id text not null references bookings (id) on delete cascade,
  -- A passenger of the booking (bookings.data.passengers[].id).
  passenger_id text not null,
  direction text not null check (direction in ('outward', 'inward')),
  kinds text[] not null
    check (cardinality(kinds) between 1 and 4 and kinds <@ array['ramp', 'wheelchair', 'luggage', 'guidance']),
  details text check (details is null or char_length(details) <= 500),
  status text not null default 'booked' check (status in ('booked', 'cancelled')),
  via text not null check (via in ('customer', 'guest', 'token', 'seed')),
  created_at timestamptz not null,
  cancelled_at timestamptz,
  check ((status = 'cancelled') = (cancelled_at is not null))
);
create index passenger_assistance_booking_id on passenger_assistance (booking_id);
-- One live booking of help per passenger and leg: cancel it to book different help.
create unique index passenger_assistance_one_booked
  on passenger_assistance (booking_id, passenger_id, direction) where status = 'booked';
