-- The operators' running data for trains (docs/decisions/330-refund-reasons-checked.md): what the
-- refund rules check a disruption reason against. One row per event on one train, keyed by the
-- leg's timetable id (`{ORIGIN}-{DESTINATION}-{YYYYMMDDHHmm}`, as GET /realtime/timetable):
-- 'announced' (disruption announced ahead: engineering works, strike timetable), 'cancelled'
-- (the service was or will be cancelled), 'delayed' (ran late by delay_minutes at its destination).
-- `announced_at`: from when the retailer knows it (a record announced later does not count yet).
create table service_disruptions (
  id text primary key,
  timetable_id text not null,
  kind text not null check (kind in ('announced', 'cancelled', 'delayed')),
  delay_minutes integer check (delay_minutes is null or delay_minutes > 0),
  description text not null,
  announced_at timestamptz not null,
  check ((kind = 'delayed') = (delay_minutes is not null))
);
create index service_disruptions_timetable_id on service_disruptions (timetable_id);
