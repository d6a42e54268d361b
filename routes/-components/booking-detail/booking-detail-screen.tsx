import { Link, useNavigate } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useCallback, useMemo } from 'react';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { bookingDetailMachine } from '#machines/booking-detail';
import { editPassengersMachine, editPassengersMessages } from '#machines/edit-passengers';
import { bookingApi } from '#src/api/booking';
import { schemaMismatchMessage } from '#src/api/errors';
import { formatMoney } from '#src/i18n/format';
import type { Booking, BookingDetailResponse } from '#src/schemas/booking';
import { useServices } from '#src/services';
import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import { Loading, Page } from '#src/ui/page';
import { BookingActions } from '../booking-actions';
import { delayRepaySummaries } from '../claims/claim-copy';
import { InsuranceSection } from '../claims/insurance-section';
import { RefundEntry } from '../refunds/refund-entry';
import { RefundStatus } from '../refunds/refund-status';
import * as styles from './booking-detail.css';
import { EditPassengerDialog } from './edit-passenger-dialog';
import {
  bookingTitle,
  changeabilityReasons,
  deliveryLabels,
  directionLabels,
  isUpcoming,
  notChangeableFallback,
  passengerName,
  ukDate,
  ukDateTime,
} from '../booking-format';
import { LegCard } from './leg-card';

/**
 * account: /bookings/{id}; orderToken: /order-token/{id} (guest, token sent as ?token=);
 * guestView: /bookings/{id}/guest, a signed-in customer looking at a guest order placed with their
 * email, read-only until it is added to the account (docs/decisions/020-booking-detail-and-history.md).
 */
export type BookingScreenMode = 'account' | 'orderToken' | 'guestView';

export function BookingDetailScreen({ bookingId, mode }: { bookingId: string; mode: BookingScreenMode }) {
  const { api } = useServices();
  const navigate = useNavigate();
  const booking = useMemo(() => bookingApi(api), [api]);
  const [snapshot, send, detailRef] = useMachine(
    bookingDetailMachine.provide({
      actors: {
        fetchBooking: fromPromise(({ input }) => booking.getBooking(input.bookingId)),
        fetchChangeability: fromPromise(({ input }) => booking.getChangeability(input.orderId, input.bookingId, input.season)),
      },
      actions: {
        goToHistory: ({ context }) => {
          const params = { bookingId: context.movedTo ?? context.bookingId };
          if (mode === 'orderToken') void navigate({ to: '/order-token/$bookingId/history', params, replace: true });
          else void navigate({ to: '/bookings/$bookingId/history', params, replace: true });
        },
      },
    }),
    { input: { bookingId } },
  );
  const [edit, sendEdit] = useMachine(
    editPassengersMachine.provide({
      actors: { editPassengers: fromPromise(({ input }) => booking.editPassengers(input)) },
      actions: { reloadBooking: () => detailRef.send({ type: 'booking.reload' }) },
    }),
    { input: { bookingId } },
  );

  const reloadBooking = useCallback(() => detailRef.send({ type: 'booking.reload' }), [detailRef]);

  const detail = snapshot.context.detail;
  if ((snapshot.matches('loaded') || snapshot.matches('reloading')) && detail) {
    const current = detail.bookings.find((b) => b.id === bookingId) ?? detail.bookings[0];
    if (current) {
      const editing = detail.bookings.flatMap((b) => b.passengers).find((p) => p.id === edit.context.passengerId);
      return (
        <Page title={bookingTitle(current)} intro={`Order ${detail.order.friendlyOrderId}`}>
          {snapshot.matches('reloading') && <Loading label="Updating your booking…" />}
          {edit.context.saved && edit.matches('idle') && <Alert tone="success">{editPassengersMessages.saved}</Alert>}
          <BookingBody
            booking={current}
            detail={detail}
            mode={mode}
            snapshot={snapshot}
            onEditPassenger={(p) => sendEdit({ type: 'passenger.edit', passengerId: p.id, firstName: p.firstName, lastName: p.lastName })}
            onReload={reloadBooking}
            onTicketReady={reloadBooking}
          />
          <EditPassengerDialog
            snapshot={edit}
            send={sendEdit}
            passengerLabel={editing ? `Currently: ${passengerName(editing)}` : ''}
          />
        </Page>
      );
    }
  }
  if (snapshot.matches('error') || snapshot.matches('schemaError')) {
    return (
      <Page title="Booking details">
        <Alert tone="error" title="We couldn't load this booking">
          <p>
            {snapshot.matches('schemaError')
              ? schemaMismatchMessage
              : 'Please try again. If you opened a link from an email, check that the whole link was used.'}
          </p>
        </Alert>
        <Button onClick={() => send({ type: 'booking.retry' })}>Try again</Button>
      </Page>
    );
  }
  if (snapshot.matches('movedToHistory')) {
    return (
      <Page title="Booking details">
        <Loading label="This booking has changed. Opening its history…" />
      </Page>
    );
  }
  return (
    <Page title="Booking details">
      <Loading label="Loading your booking…" />
    </Page>
  );
}

