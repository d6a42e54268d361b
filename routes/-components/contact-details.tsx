import { useServices } from '#src/services';
import { contactDetails, telHref, type OpeningHours } from '#src/config/contact';
import { formatDate } from '#src/i18n/format';
import { m } from '#src/paraglide/messages.js';

/**
 * The portal's customer service contact (src/config/contact.ts): the phone as a tel: link, the
 * opening hours in the page's locale, and the web form or e-mail address. Shown wherever a screen
 * tells the customer to contact customer service, so that sentence always leads somewhere.
 */
export function ContactDetails() {
  const { pageData, locale } = useServices();
  const contact = contactDetails[pageData.portal];
  return (
    <section aria-label={m.contact_details_heading()}>
      <p>
        <strong>{m.contact_details_heading()}</strong>
      </p>
      <dl>
        <dt>{m.contact_details_phone()}</dt>
        <dd>
          <a href={telHref(contact.phone)}>{contact.phone}</a>
        </dd>
        <dt>{m.contact_details_opening_hours()}</dt>
        {contact.hours.map((h) => (
          <dd key={`${h.fromDay}-${h.toDay}`}>{openingHoursText(h, locale.tag)}</dd>
        ))}
        {contact.webForm && (
          <>
            <dt>{m.contact_details_online()}</dt>
            <dd>
              <a href={contact.webForm}>{m.contact_details_web_form()}</a>
            </dd>
          </>
        )}
        {contact.email && (
          <>
            <dt>{m.contact_details_email()}</dt>
            <dd>
              <a href={`mailto:${contact.email}`}>{contact.email}</a>
            </dd>
          </>
        )}
      </dl>
    </section>
  );
}

// 1 January 2024 was a Monday: ISO weekday n is 2024-01-n. Times are wall-clock UK times, formatted
// in UTC so the reader's own zone does not move them.
const weekday = (isoDay: number, locale: string) =>
  formatDate(new Date(Date.UTC(2024, 0, isoDay)), locale, {
    weekday: 'long',
    timeZone: 'UTC',
  });
const time = (hhmm: string, locale: string) => {
  const [h, min] = hhmm.split(':').map(Number);
  return formatDate(new Date(Date.UTC(2024, 0, 1, h, min)), locale, {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
  });
};

/** "Monday to Friday, 08:00 to 20:00" in the page's locale. */
export function openingHoursText(h: OpeningHours, locale: string): string {
  const opens = time(h.opens, locale);
  const closes = time(h.closes, locale);
  if (h.fromDay === 1 && h.toDay === 7) return m.contact_details_every_day({ opens, closes });
  if (h.fromDay === h.toDay)
    return m.contact_details_hours_day({
      day: weekday(h.fromDay, locale),
      opens,
      closes,
    });
  return m.contact_details_hours_range({
    firstDay: weekday(h.fromDay, locale),
    lastDay: weekday(h.toDay, locale),
    opens,
    closes,
  });
}
