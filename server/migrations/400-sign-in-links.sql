-- Emailed sign-in links (docs/decisions/400-login-slowdown-and-sign-in-links.md): the owner of an
-- account slowed down by wrong passwords signs in from their mailbox. Only sha256 of the 256-bit
-- token is stored; a link lives 15 minutes and is spent once (used_at, set atomically).
create table sign_in_link_tokens (
  token_hash text primary key,
  customer_id text not null references customers (id) on delete cascade,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index sign_in_link_tokens_customer_id on sign_in_link_tokens (customer_id);
create index sign_in_link_tokens_expires_at on sign_in_link_tokens (expires_at);

alter table outbox_emails drop constraint outbox_emails_kind_check;
alter table outbox_emails add constraint outbox_emails_kind_check
  check (kind in ('booking-confirmation', 'password-reset', 'email-change', 'sign-in-link'));
