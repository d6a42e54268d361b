-- A season ticket's change moves its start date, before it starts (docs/decisions/600-change-your-journey.md):
-- its quote holds the new start date instead of trains.
alter table journey_change_quotes add column start_date text;
