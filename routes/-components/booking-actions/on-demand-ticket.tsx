import { useMachine } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { fromPromise } from 'xstate';
import { onDemandTicketMachine, onDemandTicketMessages } from '#machines/on-demand-ticket';
import type { IssuedTicket } from '#src/schemas/booking-actions';
import { useServices } from '#src/services';
import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import { useBookingActionsApi } from './use-booking-actions-api';
import * as styles from '../booking-actions.css';
import { m } from '#src/paraglide/messages.js';

export interface OnDemandTicketProps {
  bookingId: string;
  deliveryId: string;
  method: 'mobile' | 'print-at-home';
  /** Called once the ticket is ready (the page reloads the booking). */
  onReady: () => void;
  /** Offline: the id of the text saying why the button is disabled (decision 250). */
  offlineReason?: string | null;
}

const ticketText = (ticket: IssuedTicket, bookingId: string, portal: string) =>
  [
    m.booking_actions_on_demand_ticket_rail_ticket({ portal }),
    m.booking_actions_on_demand_ticket_ticket_reference({ reference: ticket.reference }),
    m.booking_actions_on_demand_ticket_booking({ bookingId }),
    m.booking_actions_on_demand_ticket_issued({ issuedAt: ticket.issuedAt }),
    m.booking_actions_on_demand_ticket_barcode_data({ barcode: ticket.barcode }),
    '',
  ].join('\n');

/** Generate a mobile or print-at-home ticket now, poll until it is issued, then offer it. */
export function OnDemandTicket({ bookingId, deliveryId, method, onReady, offlineReason = null }: OnDemandTicketProps) {
  const api = useBookingActionsApi();
  const { pageData, locale } = useServices();
  const [snapshot, send] = useMachine(
    onDemandTicketMachine.provide({
      actors: {
        generateTicket: fromPromise(({ input }) => api.generateOnDemandTicket(input.bookingId, input.deliveryId)),
        getTicketStatus: fromPromise(({ input, signal }) =>
          api.getOnDemandTicketStatus(input.bookingId, input.deliverableId, signal),
        ),
      },
    }),
    { input: { bookingId, deliveryId } },
  );
  const { error, ticket } = snapshot.context;
  const working =
    snapshot.matches('generating') ||
    snapshot.matches('waiting') ||
    snapshot.matches('polling') ||
    snapshot.matches('checkingRetries');
  const ready = snapshot.matches('ready');

  const reported = useRef(false);
  useEffect(() => {
    if (ready && !reported.current) {
      reported.current = true;
      onReady();
    }
  }, [ready, onReady]);

  const download = () => {
    if (!ticket) return;
    const url = URL.createObjectURL(
      new Blob([ticketText(ticket, bookingId, pageData.portal)], {
        type: 'text/plain',
      }),
    );
    const a = document.createElement('a');
    a.href = url;
    a.download = `ticket-${ticket.reference}.txt`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  const what = method === 'mobile' ? m.booking_actions_on_demand_ticket_mobile_ticket() : m.booking_actions_on_demand_ticket_print_at_home_ticket();
  return (
    <>
      <p className={styles.itemTitle}>{m.booking_actions_on_demand_ticket_your_ticket()}</p>
      {!ready && (
        <p className={styles.hint} role="status">
          {working ? onDemandTicketMessages.processing : error ? null : m.booking_actions_on_demand_ticket_get_your_now({ what })}
        </p>
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
        </div>
      )}
      {!ready && (
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
      {ready && ticket && (
        <Button tone="secondary" onClick={download}>{m.booking_actions_on_demand_ticket_download_ticket()}</Button>
      )}
    </>
  );
}
