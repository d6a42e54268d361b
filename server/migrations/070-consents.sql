-- Contact preferences (docs/product/entities.md, docs/product/states.md, docs/product/api.md). The consent categories themselves are a fixed
-- catalogue in server/api/consents.ts (product copy, like the retailer's CMS); the database
-- holds each customer's choices. No row for a category = never updated (selected false).
create table customer_consents (
  customer_id text not null references customers (id) on delete cascade,
  consent_id text not null,
  selected boolean not null,
  has_ever_been_updated boolean not null default true,
  updated_at timestamptz not null default now(),
  primary key (customer_id, consent_id)
);

-- A revoke of all marketing consent remembers what it replaced, so restore can bring it back.
-- `previous` maps consent id -> {"selected": bool, "hasEverBeenUpdated": bool}, or null when
-- the customer had no row for that category. Gone once restored or once the customer makes a
-- new choice of their own.
create table consent_revocations (
  customer_id text primary key references customers (id) on delete cascade,
  previous jsonb not null,
  revoked_at timestamptz not null default now()
);

-- Tokens in marketing email links (user-flow scope "marketing preference unsubscribe"): random,
-- stored only as sha256, each scoped to one customer. Exchanged for a customer-flow user-flow
-- session by POST /my-account/api/user-flow-access {token, flow: "customer"}.
create table marketing_tokens (
  token_hash text primary key,
  customer_id text not null references customers (id) on delete cascade,
  scope text not null default 'marketing-preference-unsubscribe'
    check (scope in ('marketing-preference-unsubscribe')),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index marketing_tokens_customer_id on marketing_tokens (customer_id);
