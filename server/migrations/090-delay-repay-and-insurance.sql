-- Delay Repay claims and flexible insurance claims, see
-- docs/decisions/090-delay-repay-and-insurance.md.

-- One claim per delayed journey. `status` is what was recorded; an 'eligible' claim past its
-- deadline (28 days after the delayed leg) is answered as 'expired' (computed on read).
create table delay_repay_claims (
  id text primary key,
  order_id text not null references orders (id) on delete cascade,
  booking_id text not null references bookings (id) on delete cascade,
  claim_type text not null check (claim_type in ('Integrated', 'Punchout', 'Submission')),
  status text not null check (status in (
    'eligible', 'processing', 'approved', 'paid', 'rejected', 'expired', 'submitted', 'paid-toc', 'credit-issue-failure'
  )),
  -- The leg that arrived late and by how much (the operator's records).
  delayed_direction text not null check (delayed_direction in ('outward', 'inward')),
  delay_minutes integer not null check (delay_minutes >= 0),
  -- Punchout claims: the operator's own claim page.
  punchout_url text,
  service_fee numeric(10, 2) not null default 0 check (service_fee >= 0),
  -- Set once decided (approved, paid, paid-toc, credit-issue-failure); else the estimate applies.
  compensation numeric(10, 2) check (compensation >= 0),
  status_reason text,
  -- What the customer sent: journey direction, stated delay, payment method (bank details masked).
  submitted_details jsonb,
  submitted_at timestamptz,
  created_at timestamptz not null
);
create index delay_repay_claims_booking_id on delay_repay_claims (booking_id);

-- Tokens in Delay Repay email links (user-flow scope 'delay-repay'): random, stored only as
-- sha256, each scoped to one claim. Exchanged by POST /user-flow-access {token, flow: "claim"}.
create table claim_tokens (
  token_hash text primary key,
  claim_id text not null references delay_repay_claims (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);

-- A claim-token session acts for one claim only: flow 'order' with no order (so it never opens
-- an order, server/lib/access.ts) and the claim it may read and submit.
alter table ufac_sessions add column claim_id text references delay_repay_claims (id) on delete cascade;
alter table ufac_sessions drop constraint ufac_sessions_check;
alter table ufac_sessions add constraint ufac_sessions_scope_check check (
  (flow = 'order' and order_id is not null and customer_id is null and claim_id is null)
  or (flow = 'order' and order_id is null and customer_id is null and claim_id is not null)
  or (flow = 'customer' and customer_id is not null and order_id is null and claim_id is null)
);

-- Flexible insurance bought with a booking.
create table insurance_products (
  id text primary key,
  order_id text not null references orders (id) on delete cascade,
  booking_id text not null references bookings (id) on delete cascade,
  kind text not null check (kind in ('Essential', 'Trip', 'TripCover')),
  premium numeric(10, 2) not null check (premium >= 0),
  created_at timestamptz not null
);
create index insurance_products_booking_id on insurance_products (booking_id);

-- Every eligibility check is recorded (its id is the claim id); `claimed_at` is set when the
-- customer goes on to claim. At most one claim per product.
create table insurance_claims (
  id text primary key,
  product_id text not null references insurance_products (id) on delete cascade,
  is_claimable boolean not null,
  reason text,
  checked_at timestamptz not null,
  claimed_at timestamptz,
  reference text
);
create unique index insurance_claims_one_claim_per_product on insurance_claims (product_id) where claimed_at is not null;
