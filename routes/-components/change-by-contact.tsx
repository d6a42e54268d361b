import { m } from '#src/paraglide/messages.js';
import { Alert } from '#src/ui/alert';
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
 * A host that does not offer changes here (the chart's notOffered; docs/decisions/863): the page's
 * own sentence (`message`: the journey's or the season's), then changes made by contacting the
 * retailer, as the booking says. The change page's own "Back to your booking" leads back.
 */
export function ChangeNotOffered({ message }: { message: string }) {
  return (
    <>
      <Alert tone="info">{message}</Alert>
      <ChangeByContact />
    </>
  );
}
