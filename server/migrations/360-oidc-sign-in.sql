-- Sign-in with an OpenID Connect provider (docs/decisions/360-oidc-sign-in.md).

-- A provider's account (its issuer's `sub`) linked to one of ours. Matched first on every
-- provider sign-in; created at the first one, from a verified email only.
create table customer_identities (
  provider text not null check (provider in ('google', 'facebook', 'apple')),
  subject text not null,
  customer_id text not null references customers (id) on delete cascade,
  created_at timestamptz not null,
  primary key (provider, subject)
);
create index customer_identities_customer_id on customer_identities (customer_id);

-- One sign-in under way: what the callback must find again (state, nonce, PKCE verifier) and
-- where the customer goes afterwards. Keyed by sha256 of the random value in the browser's
-- httpOnly cookie; used once, ten minutes at most.
create table oidc_transactions (
  id_hash text primary key,
  provider text not null,
  state text not null,
  nonce text not null,
  code_verifier text not null,
  return_to text not null,
  locale text,
  created_at timestamptz not null,
  expires_at timestamptz not null
);
