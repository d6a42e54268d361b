import { useEffect, useRef } from 'react';
import { onDemandTicketMessages } from '#src/copy/on-demand-ticket';
import { useServices } from '#src/services';
import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import { onDemandTicketFlow } from './on-demand-ticket.flow';
import * as styles from '../booking-actions.css';
import { m } from '#src/paraglide/messages.js';
import { LiveRegion } from '#src/ui/live-region';
import { ContactDetails } from '../contact-details';

export interface OnDemandTicketProps {
  bookingId: string;
  deliveryId: string;
  method: 'mobile' | 'print-at-home';
  /** Called once the ticket is ready (the page reloads the booking). */
  onReady: () => void;
  /** Offline: the id of the text saying why the button is disabled (decision 251). */
  offlineReason?: string | null;
}

/**
 * Generate a mobile or print-at-home ticket now and poll until it is issued; the booking then
 * reloads and shows the ticket itself (booking-detail/issued-ticket.tsx), and this offer goes.
 */
export function OnDemandTicket({ bookingId, deliveryId, method, onReady, offlineReason = null }: OnDemandTicketProps) {
  const { locale } = useServices();
  const [snapshot, send] = onDemandTicketFlow.useFlow({ input: { bookingId, deliveryId } });
  const { error, ticket } = snapshot.context;
  const working =
    snapshot.matches('generating') ||
    snapshot.matches('waiting') ||
    snapshot.matches('polling') ||
    snapshot.matches('checkingRetries');
  const ready = snapshot.matches('ready');
  // Refunded, exchanged or paid by insurance meanwhile (decision 570): nothing to issue or try again.
  const withdrawn = snapshot.matches('withdrawn');

  const reported = useRef(false);
  useEffect(() => {
    if (ready && !reported.current) {
      reported.current = true;
      onReady();
    }
  }, [ready, onReady]);

  const what =
    method === 'mobile'
      ? m.booking_actions_on_demand_ticket_mobile_ticket()
      : m.booking_actions_on_demand_ticket_print_at_home_ticket();
  return (
    <>
      <h3 className={styles.itemTitle}>{m.booking_actions_on_demand_ticket_your_ticket()}</h3>
      {!ready && (
        <LiveRegion as="p" className={styles.hint}>
          {withdrawn
            ? onDemandTicketMessages.withdrawn
            : working
              ? onDemandTicketMessages.processing
              : error
                ? null
                : m.booking_actions_on_demand_ticket_get_your_now({ what })}
        </LiveRegion>
      )}
      {ready && ticket && (
        <div className={styles.stretch}>
          <Alert tone="success" title={onDemandTicketMessages.ready}>
            <dl className={styles.ticketFacts}>
              <dt>{m.common_reference()}</dt>
              <dd>{ticket.reference}</dd>
              <dt>{m.booking_actions_on_demand_ticket_issued_status()}</dt>
              <dd>
                {new Intl.DateTimeFormat(locale.tag, {
                  dateStyle: 'medium',
                  timeStyle: 'short',
                }).format(new Date(ticket.issuedAt))}
              </dd>
            </dl>
          </Alert>
        </div>
      )}
      {snapshot.matches('failed') && error && (
        <div className={styles.stretch}>
          <Alert tone="error">{onDemandTicketMessages[error]}</Alert>
          {/* "contact us if it keeps happening": the portal's contact (the booking's route, not the lists'). */}
          {error === 'ticketFailed' && <ContactDetails />}
        </div>
      )}
      {!ready && !withdrawn && (
        <>
          <Button
            tone="secondary"
            busy={working}
            busyLabel={m.booking_actions_on_demand_ticket_issuing_your_ticket()}
            disabled={working || offlineReason !== null}
            aria-describedby={offlineReason ?? undefined}
            onClick={() => send({ type: 'ticket.generate' })}
          >
            {error ? m.common_try_again() : m.booking_actions_on_demand_ticket_get_ticket_now()}
          </Button>
        </>
      )}
    </>
  );
}
