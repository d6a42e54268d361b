-- Order exchange tokens (find a booking): extra, short-lived guest tokens for one order, issued when
-- a visitor proves they know the booking (reference, departure date, surname, email). The order's
-- own guest token (orders.guest_token_hash, sent in its emails) stays valid; only sha256 is stored.
create table order_exchange_tokens (
  token_hash text primary key,
  order_id text not null references orders (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index order_exchange_tokens_order_id on order_exchange_tokens (order_id);
