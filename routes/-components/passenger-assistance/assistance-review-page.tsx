import { Link } from '@tanstack/react-router';
import { passengerAssistanceReviewMessages } from '#src/copy/passenger-assistance-review';
import { schemaMismatchMessage } from '#src/api/errors';
import type { FirstData } from '#machines/lib/first-data';
import { isCancelled, type AssistanceItem } from '#src/schemas/passenger-assistance';
import { Alert } from '#src/ui/alert';
import { LoadError } from '#src/ui/load-error';
import { Loading, Page } from '#src/ui/page';
import { AssistanceFacts } from './assistance-summary';
import { passengerAssistanceReviewFlow } from './passenger-assistance-review.flow';
import * as styles from './assistance.css';
import { m } from '#src/paraglide/messages.js';

/**
 * /bookings/{bookingId}/passenger-assistance/{id}: one assistance, with cancel while it is booked.
 * `first`: what its route loaded (docs/decisions/730); without it the chart loads it.
 */
export function AssistanceReviewPage({
  bookingId,
  assistanceId,
  booked,
  first,
}: {
  bookingId: string;
  assistanceId: string;
  booked: boolean;
  first?: FirstData<AssistanceItem | null> | null | undefined;
}) {
  const [snapshot, send] = passengerAssistanceReviewFlow.useFlow({ input: { bookingId, assistanceId, first } });
  const { item, schemaError } = snapshot.context;

  return (
    <Page title={m.passenger_assistance_assistance_review_page_review_passenger_assistance()} narrow>
      <p>
        <Link to="/bookings/$bookingId/passenger-assistance" params={{ bookingId }} activeOptions={{ exact: true }}>
          {m.common_back_to_passenger_assistance()}
        </Link>
      </p>
      {snapshot.matches('loading') && (
        <Loading label={m.passenger_assistance_assistance_review_page_loading_this_assistance()} />
      )}
      {snapshot.matches('loadFailed') && (
        <LoadError
          message={schemaError ? schemaMismatchMessage : passengerAssistanceReviewMessages.loadError}
          onRetry={() => send({ type: 'assistance.retry' })}
        />
      )}
      {snapshot.matches('notFound') && <Alert tone="error">{passengerAssistanceReviewMessages.notFound}</Alert>}
      {snapshot.matches('absent') && (
        <>
          <p>{passengerAssistanceReviewMessages.notOffered}</p>
          <p>
            <Link to="/bookings/$bookingId" params={{ bookingId }} activeOptions={{ exact: true }}>
              {m.passenger_assistance_assistance_list_page_back_to_booking()}
            </Link>
          </p>
        </>
      )}
      {snapshot.matches('ready') && item && (
        <>
          {booked && !isCancelled(item.assistance) && (
            <Alert tone="success">{passengerAssistanceReviewMessages.booked}</Alert>
          )}
          <AssistanceFacts booking={item.booking} assistance={item.assistance} />
          {!isCancelled(item.assistance) && (
            <div className={styles.actions}>
              <Link
                to="/bookings/$bookingId/passenger-assistance/$id/cancel"
                params={{ bookingId, id: assistanceId }}
                className={styles.linkButton}
              >
                {m.passenger_assistance_assistance_review_page_cancel_this_assistance()}
              </Link>
            </div>
          )}
        </>
      )}
    </Page>
  );
}
