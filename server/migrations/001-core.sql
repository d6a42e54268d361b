-- Core schema: accounts, sessions, password resets, orders, bookings, guest (user-flow) sessions.
-- Ids are text so the seed can use stable ids; new rows use random UUIDs.

create table app_secrets (
  name text primary key,
  value text not null,
  created_at timestamptz not null default now()
);

create table customers (
  id text primary key,
  email text not null unique check (email = lower(email)),
  password_hash text, -- null for accounts created through a social provider
  first_name text not null,
  last_name text not null,
  provider text not null default 'internal'
    check (provider in ('internal', 'google', 'facebook', 'apple')),
  created_at timestamptz not null default now()
);

create table sessions (
  id text primary key, -- random 32 bytes, base64url
  customer_id text not null references customers (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index sessions_customer_id on sessions (customer_id);

create table password_reset_tokens (
  token_hash text primary key, -- sha256 hex of the token sent by email
  customer_id text not null references customers (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index password_reset_tokens_customer_id on password_reset_tokens (customer_id);

create table orders (
  id text primary key,
  friendly_order_id text not null unique,
  customer_id text references customers (id) on delete set null, -- null for guest orders
  email text not null check (email = lower(email)),
  guest_token_hash text unique, -- sha256 hex of the guest (order) token
  currency text not null default 'GBP',
  created_at timestamptz not null default now(),
  replacement_order_id text references orders (id) on delete set null
);
create index orders_customer_id on orders (customer_id);
create index orders_email on orders (email);

create table bookings (
  id text primary key,
  order_id text not null references orders (id) on delete cascade,
  is_season boolean not null default false,
  outward_date timestamptz not null,
  inward_date timestamptz,
  data jsonb not null, -- see server/domain/booking-data.ts
  created_at timestamptz not null default now()
);
create index bookings_order_id on bookings (order_id);
create index bookings_outward_date on bookings (outward_date);

create table ufac_sessions (
  id text primary key, -- random 32 bytes, base64url
  flow text not null check (flow in ('order', 'customer')),
  order_id text references orders (id) on delete cascade,
  customer_id text references customers (id) on delete cascade,
  scopes text[] not null default '{}',
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  check (
    (flow = 'order' and order_id is not null and customer_id is null)
    or (flow = 'customer' and customer_id is not null and order_id is null)
  )
);
