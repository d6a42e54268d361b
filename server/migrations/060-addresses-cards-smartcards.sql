-- Address book, saved payment cards and smartcards (decision 060).

-- docs/product/entities.md Address. countryCode, countryName derive from iso_country_code (server/api/addresses.ts).
create table customer_addresses (
  id text primary key,
  customer_id text not null references customers (id) on delete cascade,
  nick_name text,
  line1 text not null,
  line2 text,
  line3 text,
  line4 text,
  line5 text,
  post_code text,
  iso_country_code text not null check (iso_country_code ~ '^[A-Z]{2}$'),
  iso_state_code text,
  type text not null check (type in ('delivery', 'billing')),
  is_last_used_delivery boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index customer_addresses_customer_id on customer_addresses (customer_id);
create unique index customer_addresses_one_last_used on customer_addresses (customer_id) where is_last_used_delivery;

-- Saved cards: never a card number, only what a payment provider's token lookup would give back.
-- renewal_lock: the card pays a season ticket's automatic renewal, so it cannot be deleted (409 CARD_IN_USE).
create table saved_cards (
  id text primary key,
  customer_id text not null references customers (id) on delete cascade,
  brand text not null,
  last_four_digits text not null check (last_four_digits ~ '^[0-9]{4}$'),
  expiry_month int not null check (expiry_month between 1 and 12),
  expiry_year int not null check (expiry_year between 2000 and 2100),
  cardholder_name text not null,
  renewal_lock text,
  created_at timestamptz not null default now()
);
create index saved_cards_customer_id on saved_cards (customer_id);

-- ITSO smartcards: only the last four digits of the card number (ISRN) are kept.
create table smartcards (
  id text primary key,
  customer_id text not null references customers (id) on delete cascade,
  number_last_four text not null check (number_last_four ~ '^[0-9]{4}$'),
  operator text not null,
  status text not null check (status in ('ACTIVE', 'INACTIVE', 'LOST_STOLEN', 'EXPIRED')),
  expiry_date date not null,
  created_at timestamptz not null default now()
);
create index smartcards_customer_id on smartcards (customer_id);

-- Tickets bought for a smartcard; collected_at is set once loaded onto the card at a validator.
create table smartcard_products (
  id text primary key,
  smartcard_id text not null references smartcards (id) on delete cascade,
  product_name text not null,
  route text not null,
  valid_from date not null,
  collect_by date not null,
  collected_at timestamptz
);
create index smartcard_products_smartcard_id on smartcard_products (smartcard_id);
