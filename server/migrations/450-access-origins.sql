-- Where a guest session's access came from (docs/access-policy.md): a link sent to the order's or
-- claim's mailbox ('email-link'), or the four details typed into Find a booking ('find-booking').
-- Knowledge of a booking's details is not ownership, so the two are told apart on every call.
alter table ufac_sessions add column origin text not null default 'email-link'
  check (origin in ('email-link', 'find-booking'));
