import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { memo, useCallback, useDeferredValue, useState, type ReactNode } from 'react';
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
 * Memoised, and given no snapshot of the booking's chart: a move of the chart within `loaded` (the
 * change-of-journey answer) redraws only the parts that read it (journey-section.tsx), and the name
 * dialog's flow only its note and dialog, not the whole booking (docs/decisions/882).
 */
export const BookingLoaded = memo(function BookingLoaded({
  booking,
  detail,
  mode,
  reloading,
}: {
  booking: Booking;
  detail: BookingDetailResponse;
  mode: BookingScreenMode;
  /** The booking is fetched again (`reloading`): its line shows above the booking as it was. */
  reloading: boolean;
}) {
  const { locale } = useServices();
  // The booking's flow (booking-detail-screen.tsx provides it), reloaded after an insurance claim or
  // once an on-demand ticket is issued; the name dialog's flow, asked to open by a passenger's button.
  const sendEdit = editPassengersFlow.useActorRef().send;
  const detailRef = bookingDetailFlow.useActorRef();
  const onReload = useCallback(() => detailRef.send({ type: 'booking.reload' }), [detailRef]);
  const onEditPassenger = useCallback(
    (p: Booking['passengers'][number]) =>
      sendEdit({ type: 'passenger.edit', passengerId: p.id, firstName: p.firstName, lastName: p.lastName }),
    [sendEdit],
  );
  return (
    <Page
      title={bookingTitle(booking, locale.tag)}
      intro={m.booking_detail_screen_order({ friendlyOrderId: detail.order.friendlyOrderId })}
    >
      {reloading && <Loading label={m.booking_detail_screen_updating_your_booking()} />}
      <NameSavedNote />
      <BookingBody
        booking={booking}
        detail={detail}
        mode={mode}
        onEditPassenger={onEditPassenger}
        onReload={onReload}
      />
      <NameDialog detail={detail} />
    </Page>
  );
});

/** A passenger's new name was saved: the name flow's note (its only reader above the booking). */
function NameSavedNote() {
  const saved = editPassengersFlow.useSelector((s) => s.context.saved && s.matches('idle'));
  return saved ? <Alert tone="success">{editPassengersMessages.saved}</Alert> : null;
}

/** The change-name dialog, redrawn with its flow (each key typed) without the booking around it. */
function NameDialog({ detail }: { detail: BookingDetailResponse }) {
  const edit = editPassengersFlow.useSelector((s) => s);
  const sendEdit = editPassengersFlow.useActorRef().send;
  const editing = detail.bookings.flatMap((b) => b.passengers).find((p) => p.id === edit.context.passengerId);
  return (
    <EditPassengerDialog
      snapshot={edit}
      send={sendEdit}
      passengerLabel={editing ? m.booking_detail_screen_currently({ name: passengerName(editing) }) : ''}
    />
  );
}

/** The booking's sections, each offering what the booking's lifecycle allows (./booking-offer.ts). */
function BookingBody({
  booking,
  detail,
  mode,
  onEditPassenger,
  onReload,
}: {
  booking: Booking;
  detail: BookingDetailResponse;
  mode: BookingScreenMode;
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
      <JourneySection booking={booking} detail={detail} mode={mode} offer={offer} />
      <AfterTheFirstScreen>
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
      </AfterTheFirstScreen>
    </>
  );
}

/**
 * What follows the journey, below a phone's first screen: the booking's first render draws the
 * heading, the notes and the journey (the largest paint, decision 870), and this follows in a second,
 * low-priority render that React slices and the browser can interrupt, so the booking's first draw
 * is not one long task (docs/decisions/882). Only this part renders again then, and only content
 * after what is painted is added: nothing on the screen moves.
 */
function AfterTheFirstScreen({ children }: { children: ReactNode }) {
  const shown = useDeferredValue(true, false);
  return shown ? children : null;
}