function BookingBody({
  booking,
  detail,
  mode,
  snapshot,
  onEditPassenger,
  onReload,
  onTicketReady,
}: {
  booking: Booking;
  detail: BookingDetailResponse;
  mode: BookingScreenMode;
  snapshot: SnapshotFrom<typeof bookingDetailMachine>;
  onEditPassenger: (p: Booking['passengers'][number]) => void;
  /** Fetches the booking again (after an insurance claim). */
  onReload: () => void;
  /** An on-demand ticket was issued: the booking machine fetches the booking again. */
  onTicketReady: () => void;
}) {
  const { locale, pageData } = useServices();
  const readOnly = mode === 'guestView';
  // Passenger assistance screens are for the account's own bookings (behind their flag).
  const assistanceOn = mode === 'account' && pageData.features['enable-passenger-assistance'] && !booking.isSeasonBooking;
  const money = (amount: number, currency: string) => formatMoney(amount, currency, locale.tag);
  const names = new Map(booking.passengers.map((p) => [p.id, passengerName(p)]));
  const others = detail.bookings.filter((b) => b.id !== booking.id);
  const historyLink =
    mode === 'orderToken' ? (
      <Link to="/order-token/$bookingId/history" params={{ bookingId: booking.id }}>
        View booking history
      </Link>
    ) : (
      <Link to="/bookings/$bookingId/history" params={{ bookingId: booking.id }}>
        View booking history
      </Link>
    );
  return (
    <>
      {readOnly && (
        <Alert tone="info" title="Booked as a guest">
          <p>
            You bought this booking without signing in, using this account's email address. You can view it here; to change
            it or use its actions, add it to your account from the link in your booking confirmation email.
          </p>
        </Alert>
      )}

      <section className={styles.section} aria-labelledby="journey-heading">
        <h2 id="journey-heading" className={styles.sectionTitle}>
          Your journey
        </h2>
        {booking.season ? (
          <dl className={styles.facts}>
            <dt>Season ticket</dt>
            <dd>
              {booking.outward.origin.name} to {booking.outward.destination.name}
            </dd>
            <dt>Valid</dt>
            <dd>
              {ukDate(booking.season.validFrom, locale.tag)} to {ukDate(booking.season.validUntil, locale.tag)}
            </dd>
          </dl>
        ) : (
          <div className={styles.legs}>
            <LegCard leg={booking.outward} heading="Outward" />
            {booking.inward && <LegCard leg={booking.inward} heading="Return" />}
          </div>
        )}
        <ChangeabilityNote snapshot={snapshot} season={booking.season !== null} />
      </section>

      <section className={styles.section} aria-labelledby="passengers-heading">
        <h2 id="passengers-heading" className={styles.sectionTitle}>
          Passengers
        </h2>
        <ul className={styles.list}>
          {booking.passengers.map((p) => (
            <li key={p.id} className={styles.row}>
              <span className={styles.rowMain}>
                <strong>{passengerName(p)}</strong>
                <br />
                <span className={styles.meta}>
                  {p.type === 'child' ? 'Child' : 'Adult'}
                  {p.railcard ? ` · ${p.railcard.name}` : ''}
                </span>
              </span>
              {p.alterable && !readOnly && (
                <Button tone="secondary" onClick={() => onEditPassenger(p)} aria-label={`Change name of ${passengerName(p)}`}>
                  Change name
                </Button>
              )}
            </li>
          ))}
        </ul>
        {assistanceOn && (
          <p className={styles.note}>
            <Link to="/bookings/$bookingId/passenger-assistance" params={{ bookingId: booking.id }}>
              Passenger assistance
            </Link>
            {' '}
            <span className={styles.meta}>Book help at the station: a ramp, a wheelchair, luggage or guidance.</span>
          </p>
        )}
      </section>

      <section className={styles.section} aria-labelledby="tickets-heading">
        <h2 id="tickets-heading" className={styles.sectionTitle}>
          Tickets and price
        </h2>
        <ul className={styles.list}>
          {booking.tickets.map((t) => (
            <li key={t.id} className={styles.row}>
              <span className={styles.rowMain}>
                <strong>{t.type}</strong> · {t.fareClass === 'first' ? 'First class' : 'Standard class'}
                <br />
                <span className={styles.meta}>
                  {directionLabels[t.direction]} · {t.passengerIds.map((id) => names.get(id) ?? 'Passenger').join(', ')}
                </span>
              </span>
              <span>{money(t.price.amount, t.price.currencyCode)}</span>
            </li>
          ))}
        </ul>
        <p>
          Total paid: <span className={styles.total}>{money(booking.price.amount, booking.price.currencyCode)}</span>
        </p>
      </section>

      <section className={styles.section} aria-labelledby="delivery-heading">
        <h2 id="delivery-heading" className={styles.sectionTitle}>
          Delivery and order
        </h2>
        <dl className={styles.facts}>
          <dt>Delivery</dt>
          <dd>
            {deliveryLabels[booking.delivery.method]}
            {booking.delivery.method === 'mobile' && booking.delivery.activated ? ' (activated)' : ''}
          </dd>
          {booking.delivery.collectionReference && (
            <>
              <dt>Collection reference</dt>
              <dd>{booking.delivery.collectionReference}</dd>
            </>
          )}
          {booking.delivery.issuedTicket && (
            <>
              <dt>Ticket issued</dt>
              <dd>
                {booking.delivery.issuedTicket.reference}, {ukDateTime(booking.delivery.issuedTicket.issuedAt, locale.tag)}
              </dd>
            </>
          )}
          <dt>Order reference</dt>
          <dd>{detail.order.friendlyOrderId}</dd>
          <dt>Ordered on</dt>
          <dd>{ukDateTime(detail.order.createdAt, locale.tag)}</dd>
          {detail.order.email && (
            <>
              <dt>Confirmation sent to</dt>
              <dd>{detail.order.email}</dd>
            </>
          )}
        </dl>
        <p>{historyLink}</p>
        {others.length > 0 && (
          <>
            <h3 className={styles.legHeading}>Other journeys in this order</h3>
            <ul>
              {others.map((b) => (
                <li key={b.id}>
                  {mode === 'orderToken' ? (
                    <Link to="/order-token/$bookingId" params={{ bookingId: b.id }}>
                      {bookingTitle(b)}, {ukDate(b.outward.date, locale.tag)}
                    </Link>
                  ) : (
                    <Link to={mode === 'guestView' ? '/bookings/$bookingId/guest' : '/bookings/$bookingId'} params={{ bookingId: b.id }}>
                      {bookingTitle(b)}, {ukDate(b.outward.date, locale.tag)}
                    </Link>
                  )}
                </li>
              ))}
            </ul>
          </>
        )}
      </section>

      {booking.delayRepay && mode === 'account' && (
        <section className={styles.section} aria-labelledby="delay-repay-heading">
          <h2 id="delay-repay-heading" className={styles.sectionTitle}>
            Delay Repay
          </h2>
          <p>This train arrived late. {delayRepaySummaries[booking.delayRepay.status]}</p>
          <p>
            <Link to="/bookings/claim/$claimId" params={{ claimId: booking.delayRepay.claimId }}>
              {booking.delayRepay.status === 'eligible' ? 'Claim Delay Repay' : 'View your Delay Repay claim'}
            </Link>
          </p>
        </section>
      )}

      {!readOnly && booking.insurance && booking.insurance.length > 0 && (
        <section className={styles.section} aria-labelledby="insurance-heading">
          <h2 id="insurance-heading" className={styles.sectionTitle}>
            Flexible insurance
          </h2>
          <InsuranceSection orderId={detail.order.id} products={booking.insurance} onClaimed={onReload} />
        </section>
      )}

      {booking.refund && (booking.refund.refunds.length > 0 || (booking.refund.quotable && !readOnly) || booking.refund.changeOfJourneySource) && (
        <section className={styles.section} aria-labelledby="refund-heading">
          <h2 id="refund-heading" className={styles.sectionTitle}>
            Refund
          </h2>
          <RefundStatus summary={booking.refund} names={names} />
          {!readOnly && (booking.refund.quotable || booking.refund.changeOfJourneySource) && (
            <RefundEntry
              orderId={detail.order.id}
              bookingId={booking.id}
              from="detail"
              guest={mode === 'orderToken'}
              changeOfJourneySource={booking.refund.changeOfJourneySource}
            />
          )}
        </section>
      )}

      {!readOnly && (
        <div className={styles.section}>
          <BookingActions
            bookingId={booking.id}
            orderId={detail.order.id}
            guest={mode === 'orderToken'}
            email={detail.order.email}
            delivery={{ id: booking.delivery.id, method: booking.delivery.method }}
            upcoming={isUpcoming(booking)}
            checkedIn={booking.checkedIn}
            onTicketReady={onTicketReady}
          />
        </div>
      )}
    </>
  );
}

function ChangeabilityNote({ snapshot, season }: { snapshot: SnapshotFrom<typeof bookingDetailMachine>; season: boolean }) {
  const answer = snapshot.context.changeability;
  let text: string;
  if (snapshot.matches({ loaded: 'checkingChangeability' })) text = 'Checking whether this journey can be changed…';
  else if (snapshot.matches({ loaded: 'changeabilityKnown' }) && answer) {
    text = answer.changeable
      ? season
        ? 'You can change this season ticket while it is valid. A fare difference and a fee may apply.'
        : 'You can change this journey before it departs. A fare difference and a fee may apply.'
      : ((answer.reason && changeabilityReasons[answer.reason]) ?? notChangeableFallback);
  } else if (snapshot.matches('reloading')) text = '';
  else text = "We couldn't check whether this journey can be changed right now.";
  return (
    <p className={styles.note} role="status" aria-live="polite">
      {text && <strong>Change of journey: </strong>}
      {text}
    </p>
  );
}
