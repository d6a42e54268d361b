-- Refunds and change of journey (docs/decisions/080-refunds-server.md).

-- How an order was paid: the card a refund goes back to, and the payment provider's verdicts.
-- card_declined: the issuer refuses refunds to this card (INVALID_CREDIT_CARD until a new card is given).
-- fraud_flagged: held for fraud checks (POTENTIAL_FRAUD_DETECTED); fraud_detected_at once a request hit it.
create table order_payments (
  order_id text primary key references orders (id) on delete cascade,
  card_brand text not null,
  card_last4 text not null check (card_last4 ~ '^[0-9]{4}$'),
  card_declined boolean not null default false,
  card_declined_at timestamptz,
  fraud_flagged boolean not null default false,
  fraud_detected_at timestamptz
);

-- Tickets not (yet) in the customer's hands: not issued, or bought for a smartcard and not collected.
create table booking_fulfilment (
  booking_id text primary key references bookings (id) on delete cascade,
  state text not null check (state in ('not-issued', 'awaiting-collection', 'collected')),
  smartcard_id text references smartcards (id) on delete set null
);

-- Card tokens from POST payment/card-token: never the number, only what the provider's token tells.
create table card_tokens (
  token_hash text primary key,
  customer_id text references customers (id) on delete cascade,
  order_id text references orders (id) on delete cascade,
  brand text not null,
  last4 text not null check (last4 ~ '^[0-9]{4}$'),
  expiry_month int not null check (expiry_month between 1 and 12),
  expiry_year int not null,
  declined boolean not null default false,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  check (customer_id is not null or order_id is not null)
);

create table refund_quotes (
  id text primary key,
  order_id text not null references orders (id) on delete cascade,
  booking_id text not null references bookings (id) on delete cascade,
  refund_reason text not null,
  refund_type text not null check (refund_type in ('terms-and-conditions', 'same-day-void', 'change-of-journey', 'discretionary')),
  -- The refundables (ticket ids) this quote covers, with their amounts (jsonb array of lines).
  lines jsonb not null,
  partial boolean not null,
  total numeric(10, 2) not null,
  admin_fee numeric(10, 2) not null,
  currency text not null,
  card_form_required boolean not null default false,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  -- What the one request on this quote gave: accepted, INVALID_CREDIT_CARD, POTENTIAL_FRAUD_DETECTED.
  outcome text check (outcome in ('accepted', 'INVALID_CREDIT_CARD', 'POTENTIAL_FRAUD_DETECTED'))
);
create index refund_quotes_booking_id on refund_quotes (booking_id);

create table refunds (
  id text primary key,
  quote_id text references refund_quotes (id) on delete set null,
  order_id text not null references orders (id) on delete cascade,
  booking_id text not null references bookings (id) on delete cascade,
  kind text not null check (kind in ('full', 'partial')),
  refund_reason text,
  refund_type text not null,
  amount numeric(10, 2) not null,
  admin_fee numeric(10, 2) not null,
  currency text not null,
  return_mode text not null check (return_mode in ('post', 'collect-post', 'automatic', 'delete-from-device', 'already-voided', 'unknown')),
  post_deadline timestamptz, -- set for post / collect-post: the tickets must arrive by then
  requested_at timestamptz not null,
  tickets_received_at timestamptz,
  settles_at timestamptz, -- the money is sent then (null while tickets are awaited)
  refunded_at timestamptz,
  rejected_at timestamptz,
  rejected_reason text,
  card_last4 text,
  replacement_order_id text references orders (id) on delete set null
);
create index refunds_booking_id on refunds (booking_id);
create index refunds_order_id on refunds (order_id);

create table refund_items (
  refund_id text not null references refunds (id) on delete cascade,
  refundable_id text not null, -- the ticket id
  passenger_id text not null,
  direction text not null check (direction in ('outward', 'inward', 'return')),
  amount numeric(10, 2) not null,
  status text not null check (status in ('failed', 'rejected', 'blocked', 'voiding', 'pending', 'voided', 'refunded')),
  primary key (refund_id, refundable_id)
);

-- A booking that is the source of a change of journey (the old journey being exchanged).
create table change_of_journeys (
  id text primary key,
  source_booking_id text not null unique references bookings (id) on delete cascade,
  source_order_id text not null references orders (id) on delete cascade,
  new_order_id text references orders (id) on delete set null,
  new_booking_id text references bookings (id) on delete set null,
  status text not null check (status in ('IN_PROGRESS', 'COMPLETED', 'FAILED')),
  requested_at timestamptz not null,
  completed_at timestamptz,
  price_difference numeric(10, 2),
  currency text not null default 'GBP'
);
