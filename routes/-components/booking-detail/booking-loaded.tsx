import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { memo, useCallback, useState } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { bookingDetailMachine } from '#machines/booking-detail';
import { editPassengersMessages } from '#src/copy/edit-passengers';
import { ticketCancelled } from '#src/documents/ticket-facts';
import { m } from '#src/paraglide/messages.js';
import type { Booking, BookingDetailResponse } from '#src/schemas/booking';
import { useServices } from '#src/services';
import { Alert } from '#src/ui/alert';
import { Loading, Page } from '#src/ui/page';
import { BookingActions } from '../booking-actions';
import { bookingTitle, isCheckInOpen, passengerName } from '../booking-format';
import { LifecycleNote } from '../booking-lifecycle';
import { SeasonRenewals } from '../season-renewal';
import { AddToAccount } from './add-to-account';
import * as styles from './booking-detail.css';
import type { BookingScreenMode } from './booking-screen-mode';
import { bookingDetailFlow } from './booking-detail.flow';
import { editPassengersFlow } from './edit-passengers.flow';
import { useBookingOffer } from './booking-offer';
import { JourneyChangedBanner, newBookingLink } from './change-of-journey-links';
import { EditPassengerDialog } from './edit-passenger-dialog';
import { IssuedTicket, WithdrawnTicket } from './issued-ticket';
import { JourneySection } from './journey-section';
import { MoneyBackSections } from './money-back-sections';
import { OrderSection } from './order-section';
import { PassengersSection } from './passengers-section';
import { TicketsSection } from './tickets-section';

/**
 * `loaded` and `reloading`: the booking, with the change-name dialog (machines/edit-passengers.ts).
 * Memoised: the screen re-renders at once on every change of the booking's chart (an answer to
 * the change-of-journey check), but hands this the deferred snapshot (booking-detail-screen.tsx),
 * so the whole booking is drawn again only in the deferred render, in slices, not in the task
 * that took the answer.
 */
export const BookingLoaded = memo(function BookingLoaded({
  booking,
  detail,
  mode,
  snapshot,
}: {
  booking: Booking;
  detail: BookingDetailResponse;
  mode: BookingScreenMode;
  /** The detail flow's snapshot as the screen renders it (deferred: booking-detail-screen.tsx). */
  snapshot: SnapshotFrom<typeof bookingDetailMachine>;
}) {
  const { locale } = useServices();
  // The screen's two flows (booking-detail-screen.tsx provides them): the name dialog's, read here,
  // and the booking's, reloaded after an insurance claim or once an on-demand ticket is issued.
  const edit = editPassengersFlow.useSelector((s) => s);
  const sendEdit = editPassengersFlow.useActorRef().send;
  const detailRef = bookingDetailFlow.useActorRef();
  const onReload = useCallback(() => detailRef.send({ type: 'booking.reload' }), [detailRef]);
  const editing = detail.bookings.flatMap((b) => b.passengers).find((p) => p.id === edit.context.passengerId);
  return (
    <Page
      title={bookingTitle(booking, locale.tag)}
      intro={m.booking_detail_screen_order({ friendlyOrderId: detail.order.friendlyOrderId })}
    >
      {snapshot.matches('reloading') && <Loading label={m.booking_detail_screen_updating_your_booking()} />}
      {edit.context.saved && edit.matches('idle') && <Alert tone="success">{editPassengersMessages.saved}</Alert>}
      <BookingBody
        booking={booking}
        detail={detail}
        mode={mode}
        snapshot={snapshot}
        onEditPassenger={(p) =>
          sendEdit({ type: 'passenger.edit', passengerId: p.id, firstName: p.firstName, lastName: p.lastName })
        }
        onReload={onReload}
      />
      <EditPassengerDialog
        snapshot={edit}
        send={sendEdit}
        passengerLabel={editing ? m.booking_detail_screen_currently({ name: passengerName(editing) }) : ''}
      />
    </Page>
  );
});

