-- Verified email access (docs/decisions/150-verified-email-and-session-hardening.md).
-- email_verified_at: when the customer proved they read mail at customers.email (a confirmed
-- change-of-email link; seeded accounts). Null for a fresh registration: such an account sees no
-- guest orders by email until it associates them with a guest token.
alter table customers add column email_verified_at timestamptz;

-- A requested change of email waits here until the link sent to the new address is followed.
-- Only sha256 of the token is stored; one outstanding request per customer (a new one replaces it).
create table email_change_requests (
  token_hash text primary key,
  customer_id text not null references customers (id) on delete cascade,
  new_email text not null check (new_email = lower(new_email)),
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index email_change_requests_customer_id on email_change_requests (customer_id);

-- Idle timeout: a session ends after a spell without use (see the ADR), besides its absolute expiry.
alter table sessions add column last_seen_at timestamptz;
update sessions set last_seen_at = created_at;
alter table sessions alter column last_seen_at set not null;
