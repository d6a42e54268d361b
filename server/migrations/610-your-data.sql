-- Download your data and close your account (docs/decisions/610-data-export-format.md,
-- 611-closing-an-account-keeps-orders-anonymised.md).

-- One export per account at a time: a new request replaces the row only once the last one has
-- expired. Preparing until ready_at (the file is built then, from what the account holds at that
-- moment, and the customer is told by email); downloadable until expires_at (7 days), after which
-- the file is deleted and the row says only that an export existed.
create table data_exports (
  customer_id text primary key references customers (id) on delete cascade,
  id text not null unique,
  requested_at timestamptz not null,
  ready_at timestamptz not null,
  expires_at timestamptz not null,
  file bytea,
  prepared_at timestamptz,
  -- The URL prefix of the language it was asked for in (null: en-GB): the summary's and the email's words.
  locale text,
  check (ready_at >= requested_at and expires_at > ready_at)
);
create index data_exports_expires_at on data_exports (expires_at);

alter table outbox_emails drop constraint outbox_emails_kind_check;
alter table outbox_emails add constraint outbox_emails_kind_check
  check (kind in ('booking-confirmation', 'password-reset', 'email-change', 'sign-in-link', 'data-export', 'account-closed'));
