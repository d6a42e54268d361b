-- Railcards a child cannot hold (docs/decisions/640-railcards-by-age.md): a Veterans Railcard is for
-- people who served in the UK Armed Forces, which nobody joins before 16, so a passenger under 16 is
-- not offered one and the server refuses it. Databases seeded before keep their catalogue rows.
update railcard_types set min_age = 16 where id = 'veterans';
