import { Link } from '@tanstack/react-router';
import { useRef, type JSX } from 'react';
import { onDemandDeliveryMethods } from '#src/schemas/booking-actions';
import { useConnection, useServices } from '#src/services';
import { Alert } from '#src/ui/alert';
import { buttonClass } from '#src/ui/button-class';
import { OnDemandTicket } from './booking-actions/on-demand-ticket';
import { ResendEmailModal } from './booking-actions/resend-email-modal';
import { resendEmailFlow } from './booking-actions/resend-email.flow';
import * as styles from './booking-actions.css';
import { bookingPath } from './booking-links';
import { NeedsConnection } from './needs-connection';
import { m } from '#src/paraglide/messages.js';

export interface BookingActionsProps {
  bookingId: string;
  orderId: string;
  /** true on /order-token routes */
  guest: boolean;
  /** order email, prefilled for resend email */
  email: string | null;
  /** Absent from an answer that does not carry it (decision 230): no resend or on-demand ticket then. */
  delivery: {
    id: string;
    method: 'mobile' | 'print-at-home' | 'collect-at-station' | 'post' | 'smartcard';
  } | null;
  /** outward leg in the future */
  upcoming: boolean;
  /** Within 24 hours of the outward train: the hint says check-in is open instead of when it opens. */
  checkInOpen?: boolean;
  /** The server has recorded a check-in for this booking. */
  checkedIn?: boolean;
  /** The booking lifecycle's answer (decision 320): an action it withdraws is not offered here. */
  allows?: (action: 'checkIn.open' | 'email.resend' | 'ticket.issue') => boolean;
  /**
   * The booking has its ticket already (shown by the booking page), or may not have one (refunded or
   * replaced): no on-demand ticket is offered (decision 350).
   */
  ticketSettled?: boolean;
  /**
   * Reloads the booking once an on-demand ticket is issued: the booking lives in the booking
   * machine, so the screen sends it `booking.reload` (a router invalidate reloads nothing).
   */
  onTicketReady: () => void;
}

/**
 * Actions on one booking (booking detail, both the account and the order-token variants):
 * check in (upcoming bookings), resend the booking email, and get a mobile or print-at-home ticket
 * issued on demand (behind the `on-demand-tickets` feature).
 */
export function BookingActions(props: BookingActionsProps): JSX.Element | null {
  const {
    bookingId,
    orderId,
    guest,
    email,
    delivery,
    upcoming,
    onTicketReady,
    checkedIn = false,
    checkInOpen = false,
    ticketSettled = false,
    allows = () => true,
  } = props;
  const { pageData } = useServices();
  const opener = useRef<HTMLButtonElement>(null);
  // Offline, nothing here can reach the server: the controls stay, disabled, with the reason (decision 251).
  const { offline } = useConnection();
  const offlineReason = `booking-actions-offline-${bookingId}`;

  // Only offered with a delivery (below), which the spec's request needs.
  const [resend, sendResend] = resendEmailFlow.useFlow({
    input: { email, booking: delivery && { bookingId, orderId, deliveryMethod: delivery.method } },
  });

  const onDemand =
    delivery !== null &&
    !ticketSettled &&
    pageData.features['on-demand-tickets'] &&
    (onDemandDeliveryMethods as readonly string[]).includes(delivery.method) &&
    allows('ticket.issue');
  const onDemandMethod = delivery?.method === 'mobile' ? 'mobile' : 'print-at-home';

  return (
    // No heading of its own: the booking page puts these under its "Manage this booking" heading (h2),
    // each action under its own h3, so a screen-reader user finds them by heading.
    <div className={styles.section}>
      {checkedIn && (
        <Alert tone="success" title={m.booking_actions_youre_checked_in()}>
          {m.booking_actions_youre_checked_in_for_this()}
        </Alert>
      )}
      {offline && <NeedsConnection id={offlineReason} />}
      <ul className={styles.list}>
        {upcoming && !checkedIn && allows('checkIn.open') && (
          <li className={styles.item}>
            <h3 className={styles.itemTitle}>{m.booking_actions_check_in()}</h3>
            <p className={styles.hint}>
              {checkInOpen ? m.booking_actions_check_in_is_open() : m.booking_actions_check_in_opens_24_hours_before()}
            </p>
            {offline ? (
              <button
                type="button"
                className={buttonClass({ tone: 'secondary' })}
                disabled
                aria-describedby={offlineReason}
              >
                {m.booking_actions_check_in()}
              </button>
            ) : (
              <Link className={styles.linkButton} to={bookingPath(guest, 'checkIn')} params={{ bookingId }}>
                {m.booking_actions_check_in()}
              </Link>
            )}
          </li>
        )}
        {delivery && allows('email.resend') && (
          <li className={styles.item}>
            <h3 className={styles.itemTitle}>{m.booking_actions_booking_email()}</h3>
            <p className={styles.hint}>{m.booking_actions_lost_your_booking_confirmation_we()}</p>
            <button
              ref={opener}
              type="button"
              className={buttonClass({ tone: 'secondary' })}
              aria-haspopup="dialog"
              disabled={offline}
              aria-describedby={offline ? offlineReason : undefined}
              onClick={() => sendResend({ type: 'modal.open' })}
            >
              {m.booking_actions_resend_booking_email()}
            </button>
          </li>
        )}
        {onDemand && delivery && (
          <li className={styles.item}>
            <OnDemandTicket
              bookingId={bookingId}
              deliveryId={delivery.id}
              method={onDemandMethod}
              onReady={onTicketReady}
              offlineReason={offline ? offlineReason : null}
            />
          </li>
        )}
      </ul>
      <ResendEmailModal snapshot={resend} send={sendResend} opener={opener} />
    </div>
  );
}
