/**
 * `node --import tsx scripts/i18n/derive-en-us.ts`: writes messages/en-us.json from en-GB (decision
 * 210). American English differs from the source in spelling ("canceled"), words ("round trip" for
 * a return ticket, "one-way" for a single, "ZIP code", "by mail") and nothing else; dates come
 * month-first from Intl, not from the catalogue. Messages already in en-us.json are kept as they are,
 * so a hand-made American text survives; new en-GB messages are added with these rules applied.
 */
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;
const read = (file: string) => JSON.parse(readFileSync(join(root, file), 'utf8')) as Record<string, unknown>;

/** Whole messages that read differently in American English (ticket types, mail, ZIP codes). */
const overrides: Record<string, string> = {
  common_return_ticket: 'Round trip',
  refund_copy_return: 'Round-trip ticket (both ways)',
  delay_repay_copy_single: 'a one-way ticket',
  delay_repay_copy_return: 'a round-trip ticket (delayed on one leg)',
  bookings_list_booking_card_single: 'One-way',
  booking_format_post: 'By mail',
  refund_copy_post_your_paper_tickets_back: 'Mail your paper tickets back to us',
  refund_copy_post_the_tickets_you_collected: 'Mail the tickets you collected back to us',
  refund_tracking_post_tickets:
    "Mail your paper tickets to {address} so they arrive by {date}. We'll refund {amount} once they arrive.",
  address_book_address_form_page_postcode: 'ZIP code',
  address_book_address_form_page_postcode_optional: 'ZIP code (optional)',
  form_addresses_post_code_required: 'Please enter a ZIP code',
  form_addresses_post_code_invalid_gb: 'Please enter a valid UK postcode, e.g. SW1A 1AA',
  form_addresses_post_code_invalid: 'Please enter a valid ZIP code',
  find_booking_page_passengers_surname: "Passenger's last name",
  form_last_name_required: 'Please enter last name',
  form_find_booking_surname_required: "Please enter a passenger's last name",
  form_find_booking_surname_too_long: 'Last names can only be up to 60 characters',
  find_booking_not_found:
    "We couldn't find a booking with these details. Please check the booking reference, departure date, last name and email address.",
};

/** Spelling: British → American, applied to every other text. */
const spelling: [RegExp, string][] = [
  [/\b([Cc])ancelled\b/g, '$1anceled'],
  [/\b([Cc])ancelling\b/g, '$1anceling'],
  [/\b([Rr])ecognis(e|ed|es|ing)\b/g, '$1ecogniz$2'],
  [/\b([Oo])rganis(e|ed|es|ing|ation)\b/g, '$1rganiz$2'],
  [/\b([Aa])uthoris(e|ed|es|ing|ation)\b/g, '$1uthoriz$2'],
  [/\b([Cc])olour/g, '$1olor'],
  [/\b([Ff])avourite/g, '$1avorite'],
  [/\b([Tt])ravell(ed|ing|er|ers)\b/g, '$1ravel$2'],
  [/\b([Ll])abell(ed|ing)\b/g, '$1abel$2'],
  [/\b([Cc])entre\b/g, '$1enter'],
];

const american = (text: string) => spelling.reduce((t, [from, to]) => t.replace(from, to), text);
const deep = (value: unknown): unknown =>
  typeof value === 'string'
    ? american(value)
    : Array.isArray(value)
      ? value.map(deep)
      : value && typeof value === 'object'
        ? Object.fromEntries(
            Object.entries(value).map(([k, v]) => [k, k === 'declarations' || k === 'selectors' ? v : deep(v)]),
          )
        : value;

const source = read('messages/en-GB.json');
const existing = existsSync(join(root, 'messages/en-us.json')) ? read('messages/en-us.json') : {};
const out: Record<string, unknown> = { $schema: source.$schema };
for (const [key, value] of Object.entries(source)) {
  if (key === '$schema') continue;
  out[key] = key in existing ? existing[key] : (overrides[key] ?? deep(value));
}
writeFileSync(join(root, 'messages/en-us.json'), `${JSON.stringify(out, null, 2)}\n`);
console.log(`messages/en-us.json: ${Object.keys(out).length - 1} messages`);
