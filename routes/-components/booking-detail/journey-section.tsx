import { m } from '#src/paraglide/messages.js';
import type { Booking, BookingDetailResponse } from '#src/schemas/booking';
import { useServices } from '#src/services';
import { LiveRegion } from '#src/ui/live-region';
import { changeabilityReasons, notChangeableFallback, ukDate } from '../booking-format';
import { journeyName } from '../journey-name';
import { AddToCalendar } from './add-to-calendar';
import * as styles from './booking-detail.css';
import type { BookingScreenMode } from './booking-screen-mode';
import type { BookingOffer } from './booking-offer';
import { LegCard } from './leg-card';
import { Link } from '@tanstack/react-router';
import { ChangeByContact } from '../change-by-contact';
import { buttonClass } from '#src/ui/button-class';
import { bookingPath } from '../booking-links';
import { bookingDetailFlow } from './booking-detail.flow';

/**
 * The change-of-journey check as this section shows it: the chart's `loaded` substate, or
 * `reloading`, or another state the screen is on its way to (`other`: the line is quiet, as while
 * reloading). Read from the booking's flow by the two parts that show it, so an answer redraws
 * them and not the booking around them (docs/decisions/882).
 */
type CheckPhase = 'checking' | 'known' | 'unavailable' | 'reloading' | 'other';
const useChangeabilityCheck = () => {
  const phase = bookingDetailFlow.useSelector((s): CheckPhase => {
    if (s.matches({ loaded: 'checkingChangeability' })) return 'checking';
    if (s.matches({ loaded: 'changeabilityKnown' })) return 'known';
    if (s.matches('reloading')) return 'reloading';
    return s.matches('loaded') ? 'unavailable' : 'other';
  });
  const answer = bookingDetailFlow.useSelector((s) => s.context.changeability);
  return { phase, answer };
};

/** "Your journey": the season's validity or each leg, whether it can be changed (the chart's `loaded` substates), and the calendar. */
export function JourneySection({
  booking,
  detail,
  mode,
  offer,
}: {
  booking: Booking;
  detail: BookingDetailResponse;
  mode: BookingScreenMode;
  offer: BookingOffer;
}) {
  const { locale } = useServices();
  return (
    <section className={styles.section} aria-labelledby="journey-heading">
      <h2 id="journey-heading" className={styles.sectionTitle}>
        {m.booking_detail_screen_your_journey()}
      </h2>
      {booking.season ? (
        <dl className={styles.facts}>
          <dt>{m.booking_detail_screen_season_ticket()}</dt>
          <dd>{journeyName(booking.outward, locale.tag)}</dd>
          <dt>{m.common_valid()}</dt>
          <dd>
            {m.booking_detail_screen_date_range({
              date: ukDate(booking.season.validFrom, locale.tag),
              date2: ukDate(booking.season.validUntil, locale.tag),
            })}
          </dd>
        </dl>
      ) : (
        <div className={styles.legs}>
          <LegCard leg={booking.outward} heading={m.common_outward()} />
          {booking.inward && <LegCard leg={booking.inward} heading={m.common_return()} />}
        </div>
      )}
      {/* isSeasonBooking is the spec's: a host without the season's validity still says "start date". */}
      <ChangeabilityNote season={booking.isSeasonBooking} />
      <ChangeJourneyEntry booking={booking} mode={mode} offer={offer} />
      {/* A cancelled booking is not offered to a calendar; it exports as a cancelled event, "Remove from calendar", so a calendar that has the journey drops it (decision 190). */}
      {(offer.may('calendar.add') || offer.lifecycle.ticketsCancelled) && (
        <AddToCalendar
          booking={booking}
          reference={detail.order.friendlyOrderId}
          mode={mode}
          cancelled={!offer.may('calendar.add')}
        />
      )}
    </section>
  );
}

/** `loaded.checkingChangeability`, `loaded.changeabilityKnown`, `loaded.changeabilityUnavailable`, and quiet while `reloading`. */
function ChangeabilityNote({ season }: { season: boolean }) {
  const { phase, answer } = useChangeabilityCheck();
  let text: string;
  if (phase === 'checking') text = m.booking_detail_screen_checking_whether_this_journey_can();
  else if (phase === 'known' && answer) {
    text = answer.changeable
      ? season
        ? m.booking_detail_screen_you_can_change_this_season()
        : m.booking_detail_screen_you_can_change_this_journey()
      : ((answer.reason && changeabilityReasons[answer.reason]) ?? notChangeableFallback);
  } else if (phase === 'reloading' || phase === 'other') text = '';
  else text = m.booking_detail_screen_we_couldnt_check_whether_this();
  // The line's label is painted with the booking (its space is reserved: styles.changeNote), and
  // the check's words go in beside it: the first text this paragraph paints is the short label, so
  // the answer, which comes a round trip later, is not what the page's largest paint waits for.
  // The label and the space after it are one text node: a space of its own at the end of the line
  // moved 2 px down when the words went in beside it (a layout shift, docs/decisions/882).
  return (
    <LiveRegion
      as="p"
      className={styles.changeNote}
      lead={text && <strong>{`${m.booking_detail_screen_change_of_journey()} `}</strong>}
    >
      {text}
    </LiveRegion>
  );
}

/**
 * "Change journey" beside "Cancel and refund" when the changeability answer says the journey can be
 * changed here (decision 600), for the account's owner and a guest from the emailed link; an API
 * without the change calls, or Find a booking's access (its answer has no changeOnline), leaves the
 * change to the retailer, whose contact details follow.
 */
function ChangeJourneyEntry({
  booking,
  mode,
  offer,
}: {
  booking: Booking;
  mode: BookingScreenMode;
  offer: BookingOffer;
}) {
  const { phase, answer } = useChangeabilityCheck();
  if (phase !== 'known' || !answer?.changeable || offer.readOnly) return null;
  // changeOnline is given only to whom the access policy lets change (docs/access-policy.md): the
  // account's owner, or a guest from the order's emailed link; never Find a booking's four details.
  // A season changes only its start date, on a screen of its own (decision 790).
  if (answer.changeOnline === true && mode !== 'guestView') {
    return (
      <p>
        <Link
          to={bookingPath(mode === 'orderToken', booking.season ? 'changeStartDate' : 'change')}
          params={{ bookingId: booking.id }}
          className={buttonClass({ tone: 'secondary' })}
        >
          {booking.season ? m.season_start_entry_link() : m.journey_change_entry_link()}
        </Link>
      </p>
    );
  }
  return <ChangeByContact />;
}
