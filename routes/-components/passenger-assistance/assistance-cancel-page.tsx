import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { cancelRefusalText, passengerAssistanceCancelMessages } from '#src/copy/passenger-assistance-cancel';
import { schemaMismatchMessage } from '#src/api/errors';
import type { FirstData } from '#machines/lib/first-data';
import type { AssistanceItem } from '#src/schemas/passenger-assistance';
import { newKeySeed } from '#src/api/idempotency';
import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import { LoadError } from '#src/ui/load-error';
import { Loading, Page } from '#src/ui/page';
import { CheckAgain } from '../check-again';
import { useLostAnswerPhase } from '../lost-answer';
import { AssistanceFacts, CancelledBecause } from './assistance-summary';
import { passengerAssistanceCancelFlow } from './passenger-assistance-cancel.flow';
import * as styles from './assistance.css';
import { m } from '#src/paraglide/messages.js';

/**
 * /bookings/{bookingId}/passenger-assistance/{id}/cancel: a confirm page, then back to the list.
 * `first`: what its route loaded (docs/decisions/730); without it the chart loads it.
 */
export function AssistanceCancelPage({
  bookingId,
  assistanceId,
  first,
}: {
  bookingId: string;
  assistanceId: string;
  first?: FirstData<AssistanceItem | null> | null | undefined;
}) {
  const navigate = useNavigate();
  const [keySeed] = useState(newKeySeed);
  const [snapshot, send] = passengerAssistanceCancelFlow.useFlow({
    input: { bookingId, assistanceId, keySeed, first },
  });
  const done = snapshot.status === 'done';
  useEffect(() => {
    if (done)
      void navigate({
        to: '/bookings/$bookingId/passenger-assistance',
        params: { bookingId },
        state: { assistanceNotice: 'cancelled' },
      });
  }, [done, bookingId, navigate]);

  const { item, schemaError, cancelError } = snapshot.context;
  // The confirm's attempt: sent, checked after a lost answer, or unconfirmed (Check again).
  const phase = useLostAnswerPhase(snapshot.children.cancelAssistance);
  const checking = phase === 'checking';
  const unconfirmed = phase === 'unconfirmed';
  const cancelling = snapshot.matches('cancelling') && !unconfirmed;
  const backToReview = (label: string) => (
    <Link
      to="/bookings/$bookingId/passenger-assistance/$id"
      params={{ bookingId, id: assistanceId }}
      activeOptions={{ exact: true }}
      className={styles.linkButton}
    >
      {label}
    </Link>
  );

  return (
    <Page title={m.passenger_assistance_assistance_cancel_page_cancel_passenger_assistance()} narrow>
      {snapshot.matches('loading') && <CancelLoadingWords />}
      {snapshot.matches('loadFailed') && (
        <LoadError
          message={schemaError ? schemaMismatchMessage : passengerAssistanceCancelMessages.loadError}
          onRetry={() => send({ type: 'assistance.retry' })}
        />
      )}
      {snapshot.matches('notFound') && <Alert tone="error">{passengerAssistanceCancelMessages.notFound}</Alert>}
      {snapshot.matches('absent') && (
        <>
          <p>{passengerAssistanceCancelMessages.notOffered}</p>
          <p>
            <Link to="/bookings/$bookingId" params={{ bookingId }} activeOptions={{ exact: true }}>
              {m.passenger_assistance_assistance_list_page_back_to_booking()}
            </Link>
          </p>
        </>
      )}
      {snapshot.matches('alreadyCancelled') && (
        <>
          <Alert tone="info">
            <p>{passengerAssistanceCancelMessages.alreadyCancelled}</p>
            {item && <CancelledBecause assistance={item.assistance} />}
          </Alert>
          <p>
            <Link to="/bookings/$bookingId/passenger-assistance" params={{ bookingId }} activeOptions={{ exact: true }}>
              {m.common_back_to_passenger_assistance()}
            </Link>
          </p>
        </>
      )}
      {(snapshot.matches('confirming') || cancelling || unconfirmed || done) && item && (
        <>
          <p>{m.passenger_assistance_assistance_cancel_page_do_you_want_to_cancel()}</p>
          {cancelError && (
            <Alert
              tone="error"
              title={m.passenger_assistance_assistance_cancel_page_we_couldnt_cancel_this_assistance()}
            >
              <p>{cancelRefusalText(cancelError)}</p>
            </Alert>
          )}
          {unconfirmed && <Alert tone="info">{passengerAssistanceCancelMessages.unconfirmed}</Alert>}
          <AssistanceFacts booking={item.booking} assistance={item.assistance} />
          <div className={styles.actions}>
            {unconfirmed ? (
              <CheckAgain onCheck={() => send({ type: 'cancel.check' })} />
            ) : (
              <Button
                tone="danger"
                busy={cancelling || done}
                busyLabel={
                  checking
                    ? passengerAssistanceCancelMessages.checking
                    : m.passenger_assistance_assistance_cancel_page_cancelling()
                }
                aria-disabled={cancelling || done || undefined}
                onClick={() => !cancelling && !done && send({ type: 'cancel.confirm' })}
              >
                {m.passenger_assistance_assistance_cancel_page_cancel_assistance()}
              </Button>
            )}
            {backToReview(m.passenger_assistance_assistance_cancel_page_keep_assistance())}
          </div>
        </>
      )}
    </Page>
  );
}

const CancelLoadingWords = () => (
  <Loading label={m.passenger_assistance_assistance_cancel_page_loading_this_assistance()} />
);

/** While the route loads the assistance (its pending state): the page as its chart's loading state shows it. */
export function AssistanceCancelLoading() {
  return (
    <Page title={m.passenger_assistance_assistance_cancel_page_cancel_passenger_assistance()} narrow>
      <CancelLoadingWords />
    </Page>
  );
}
