import { useNavigate } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { partialRefundMachine, partialRefundMessages, selectedRefundables } from '#machines/partial-refund';
import type { RefundFrom } from '#machines/refund-quote';
import { formatMoney } from '#src/i18n/format';
import type { Direction, PartialRefundsResponse, RefundReason } from '#src/schemas/refunds';
import { useServices } from '#src/services';
import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import { CheckboxField } from '#src/ui/checkbox-field';
import { Loading } from '#src/ui/page';
import { ineligibilityCopy } from './refund-copy';
import * as styles from './refunds.css';
import { useRefundsApi } from './use-refunds-api';

export interface PartialRefundPanelProps {
  bookingId: string;
  data: PartialRefundsResponse;
  refundReason: RefundReason;
  from: RefundFrom;
  guest: boolean;
  names: ReadonlyMap<string, string>;
}

const directionTitle: Record<Direction, string> = {
  outward: 'Outward journey',
  inward: 'Return journey',
};

/** Choose passengers per direction (partialRefundMachine); the quote for the choice opens its refund page. */
export function PartialRefundPanel({ bookingId, data, refundReason, from, guest, names }: PartialRefundPanelProps) {
  const api = useRefundsApi();
  const navigate = useNavigate();
  const { locale } = useServices();
  const [snapshot, send] = useMachine(
    partialRefundMachine.provide({
      actors: {
        fetchAssistances: fromPromise(({ input, signal }) => api.getPassengerAssistances(input.orderId, input.bookingId, signal)),
        fetchQuote: fromPromise(({ input, signal }) => api.getQuote(input, signal)),
      },
      actions: {
        goToRefundPage: ({ context }) => {
          const search = { quoteId: context.quote?.quoteId ?? undefined, from };
          if (guest)
            void navigate({
              to: '/order-token/$bookingId/refund',
              params: { bookingId },
              search,
            });
          else
            void navigate({
              to: '/bookings/$bookingId/refund',
              params: { bookingId },
              search,
            });
        },
      },
    }),
    {
      input: {
        orderId: data.orderId,
        bookingId,
        booking: data.booking,
        refundReason,
      },
    },
  );
  const c = snapshot.context;
  if (snapshot.matches('unavailable')) {
    return <p>Only the whole booking can be refunded: every ticket on it is one fare for all passengers.</p>;
  }
  if (snapshot.matches('loadingAssistances')) return <Loading label="Loading passengers…" />;
  const booking = c.booking;
  const directions: Direction[] = booking.inward ? ['outward', 'inward'] : ['outward'];
  const chosen = selectedRefundables(c.selection);
  const quoting = snapshot.matches('quoting') || snapshot.status === 'done';
  const nameOf = (p: { passengerId: string; firstName?: string | undefined; lastName?: string | undefined }) =>
    p.firstName ? `${p.firstName} ${p.lastName ?? ''}`.trim() : (names.get(p.passengerId) ?? 'Passenger');
  return (
    <div>
      {booking.sameFare && booking.journeyFare && (
        <p>These are {booking.journeyFare} tickets: refunding a passenger refunds both directions of their ticket.</p>
      )}
      <div className={styles.directions}>
        {directions.map((direction) => {
          const journey = booking[direction];
          if (!journey || (booking.sameFare && direction === 'inward')) return null;
          return (
            <fieldset key={direction} className={styles.fieldset}>
              <legend className={styles.legend}>
                {booking.sameFare ? 'Passengers' : directionTitle[direction]}
                {journey.origin && journey.destination ? `: ${journey.origin} to ${journey.destination}` : ''}
              </legend>
              {journey.fares.flatMap((fare, fi) =>
                fare.farePassengers.map((p) => {
                  const id = `pr-${direction}-${fi}-${p.passengerId}`;
                  const price = p.price ? ` · ${formatMoney(p.price.amount, p.price.currencyCode, locale.tag)}` : '';
                  const label = `${nameOf(p)}${fare.name ? `, ${fare.name}` : ''}${price}`;
                  if (!p.isRefundable || !p.refundableId) {
                    return (
                      <p key={id} className={styles.hint}>
                        {label}: can't be refunded
                        {p.reasonCode ? ` (${ineligibilityCopy[p.reasonCode].title.toLowerCase()})` : ''}
                      </p>
                    );
                  }
                  const refundableId = p.refundableId;
                  return (
                    <CheckboxField
                      key={id}
                      id={id}
                      label={label}
                      checked={c.selection[direction].includes(refundableId)}
                      disabled={quoting}
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
        })}
      </div>
      <p>
        We'll email the refund confirmation to <strong>{booking.recipient.email}</strong>.
      </p>
      {c.assistances.length > 0 && (
        <Alert tone="info" title="Passenger assistance on this booking">
          <ul className={styles.plainList}>
            {c.assistances.map((a, i) => (
              <li key={a.id ?? i}>
                {(a.passengerId && names.get(a.passengerId)) || 'Passenger'}
                {a.direction ? `, ${a.direction === 'outward' ? 'outward' : 'return'}` : ''}
                {a.kinds?.length ? `: ${a.kinds.join(', ')}` : ''}
              </li>
            ))}
          </ul>
          <p>{partialRefundMessages.assistanceWarning}</p>
        </Alert>
      )}
      {c.assistancesFailed && <p className={styles.hint}>{partialRefundMessages.assistancesFailed}</p>}
      {c.quoteError !== null && (
        <Alert tone="error">
          <p>{c.quoteError === true ? partialRefundMessages.quoteFailed : c.quoteError}</p>
          <Button tone="secondary" onClick={() => send({ type: 'quote.dismiss' })}>
            Close
          </Button>
        </Alert>
      )}
      {c.hasFirstFareBeenSelected && chosen.length === 0 && (
        <p className={styles.hint}>{partialRefundMessages.nothingSelected}</p>
      )}
      <div className={styles.actions}>
        <Button
          disabled={chosen.length === 0 || quoting}
          busy={quoting}
          busyLabel="Working out the refund…"
          onClick={() => send({ type: 'selection.confirm' })}
        >
          Refund {chosen.length === 1 ? 'this ticket' : 'these tickets'}
        </Button>
      </div>
    </div>
  );
}
