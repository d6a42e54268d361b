-- The private calendar feed (decision 191): at most one per customer, opt-in. The token in
-- its URL is stored only as sha256, so the address is shown once, when it is made; "Get a new
-- address" replaces the row (the old URL answers 404 at once) and "Turn off" deletes it. `locale` is
-- the URL prefix the customer made it from (null: en-GB), the language of the events' words.
create table calendar_feeds (
  customer_id text primary key references customers (id) on delete cascade,
  token_hash text not null unique,
  locale text,
  created_at timestamptz not null
);
