-- Replacement orders still being issued (after a refund or change of journey). The original order
-- gets its replacement_order_id once the replacement is "ready": ready_after_ms after the first time
-- anyone asked for the original's history (so the app's wait-for-replacements polling is seen working).
create table pending_replacements (
  order_id text primary key references orders (id) on delete cascade,
  replacement_order_id text not null references orders (id) on delete cascade,
  ready_after_ms integer not null check (ready_after_ms >= 0),
  first_requested_at timestamptz
);
