import { Link, useNavigate } from '@tanstack/react-router';
import { useMachine, useSelector } from '@xstate/react';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { bookingDetailMachine } from '#machines/booking-detail';
import { editPassengersMachine, editPassengersMessages } from '#machines/edit-passengers';
import { bookingApi } from '#src/api/booking';
import { schemaMismatchMessage } from '#src/api/errors';
import { formatMoney } from '#src/i18n/format';
import type { Booking, BookingDetailResponse } from '#src/schemas/booking';
import { useConnection, useServices } from '#src/services';
import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import { Loading, Page } from '#src/ui/page';
import { BookingActions } from '../booking-actions';
import { delayRepaySummaries } from '../claims/claim-copy';
import { InsuranceSection } from '../claims/insurance-section';
import { RefundEntry } from '../refunds/refund-quote';
import { RefundStatus } from '../refunds/refund-status';
import * as styles from './booking-detail.css';
import { EditPassengerDialog } from './edit-passenger-dialog';
import {
  bookingTitle,
  changeabilityReasons,
  deliveryLabels,
  directionLabels,
  isCheckInOpen,
  isUpcoming,
  notChangeableFallback,
  passengerName,
  ukDate,
  ukDateTime,
} from '../booking-format';
import { SeasonRenewals } from '../season-renewal';
import { AddToAccount } from './add-to-account';
import { LegCard } from './leg-card';
import { AddToCalendar } from './add-to-calendar';
import { IssuedTicket } from './issued-ticket';
import { VatReceipt } from './vat-receipt';
import { ticketCancelled } from '#src/documents/ticket-facts';
import { NeedsConnection } from '../needs-connection';
import { m } from '#src/paraglide/messages.js';
import { journeyName } from '../journey-name';
import { bookingLifecycle, LifecycleNote } from '../booking-lifecycle';
import { LiveRegion } from '#src/ui/live-region';

/**
 * account: /bookings/{id}; orderToken: /order-token/{id} (guest, token sent as ?token=);
 * guestView: /bookings/{id}/guest, a signed-in customer looking at a guest order placed with their
 * email, read-only until it is added to the account (docs/decisions/021-guest-order-seen-by-its-customer.md).
 */
export type BookingScreenMode = 'account' | 'orderToken' | 'guestView';

