-- Saved passengers (docs/product/entities.md), shared by personal details (account-holder name sync)
-- and passengers-and-railcards. Exactly one account-holder passenger per customer.
create table saved_passengers (
  id text primary key,
  customer_id text not null references customers (id) on delete cascade,
  first_name text not null,
  last_name text not null,
  nick_name text,
  email text,
  date_of_birth date,
  is_account_holder boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index saved_passengers_customer_id on saved_passengers (customer_id);
create unique index saved_passengers_one_holder on saved_passengers (customer_id) where is_account_holder;
