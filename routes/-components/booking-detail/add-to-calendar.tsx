import { useId } from 'react';
import { bookingCalendar, bookingUrl, calendarLegs, type IcsCopy } from '#src/calendar/ics';
import type { Booking } from '#src/schemas/booking';
import { useServices } from '#src/services';
import { Button } from '#src/ui/button';
import { m } from '#src/paraglide/messages.js';
import * as styles from './booking-detail.css';
import type { BookingScreenMode } from './booking-screen-mode';

/** The words of the .ics file, in the page's locale. */
const icsCopy: IcsCopy = {
  summary: (origin, destination) => m.common_origin_to_destination({ origin, destination }),
  operator: (operator) => m.booking_detail_add_to_calendar_operator({ operator }),
  reference: (reference) => m.booking_detail_add_to_calendar_reference({ reference }),
  link: (url) => m.booking_detail_add_to_calendar_link({ url }),
};

/** `RAIL-8F3K2.ics`: the booking reference, with anything a file name should not hold replaced. */
export const calendarFileName = (reference: string) => `${reference.replace(/[^A-Za-z0-9_-]+/g, '-') || 'booking'}.ics`;

/** Where the link in each event goes (never with a guest token: the file outlives the session). */
const bookingPath = (bookingId: string, mode: BookingScreenMode) => {
  const id = encodeURIComponent(bookingId);
  if (mode === 'orderToken') return `/order-token/${id}`;
  if (mode === 'guestView') return `/bookings/${id}/guest`;
  return `/bookings/${id}`;
};

/**
 * "Add to calendar": builds the .ics in the page (docs/decisions/190-add-to-calendar.md) and
 * downloads it through an object URL; disabled, with the reason beside it, when no leg has times.
 */
export function AddToCalendar({
  booking,
  reference,
  mode,
  cancelled = false,
}: {
  booking: Booking;
  reference: string;
  mode: BookingScreenMode;
  /** The tickets were cancelled: the same file removes the journey from a calendar ("Remove from calendar"). */
  cancelled?: boolean;
}) {
  const { locale } = useServices();
  const hintId = useId();
  const file = calendarFileName(reference);
  const hasLegs = calendarLegs(booking).length > 0;
  const download = () => {
    const text = bookingCalendar({
      booking,
      reference,
      link: bookingUrl(window.location.origin, locale.basepath, bookingPath(booking.id, mode)),
      now: new Date(),
      copy: icsCopy,
    });
    const url = URL.createObjectURL(new Blob([text], { type: 'text/calendar;charset=utf-8' }));
    const anchor = document.createElement('a');
    anchor.href = url;
    anchor.download = file;
    anchor.hidden = true;
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
    // Revoked after the click has handed the file to the browser's download.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };
  return (
    <div className={styles.note}>
      <Button tone="secondary" onClick={download} disabled={!hasLegs} aria-describedby={hintId}>
        {cancelled ? m.booking_detail_add_to_calendar_remove_button() : m.booking_detail_add_to_calendar_button()}
      </Button>
      <p id={hintId} className={styles.meta}>
        {!hasLegs
          ? m.booking_detail_add_to_calendar_no_legs()
          : cancelled
            ? m.booking_detail_add_to_calendar_remove_hint({ file })
            : m.booking_detail_add_to_calendar_hint({ file })}
      </p>
    </div>
  );
}
