import { Link } from '@tanstack/react-router';
import { m } from '#src/paraglide/messages.js';
import { Alert } from '#src/ui/alert';
import { bookingPath } from './booking-links';
import { LazyContactDetails } from './contact-details-lazy';

/**
 * Changes made by contacting the retailer, with its contact details (contact-details.tsx, loaded when
 * it first renders): where the host does not offer changing here (docs/integrators.md), on the
 * booking (Find a booking's access, or an API without the change calls) and on a change page reached
 * on such a host (docs/decisions/863-change-not-offered-here.md).
 */
export function ChangeByContact() {
  return (
    <div>
      <p>{m.journey_change_contact_retailer()}</p>
      <LazyContactDetails />
    </div>
  );
}

/**
 * A host that does not offer changes here (the chart's notOffered; docs/decisions/863): changes are
 * made by contacting the retailer, as the booking says, with a link back to the booking. The season's
 * change of start date says the same under its own sentence (`message`).
 */
export function ChangeNotOffered({
  message,
  bookingId,
  guest,
}: {
  message: string;
  bookingId: string;
  guest: boolean;
}) {
  return (
    <>
      <Alert tone="info">{message}</Alert>
      <ChangeByContact />
      <p>
        <Link to={bookingPath(guest, 'detail')} params={{ bookingId }}>
          {m.journey_change_back_to_booking()}
        </Link>
      </p>
    </>
  );
}
