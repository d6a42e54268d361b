-- Railcards (docs/product/entities.md): the national railcard catalogue and the railcards saved passengers hold.
create table railcard_types (
  id text primary key,                  -- slug used in URLs, e.g. '26-30'
  code text not null unique,            -- the industry code printed on tickets, e.g. 'TST'
  name text not null,
  price_amount numeric(10, 2) not null check (price_amount >= 0),
  currency text not null default 'GBP' check (currency ~ '^[A-Z]{3}$'),
  validity_months integer not null check (validity_months > 0),
  discount text not null,
  eligibility text not null,
  min_age integer,
  max_age integer,
  max_card_holders integer not null default 1 check (max_card_holders between 1 and 2),
  scopes text[] not null default '{national}',
  attributes jsonb not null default '[]',  -- [{name, label, required}]
  terms text not null,
  sort_order integer not null default 0
);

-- One railcard of each type per passenger: (passenger_id, railcard_type_id) names it in the API.
create table passenger_railcards (
  id text primary key,
  passenger_id text not null references saved_passengers (id) on delete cascade,
  railcard_type_id text not null references railcard_types (id),
  card_number text not null,
  valid_from date not null,
  expiry_date date not null,
  is_digital boolean not null default false,
  attributes jsonb not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (passenger_id, railcard_type_id)
);
create index passenger_railcards_passenger_id on passenger_railcards (passenger_id);
