import { useEffect, useRef } from 'react';
import type { EventFrom } from 'xstate';
import { selectedRefundables, type partialRefundMachine } from '#machines/partial-refund';
import { partialRefundMessages } from '#src/copy/partial-refund';
import { formatList, formatMoney } from '#src/i18n/format';
import { assistanceKindNames } from '#src/schemas/passenger-assistance';
import type { Direction, PartialRefundsResponse, RefundReason } from '#src/schemas/refunds';
import { useServices } from '#src/services';
import { Alert } from '#src/ui/alert';
import { CheckboxField } from '#src/ui/checkbox-field';
import { Loading } from '#src/ui/page';
import { ineligibilityCopy } from './refund-copy';
import * as styles from './refunds.css';
import { partialRefundFlow } from './partial-refund.flow';
import { passengerNumbers, unnamedPassenger } from './passenger-numbers';
import { rich } from '#src/i18n/rich';
import { m } from '#src/paraglide/messages.js';

/** A kind of help in the page's words (the call sends its code); a code this app does not know, as sent. */
const kindNames: Partial<Record<string, string>> = assistanceKindNames;

export interface PartialRefundPanelProps {
  bookingId: string;
  data: PartialRefundsResponse;
  refundReason: RefundReason;
  names: ReadonlyMap<string, string>;
  /** Each tick, at once: the refund page quotes exactly these tickets (the selection is the refund). */
  onSelect: (refundables: string[]) => void;
}

const directionTitle: Record<Direction, string> = {
  outward: m.refunds_partial_refund_panel_outward(),
  inward: m.common_return_journey(),
};

/** Tick passengers per direction (partialRefundMachine): what is ticked is the refund, quoted at each tick. */
export function PartialRefundPanel({ bookingId, data, refundReason, names, onSelect }: PartialRefundPanelProps) {
  const { locale } = useServices();
  const [snapshot, send] = partialRefundFlow.useFlow({
    input: { orderId: data.orderId, bookingId, booking: data.booking, refundReason },
  });
  // Each tick tells the refund page at once (the selection is the refund); the opening one is its own.
  const selection = snapshot.context.selection;
  const told = useRef(selection);
  useEffect(() => {
    if (told.current === selection) return;
    told.current = selection;
    onSelect(selectedRefundables(selection));
  }, [selection, onSelect]);
  const c = snapshot.context;
  if (snapshot.matches('unavailable')) {
    return <p>{m.refunds_partial_refund_panel_only_the_whole_booking_can()}</p>;
  }
  if (snapshot.matches('loadingAssistances'))
    return <Loading label={m.refunds_partial_refund_panel_loading_passengers()} />;
  const booking = c.booking;
  const directions: Direction[] = booking.inward ? ['outward', 'inward'] : ['outward'];
  const numbers = passengerNumbers(booking);
  const nameOf = (p: {
    passengerId?: string | undefined;
    firstName?: string | undefined;
    lastName?: string | undefined;
    refundableId?: string | null | undefined;
  }) =>
    p.firstName
      ? `${p.firstName} ${p.lastName ?? ''}`.trim()
      : (p.passengerId && names.get(p.passengerId)) || unnamedPassenger(numbers, p.refundableId);
  return (
    <div>
      <p className={styles.hint}>{m.refund_screen_tick_passengers_hint()}</p>
      {booking.sameFare && booking.journeyFare && (
        <p>{m.refunds_partial_refund_panel_these_are_tickets_refunding_a({ journeyFare: booking.journeyFare })}</p>
      )}
      <div className={styles.directions}>
        {directions.map((direction) =>
          directionFieldset({ direction, booking, selection: c.selection, nameOf, locale: locale.tag, send }),
        )}
      </div>
      <p>
        {rich(m.refunds_partial_refund_panel_well_email_the_refund_confirmation, {
          email: <strong>{booking.recipient.email}</strong>,
        })}
      </p>
      {c.assistances.length > 0 && (
        <Alert tone="info" title={m.refunds_partial_refund_panel_passenger_assistance_on_this_booking()}>
          <ul className={styles.plainList}>
            {c.assistances.map((a, i) => (
              <li key={a.id ?? i}>
                {(a.passengerId && names.get(a.passengerId)) || m.common_passenger()}
                {a.direction ? `, ${a.direction === 'outward' ? m.common_outward() : m.common_return()}` : ''}
                {a.kinds?.length
                  ? `: ${formatList(
                      a.kinds.map((k) => kindNames[k] ?? k),
                      locale.tag,
                    )}`
                  : ''}
              </li>
            ))}
          </ul>
          <p>{partialRefundMessages.assistanceWarning}</p>
        </Alert>
      )}
      {c.assistancesFailed && <p className={styles.hint}>{partialRefundMessages.assistancesFailed}</p>}
    </div>
  );
}

/** One direction's passengers (or all of them, for one fare both ways): a tick for each refundable ticket, a note for the others. */
function directionFieldset({
  direction,
  booking,
  selection,
  nameOf,
  locale,
  send,
}: {
  direction: Direction;
  booking: PartialRefundsResponse['booking'];
  selection: Record<Direction, readonly string[]>;
  nameOf: (p: {
    passengerId?: string | undefined;
    firstName?: string | undefined;
    lastName?: string | undefined;
    refundableId?: string | null | undefined;
  }) => string;
  locale: string;
  send: (event: EventFrom<typeof partialRefundMachine>) => void;
}) {
  const journey = booking[direction];
  if (!journey || (booking.sameFare && direction === 'inward')) return null;
  return (
    <fieldset key={direction} className={styles.fieldset}>
      <legend className={styles.legend}>
        {booking.sameFare ? m.refunds_partial_refund_panel_passengers() : directionTitle[direction]}
        {journey.origin && journey.destination
          ? m.refunds_partial_refund_panel_to({ origin: journey.origin, destination: journey.destination })
          : ''}
      </legend>
      {journey.fares.flatMap((fare, fi) =>
        fare.farePassengers.map((p, pi) => {
          const id = `pr-${direction}-${fi}-${pi}`;
          const price = p.price ? ` · ${formatMoney(p.price.amount, p.price.currencyCode, locale)}` : '';
          const label = `${nameOf(p)}${fare.name ? `, ${fare.name}` : ''}${price}`;
          if (!p.isRefundable || !p.refundableId) {
            return (
              <p key={id} className={styles.hint}>
                {label}
                {m.refunds_partial_refund_panel_cant_be_refunded()}
                {p.reasonCode ? ` (${ineligibilityCopy[p.reasonCode].title})` : ''}
              </p>
            );
          }
          const refundableId = p.refundableId;
          return (
            <CheckboxField
              key={id}
              id={id}
              label={label}
              checked={selection[direction].includes(refundableId)}
              onCheckedChange={() =>
                send({
                  type: 'selection.toggle',
                  direction,
                  refundableId,
                })
              }
            />
          );
        }),
      )}
    </fieldset>
  );
}