export function BookingDetailScreen({ bookingId, mode }: { bookingId: string; mode: BookingScreenMode }) {
  const { api, locale } = useServices();
  const navigate = useNavigate();
  const booking = useMemo(() => bookingApi(api), [api]);
  const [liveSnapshot, send, detailRef] = useMachine(
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
  // The booking that arrives renders at low priority, in slices the browser can interrupt: an
  // actor's change re-renders at once, and the whole detail in one go was a long task on a slow
  // phone (issue 11: total blocking time). Until that render is done the screen shows the state
  // before it; the machine itself, which decides what any event does, is never behind.
  const snapshot = useDeferredValue(liveSnapshot);
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
        <Page title={bookingTitle(current, locale.tag)} intro={m.booking_detail_screen_order({ friendlyOrderId: detail.order.friendlyOrderId })}>
          {snapshot.matches('reloading') && <Loading label={m.booking_detail_screen_updating_your_booking()} />}
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
            passengerLabel={editing ? m.booking_detail_screen_currently({ name: passengerName(editing) }) : ''}
          />
        </Page>
      );
    }
  }
  if (snapshot.matches('error') || snapshot.matches('schemaError')) {
    return (
      <Page title={m.booking_detail_screen_booking_details()}>
        <Alert tone="error" title={m.booking_detail_screen_we_couldnt_load_this_booking()}>
          <p>
            {snapshot.matches('schemaError')
              ? schemaMismatchMessage
              : m.booking_detail_screen_please_try_again_if_you()}
          </p>
        </Alert>
        <Button onClick={() => send({ type: 'booking.retry' })}>{m.common_try_again()}</Button>
      </Page>
    );
  }
  if (snapshot.matches('movedToHistory')) {
    return (
      <Page title={m.booking_detail_screen_booking_details()}>
        <Loading label={m.booking_detail_screen_this_booking_has_changed_opening()} />
      </Page>
    );
  }
  return (
    <Page title={m.booking_detail_screen_booking_details()}>
      <Loading label={m.booking_detail_screen_loading_your_booking()} />
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
  const { locale, pageData, authActor, api } = useServices();
  const readOnly = mode === 'guestView';
  // A signed-in customer on a guest booking opened with its email link or Find a booking: offer to add
  // it to the account (with the token that opened it), unless the order names another email.
  const accountEmail = useSelector(authActor, (s) => (s.context.user?.status === 'AUTHORISED' ? (s.context.user.email ?? null) : null));
  const orderEmail = detail.order.email ?? null;
  const addToAccountToken =
    mode === 'orderToken' && accountEmail !== null && (orderEmail === null || orderEmail.toLowerCase() === accountEmail.toLowerCase()) ? api.orderToken : null;
  // Offline (decision 250): what needs the server stays visible, disabled, with the reason.
  const { offline } = useConnection();
  // Passenger assistance screens are for the account's own bookings (behind their flag).
  const assistanceOn = mode === 'account' && pageData.features['enable-passenger-assistance'] && !booking.isSeasonBooking;
  const money = (amount: number, currency: string) => formatMoney(amount, currency, locale.tag);
  const names = new Map(booking.passengers.map((p) => [p.id, passengerName(p)]));
  const delivery = booking.delivery;
  const others = detail.bookings.filter((b) => b.id !== booking.id);
  // The booking's lifecycle (decision 320): only the actions its state allows are offered, and the
  // withdrawn ones are named under the state's sentence ("Refunded on 27 Nov: tickets cancelled").
  const lifecycle = bookingLifecycle(booking, detail.order, locale.tag);
  // The issued ticket (decision 350), unless the booking was refunded, replaced or its tickets cancelled.
  const ticket = delivery?.issuedTicket && !ticketCancelled(booking, detail.order) && !lifecycle.ticketsCancelled ? delivery.issuedTicket : null;
  // Issued while this page was open: the ticket's heading takes the focus from the button that asked for it.
  const [hadTicket] = useState(ticket !== null);
  const may = lifecycle.allowed;
  const upcoming = isUpcoming(booking);
  const renamable = booking.passengers.some((p) => p.alterable) && !readOnly;
  const claimedInsurance = (booking.insurance ?? []).some((p) => p.claim !== null);
  const onDemandOffered = delivery !== null && pageData.features['on-demand-tickets'] && (delivery.method === 'mobile' || delivery.method === 'print-at-home');
  // "Cancel and refund" without the refund summary (an API with the spec's fields only): offered on a
  // booking that is not past, and the quote decides (issue 34).
  const refundOffered = !readOnly && (booking.refund ? booking.refund.quotable : upcoming) && may('refund.full');
  const withdrawn = [
    // A change-of-journey source keeps its entry, which checks the change's status instead of quoting (spec section 4).
    !readOnly && booking.tickets.length > 0 && !may('refund.full') && booking.refund?.changeOfJourneySource !== true && m.refund_entry_cancel_and_refund(),
    onDemandOffered && !readOnly && !may('ticket.issue') && m.booking_actions_on_demand_ticket_get_ticket_now(),
    upcoming && !readOnly && !booking.checkedIn && !may('checkIn.open') && m.booking_actions_check_in(),
    renamable && !may('passenger.rename') && m.booking_detail_screen_change_name(),
    (booking.insurance ?? []).length > 0 && !claimedInsurance && !readOnly && !may('insurance.claim') && m.claims_insurance_section_claim_on_your_insurance(),
    booking.delayRepay?.status === 'eligible' && !may('delayRepay.claim') && m.booking_detail_screen_claim_delay_repay(),
    assistanceOn && upcoming && !may('assistance.book') && m.common_passenger_assistance(),
    delivery !== null && !readOnly && !may('email.resend') && m.booking_actions_resend_booking_email(),
  ].filter((label) => label !== false);
  // Fees charged with the booking besides its fares (the receipt's fee lines), in the booking's currency.
  const paidFees = booking.fees.filter((f) => f.amount.currencyCode === booking.price.currencyCode);
  const newBookingId = booking.refund?.changeOfJourneyNewBookingId ?? null;
  const newBookingLink =
    lifecycle.state === 'changed' && newBookingId ? (
      mode === 'orderToken' ? (
        <Link to="/order-token/$bookingId" params={{ bookingId: newBookingId }}>{m.booking_detail_screen_lifecycle_open_new_booking()}</Link>
      ) : (
        <Link to="/bookings/$bookingId" params={{ bookingId: newBookingId }}>{m.booking_detail_screen_lifecycle_open_new_booking()}</Link>
      )
    ) : undefined;
  const historyLink =
    mode === 'orderToken' ? (
      <Link to="/order-token/$bookingId/history" params={{ bookingId: booking.id }}>{m.booking_detail_screen_view_booking_history()}</Link>
    ) : (
      <Link to="/bookings/$bookingId/history" params={{ bookingId: booking.id }}>{m.booking_detail_screen_view_booking_history()}</Link>
    );
  return (
    <>
      <LifecycleNote lifecycle={lifecycle} withdrawn={withdrawn} next={newBookingLink} />
      {addToAccountToken && <AddToAccount guestToken={addToAccountToken} />}
      {readOnly && (
        <Alert tone="info" title={m.booking_detail_screen_booked_as_a_guest()}>
          <p>{m.booking_detail_screen_you_bought_this_booking_without()}</p>
        </Alert>
      )}

      <section className={styles.section} aria-labelledby="journey-heading">
        <h2 id="journey-heading" className={styles.sectionTitle}>{m.booking_detail_screen_your_journey()}</h2>
        {booking.season ? (
          <dl className={styles.facts}>
            <dt>{m.booking_detail_screen_season_ticket()}</dt>
            <dd>{journeyName(booking.outward, locale.tag)}</dd>
            <dt>{m.common_valid()}</dt>
            <dd>{m.booking_detail_screen_date_range({ date: ukDate(booking.season.validFrom, locale.tag), date2: ukDate(booking.season.validUntil, locale.tag) })}</dd>
          </dl>
        ) : (
          <div className={styles.legs}>
            <LegCard leg={booking.outward} heading={m.common_outward()} />
            {booking.inward && <LegCard leg={booking.inward} heading={m.common_return()} />}
          </div>
        )}
        <ChangeabilityNote snapshot={snapshot} season={booking.season !== null} />
        {/* A cancelled booking still exports, as a cancelled event, so a calendar that has the journey drops it (decision 190). */}
        {(may('calendar.add') || lifecycle.ticketsCancelled) && <AddToCalendar booking={booking} reference={detail.order.friendlyOrderId} mode={mode} />}
      </section>
      {/* The season ticket's automatic renewal and its card (decision 440): the account's own seasons. */}
      {booking.season && mode === 'account' && <SeasonRenewals bookingId={booking.id} />}

      {/* Passengers and tickets are not in every API's answer (decision 230): absent, no section. */}
      {booking.passengers.length > 0 && (
        <section className={styles.section} aria-labelledby="passengers-heading">
          <h2 id="passengers-heading" className={styles.sectionTitle}>{m.booking_detail_screen_passengers()}</h2>
          <ul className={styles.list}>
            {booking.passengers.map((p) => (
              <li key={p.id} className={styles.row}>
                <span className={styles.rowMain}>
                  <strong>{passengerName(p)}</strong>
                  <br />
                  <span className={styles.meta}>
                    {p.type === 'child' ? m.booking_detail_screen_child() : m.booking_detail_screen_adult()}
                    {p.railcard ? ` · ${p.railcard.name}` : ''}
                  </span>
                </span>
                {p.alterable && !readOnly && may('passenger.rename') && (
                  <Button
                    tone="secondary"
                    onClick={() => onEditPassenger(p)}
                    disabled={offline}
                    aria-describedby={offline ? 'passengers-offline' : undefined}
                    aria-label={m.booking_detail_screen_change_name_of({ name: passengerName(p) })}
                  >{m.booking_detail_screen_change_name()}</Button>
                )}
              </li>
            ))}
          </ul>
          {offline && renamable && may('passenger.rename') && <NeedsConnection id="passengers-offline" />}
          {assistanceOn && may('assistance.book') && (
            <p className={styles.note}>
              <Link to="/bookings/$bookingId/passenger-assistance" params={{ bookingId: booking.id }}>{m.common_passenger_assistance()}</Link>
              {' '}
              <span className={styles.meta}>{m.booking_detail_screen_book_help_at_the_station()}</span>
            </p>
          )}
        </section>
      )}

      {(booking.tickets.length > 0 || booking.price.amount !== null) && (
        <section className={styles.section} aria-labelledby="tickets-heading">
          <h2 id="tickets-heading" className={styles.sectionTitle}>{m.booking_detail_screen_tickets_and_price()}</h2>
          <ul className={styles.list}>
            {booking.tickets.map((t) => (
              <li key={t.id} className={styles.row}>
                <span className={styles.rowMain}>
                  <strong>{t.type}</strong> · {t.fareClass === 'first' ? m.booking_detail_screen_first_class() : m.booking_detail_screen_standard_class()}
                  <br />
                  <span className={styles.meta}>
                    {directionLabels[t.direction]} · {t.passengerIds.map((id) => names.get(id) ?? m.common_passenger()).join(', ')}
                  </span>
                </span>
                <span>{money(t.price.amount, t.price.currencyCode)}</span>
              </li>
            ))}
            {/* The fees the VAT receipt lists (local-server extra), so the lines add up to the total paid. */}
            {paidFees.map((fee, i) => (
              <li key={`fee-${i}`} className={styles.row}>
                <span className={styles.rowMain}>{fee.kind === 'card-fee' ? m.booking_detail_vat_receipt_card_fee() : m.booking_detail_vat_receipt_booking_fee()}</span>
                <span>{money(fee.amount.amount, fee.amount.currencyCode)}</span>
              </li>
            ))}
          </ul>
          {booking.price.amount !== null && (
            <p>{m.booking_detail_screen_total_paid()}{' '}<span className={styles.total}>{money(totalPaid(booking.price.amount, paidFees), booking.price.currencyCode)}</span>
            </p>
          )}
        </section>
      )}

      {ticket && <IssuedTicket booking={booking} order={detail.order} ticket={ticket} focusOnShow={!hadTicket} />}

      <section className={styles.section} aria-labelledby="delivery-heading">
        <h2 id="delivery-heading" className={styles.sectionTitle}>{m.booking_detail_screen_delivery_and_order()}</h2>
        <dl className={styles.facts}>
          {/* Delivery is not in every API's answer (decision 230): without it, no delivery rows. */}
          {delivery && (
            <>
              <dt>{m.booking_detail_screen_delivery()}</dt>
              <dd>
                {deliveryLabels[delivery.method]}
                {delivery.method === 'mobile' && delivery.activated ? ` ${m.booking_detail_screen_activated()}` : ''}
              </dd>
              {delivery.collectionReference && (
                <>
                  <dt>{m.booking_detail_screen_collection_reference()}</dt>
                  <dd>{delivery.collectionReference}</dd>
                </>
              )}
              {/* An issued ticket has its own section above ("Your ticket"). */}
            </>
          )}
          <dt>{m.booking_detail_screen_order_reference()}</dt>
          <dd>{detail.order.friendlyOrderId}</dd>
          {detail.order.createdAt && (
            <>
              <dt>{m.booking_detail_screen_ordered_on()}</dt>
              <dd>{ukDateTime(detail.order.createdAt, locale.tag)}</dd>
            </>
          )}
          {detail.order.email && (
            <>
              <dt>{m.booking_detail_screen_confirmation_sent_to()}</dt>
              <dd>{detail.order.email}</dd>
            </>
          )}
        </dl>
        <p>{historyLink}</p>
        {/* Offline, the kept booking has no refunds or fees (decision 250): no receipt from it. */}
        {!offline && (booking.tickets.length > 0 || booking.fees.length > 0) && <VatReceipt detail={detail} />}
        {others.length > 0 && (
          <>
            <h3 className={styles.legHeading}>{m.booking_detail_screen_other_journeys_in_this_order()}</h3>
            <ul>
              {others.map((b) => (
                <li key={b.id}>
                  {mode === 'orderToken' ? (
                    <Link to="/order-token/$bookingId" params={{ bookingId: b.id }}>
                      {bookingTitle(b, locale.tag)}, {ukDate(b.outward.date, locale.tag)}
                    </Link>
                  ) : (
                    <Link to={mode === 'guestView' ? '/bookings/$bookingId/guest' : '/bookings/$bookingId'} params={{ bookingId: b.id }}>
                      {bookingTitle(b, locale.tag)}, {ukDate(b.outward.date, locale.tag)}
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
          <h2 id="delay-repay-heading" className={styles.sectionTitle}>{m.booking_detail_screen_delay_repay()}</h2>
          <p>{m.booking_detail_screen_this_train_arrived_late()}{' '}{delayRepaySummaries[booking.delayRepay.status]}</p>
          {offline ? (
            <NeedsConnection id="delay-repay-offline" />
          ) : (
            <p>
              {booking.delayRepay.status !== 'eligible' ? (
                <Link to="/bookings/claim/$claimId" params={{ claimId: booking.delayRepay.claimId }}>{m.booking_detail_screen_view_your_delay_repay_claim()}</Link>
              ) : may('delayRepay.claim') ? (
                <Link to="/bookings/claim/$claimId" params={{ claimId: booking.delayRepay.claimId }}>{m.booking_detail_screen_claim_delay_repay()}</Link>
              ) : (
                lifecycle.sentence
              )}
            </p>
          )}
        </section>
      )}

      {!readOnly && booking.insurance && booking.insurance.length > 0 && (claimedInsurance || may('insurance.claim')) && (
        <section className={styles.section} aria-labelledby="insurance-heading">
          <h2 id="insurance-heading" className={styles.sectionTitle}>{m.booking_detail_screen_flexible_insurance()}</h2>
          <InsuranceSection orderId={detail.order.id} products={booking.insurance} onClaimed={onReload} />
        </section>
      )}

      {((booking.refund && (booking.refund.refunds.length > 0 || booking.refund.changeOfJourneySource)) || refundOffered) && (
        <section className={styles.section} aria-labelledby="refund-heading">
          <h2 id="refund-heading" className={styles.sectionTitle}>{m.common_refund()}</h2>
          {booking.refund && <RefundStatus summary={booking.refund} names={names} />}
          {!readOnly && (refundOffered || booking.refund?.changeOfJourneySource === true) && (
            <RefundEntry
              orderId={detail.order.id}
              bookingId={booking.id}
              from="detail"
              guest={mode === 'orderToken'}
              changeOfJourneySource={booking.refund?.changeOfJourneySource ?? false}
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
            delivery={delivery ? { id: delivery.id, method: delivery.method } : null}
            upcoming={upcoming}
            checkInOpen={isCheckInOpen(booking)}
            checkedIn={booking.checkedIn}
            ticketSettled={Boolean(delivery?.issuedTicket) || ticketCancelled(booking, detail.order)}
            allows={may}
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
  if (snapshot.matches({ loaded: 'checkingChangeability' })) text = m.booking_detail_screen_checking_whether_this_journey_can();
  else if (snapshot.matches({ loaded: 'changeabilityKnown' }) && answer) {
    text = answer.changeable
      ? season
        ? m.booking_detail_screen_you_can_change_this_season()
        : m.booking_detail_screen_you_can_change_this_journey()
      : ((answer.reason && changeabilityReasons[answer.reason]) ?? notChangeableFallback);
  } else if (snapshot.matches('reloading')) text = '';
  else text = m.booking_detail_screen_we_couldnt_check_whether_this();
  return (
    <LiveRegion as="p" className={styles.changeNote}>
      {text && <strong>{m.booking_detail_screen_change_of_journey()}{' '}</strong>}
      {text}
    </LiveRegion>
  );
}

/** Fares and fees in pence, so "Total paid" is the VAT receipt's total to the penny. */
const totalPaid = (fares: number, fees: readonly { amount: { amount: number } }[]) =>
  (Math.round(fares * 100) + fees.reduce((sum, f) => sum + Math.round(f.amount.amount * 100), 0)) / 100;
