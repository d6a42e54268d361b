-- Idempotency keys of money-moving calls (decision 310): the first answer to a request that carried
-- an `Idempotency-Key` header, per caller, so a repeat of the same attempt (a retry after a lost
-- answer) gets that answer again instead of paying, claiming or booking twice. `status` is null
-- while the first request is still being answered; a repeat waits for it. The same key with another
-- method, path or body is refused (422). Rows expire after 24 hours.
create table idempotency_keys (
  owner text not null,
  key text not null,
  method text not null,
  path text not null,
  body_hash text not null,
  status integer,
  content_type text,
  body text,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  primary key (owner, key)
);
create index idempotency_keys_expires_at on idempotency_keys (expires_at);
