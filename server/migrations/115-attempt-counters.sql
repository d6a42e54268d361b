-- Anti-automation counters: failures per account, per client address, per booking
-- reference... in fixed windows. In the database so a restart does not reset them.
-- See docs/decisions/155-rate-limits-and-csp.md.

create table attempt_counters (
  -- Which limit ('login.account', 'login.client', 'find-booking.client', ...).
  scope text not null,
  -- What is counted within the scope: an account id or email, a client address, "address|reference".
  key text not null check (char_length(key) <= 600),
  window_start timestamptz not null,
  count integer not null check (count >= 0),
  primary key (scope, key)
);
create index attempt_counters_window_start on attempt_counters (window_start);