/** The booking's sections, each offering what the booking's lifecycle allows (./booking-offer.ts). */
function BookingBody({
  booking,
  detail,
  mode,
  snapshot,
  onEditPassenger,
  onReload,
}: {
  booking: Booking;
  detail: BookingDetailResponse;
  mode: BookingScreenMode;
  snapshot: SnapshotFrom<typeof bookingDetailMachine>;
  onEditPassenger: (p: Booking['passengers'][number]) => void;
  onReload: () => void;
}) {
  const { authActor, api } = useServices();
  const offer = useBookingOffer(booking, detail, mode);
  const { readOnly, lifecycle, ticket } = offer;
  // A signed-in customer on a guest booking opened with its email link or Find a booking: offer to add
  // it to the account (with the token that opened it), unless the order names another email.
  const accountEmail = useSelector(authActor, (s) =>
    s.context.user?.status === 'AUTHORISED' ? (s.context.user.email ?? null) : null,
  );
  const orderEmail = detail.order.email ?? null;
  const addToAccountToken =
    mode === 'orderToken' &&
    accountEmail !== null &&
    (orderEmail === null || orderEmail.toLowerCase() === accountEmail.toLowerCase())
      ? api.orderToken
      : null;
  // Issued while this page was open: the ticket's heading takes the focus from the button that asked for it.
  const [hadTicket] = useState(ticket !== null);
  const delivery = booking.delivery;
  return (
    <>
      <LifecycleNote
        lifecycle={lifecycle}
        withdrawn={offer.withdrawn}
        next={newBookingLink(booking, lifecycle, mode)}
      />
      <JourneyChangedBanner booking={booking} mode={mode} />
      {addToAccountToken && <AddToAccount guestToken={addToAccountToken} />}
      {offer.signInToManage && (
        <Alert tone="info" title={m.booking_detail_sign_in_to_manage_title()}>
          <p>{m.booking_detail_sign_in_to_manage_text()}</p>
          <p>
            <Link to="/login" search={{ redirect: `/bookings/${booking.id}` }}>
              {m.booking_detail_sign_in_to_manage_link()}
            </Link>
          </p>
        </Alert>
      )}
      {readOnly && !offer.signInToManage && (
        <Alert tone="info" title={m.booking_detail_screen_booked_as_a_guest()}>
          <p>{m.booking_detail_screen_you_bought_this_booking_without()}</p>
        </Alert>
      )}
      <JourneySection booking={booking} detail={detail} mode={mode} snapshot={snapshot} offer={offer} />
      {/* The season ticket's automatic renewal and its card (decision 440): the account's own seasons. */}
      {booking.season && mode === 'account' && <SeasonRenewals bookingId={booking.id} />}
      {/* Passengers and tickets are not in every API's answer (decision 230): absent, no section. */}
      {booking.passengers.length > 0 && (
        <PassengersSection booking={booking} offer={offer} onEditPassenger={onEditPassenger} />
      )}
      {(booking.tickets.length > 0 || booking.price.amount !== null) && <TicketsSection booking={booking} />}
      {ticket && <IssuedTicket booking={booking} order={detail.order} ticket={ticket} focusOnShow={!hadTicket} />}
      {offer.withdrawnTicket && <WithdrawnTicket reference={offer.withdrawnTicket} />}
      <OrderSection booking={booking} detail={detail} mode={mode} />
      <MoneyBackSections booking={booking} detail={detail} mode={mode} offer={offer} onReload={onReload} />
      {!readOnly && (
        <section className={styles.section} aria-labelledby="manage-heading">
          <h2 id="manage-heading" className={styles.sectionTitle}>
            {m.booking_detail_screen_manage_this_booking()}
          </h2>
          <BookingActions
            bookingId={booking.id}
            orderId={detail.order.id}
            guest={mode === 'orderToken'}
            email={detail.order.email}
            delivery={delivery ? { id: delivery.id, method: delivery.method } : null}
            upcoming={offer.upcoming}
            checkInOpen={isCheckInOpen(booking)}
            checkedIn={booking.checkedIn}
            ticketSettled={Boolean(delivery?.issuedTicket) || ticketCancelled(booking, detail.order)}
            allows={offer.may}
            onTicketReady={onReload}
          />
        </section>
      )}
    </>
  );
}
