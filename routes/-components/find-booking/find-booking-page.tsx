import { Link, useNavigate } from '@tanstack/react-router';
import { useMachine, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { findBookingMachine, findBookingStatusMessages } from '#machines/find-booking';
import { findBookingApi } from '#src/api/find-booking';
import { findBookingValidators, type FindBookingField } from '#src/schemas/find-booking';
import { useServices } from '#src/services';
import { formView } from '#src/ui/form-state';
import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import { Page } from '#src/ui/page';
import { TextField } from '#src/ui/text-field';
import * as formStyles from '#src/ui/form.css';
import { bindField } from '#src/ui/field-binding';

const fields: { field: FindBookingField; label: string; type: string; autoComplete: string; hint?: string }[] = [
  { field: 'bookingReference', label: 'Booking reference', type: 'text', autoComplete: 'off', hint: 'In your confirmation email, e.g. TL-7Q4K2M' },
  { field: 'departureDate', label: 'Departure date', type: 'date', autoComplete: 'off', hint: 'The date of the outward journey' },
  { field: 'passengerSurname', label: "Passenger's surname", type: 'text', autoComplete: 'family-name' },
  { field: 'emailAddress', label: 'Email address', type: 'email', autoComplete: 'email', hint: 'The address the booking was made with' },
];

/**
 * /find-booking (public): find a booking by its reference, departure date, a passenger's surname and
 * the email it was made with; on success the order exchange token opens it on /order-token/{bookingId},
 * or the order-token list when the answer carries only the token (spec section 7).
 */
export function FindBookingPage() {
  const services = useServices();
  const navigate = useNavigate();
  const signedIn = useSelector(services.authActor, (s) => s.context.user?.status === 'AUTHORISED');
  const [snapshot, send] = useMachine(
    findBookingMachine.provide({
      actors: { findBooking: fromPromise(({ input }) => findBookingApi(services.api).findBooking(input)) },
      actions: {
        openBooking: (_, { orderExchangeToken, bookingId }) => {
          // The token goes into memory, never the URL; the order-token layout takes it from there.
          services.hashToken.put(orderExchangeToken);
          // The spec's answer is the token alone: the order-token list shows what it may open.
          if (bookingId) void navigate({ to: '/order-token/$bookingId', params: { bookingId } });
          else void navigate({ to: '/order-token' });
        },
      },
    }),
  );
  const submitting = snapshot.matches('requesting');
  const { errors, canSubmit } = formView(snapshot.context, findBookingValidators, submitting);
  return (
    <Page title="Find a booking" narrow intro="Made a booking without signing in? Find it here to see and manage it.">
      <form
        noValidate
        className={formStyles.form}
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: 'form.submit' });
        }}
      >
        {snapshot.matches('badRequest') && <Alert tone="error">{findBookingStatusMessages.badRequest}</Alert>}
        {snapshot.matches('notFound') && <Alert tone="error">{findBookingStatusMessages.notFound}</Alert>}
        {snapshot.matches('serverError') && <Alert tone="error">{findBookingStatusMessages.serverError}</Alert>}
        {snapshot.matches('success') && <Alert tone="success">{findBookingStatusMessages.success}</Alert>}
        {fields.map((f) => (
          <TextField
            key={f.field}
            label={f.label}
            name={f.field}
            type={f.type}
            autoComplete={f.autoComplete}
            {...(f.hint ? { hint: f.hint } : {})}
            {...bindField(send, f.field, snapshot.context.values[f.field], errors[f.field])}
          />
        ))}
        <div className={formStyles.actions}>
          <Button type="submit" disabled={!canSubmit} busy={submitting} busyLabel="Finding your booking…">
            Find booking
          </Button>
          {!signedIn && <Link to="/login">Sign in instead</Link>}
        </div>
      </form>
    </Page>
  );
}
