-- A smartcard product's journey as its two stations, so the screen can say "Leeds to York" in the
-- page's language from a catalogue pattern; `route` stays the retailer's own text for a product
-- without them (docs/decisions/445-server-copy-in-the-page-locale.md).
alter table smartcard_products add column origin text;
alter table smartcard_products add column destination text;
