import { m } from '#src/paraglide/messages.js';
import { LazyContactDetails } from './contact-details-lazy';

/**
 * Changes made by contacting the retailer, with its contact details (contact-details.tsx, loaded when
 * it first renders): where the host does not offer changing here (docs/integrators.md), on the
 * booking (Find a booking's access, or an API without the change calls) and on a change page reached
 * on such a host (docs/decisions/863-change-not-offered-here.md). In the booking's own chunk
 * (vite.config.ts, decision 860), which the change pages load too: no file of its own on a booking.
 */
export function ChangeByContact() {
  return (
    <div>
      <p>{m.journey_change_contact_retailer()}</p>
      <LazyContactDetails />
    </div>
  );
}
