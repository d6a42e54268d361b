import { Link, useNavigate } from '@tanstack/react-router';
import { tooManyAttemptsMessage } from '#src/copy/throttle';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { findBookingStatusMessages } from '#src/copy/find-booking';
import { findBookingValidators, type FindBookingField } from '#src/schemas/find-booking';
import { useServices } from '#src/services';
import { formView } from '#src/ui/form-state';
import { Alert } from '#src/ui/alert';
import { Page } from '#src/ui/page';
import { TextField } from '#src/ui/text-field';
import * as formStyles from '#src/ui/form.css';
import { bindField } from '#src/ui/field-binding';
import { SubmitActions } from '#src/ui/submit-actions';
import { ErrorSummary, useSubmitAttempts } from '#src/ui/error-summary';
import { m } from '#src/paraglide/messages.js';
import { findBookingFlow } from './find-booking.flow';

const fields: { field: FindBookingField; label: string; type: string; autoComplete: string; hint?: string }[] = [
  {
    field: 'bookingReference',
    label: m.find_booking_page_booking_reference(),
    type: 'text',
    autoComplete: 'off',
    hint: m.find_booking_page_hint(),
  },
  {
    field: 'departureDate',
    label: m.find_booking_page_departure_date(),
    type: 'date',
    autoComplete: 'off',
    hint: m.find_booking_page_date_hint(),
  },
  {
    field: 'passengerSurname',
    label: m.find_booking_page_passengers_surname(),
    type: 'text',
    autoComplete: 'family-name',
  },
  {
    field: 'emailAddress',
    label: m.common_email_address(),
    type: 'email',
    autoComplete: 'email',
    hint: m.find_booking_page_email_hint(),
  },
];

/**
 * /find-booking (public): find a booking by its reference, departure date, a passenger's surname and
 * the email it was made with; on success the order exchange token opens it on /order-token/{bookingId},
 * or the order-token list when the answer carries only the token (docs/product/api.md).
 */
export function FindBookingPage() {
  const services = useServices();
  const navigate = useNavigate();
  const signedIn = useSelector(services.authActor, (s) => s.context.user?.status === 'AUTHORISED');
  const [snapshot, send] = findBookingFlow.useFlow();
  // Found: the booking opens on the order-token page (its token already in memory, find-booking.flow.ts);
  // when the answer is the token alone, the order-token list shows what it may open.
  const found = snapshot.matches('success');
  const foundId = snapshot.context.response?.bookingId ?? null;
  useEffect(() => {
    if (!found) return;
    if (foundId) void navigate({ to: '/order-token/$bookingId', params: { bookingId: foundId } });
    else void navigate({ to: '/order-token' });
  }, [found, foundId, navigate]);
  const submitting = snapshot.matches('requesting');
  const { errors, blocking, canSubmit } = formView(snapshot.context, findBookingValidators, submitting);
  const { attempt, onRefused } = useSubmitAttempts(() => send({ type: 'form.submit' }));
  const form = { canSubmit, submitting, blocking, onRefused };
  return (
    <Page title={m.common_find_a_booking()} narrow intro={m.find_booking_page_made_a_booking_without_signing()}>
      <form
        noValidate
        className={formStyles.form}
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: 'form.submit' });
        }}
      >
        <ErrorSummary attempt={attempt} errors={errors} />
        {snapshot.matches('badRequest') && <Alert tone="error">{findBookingStatusMessages.badRequest}</Alert>}
        {snapshot.matches('notFound') && <Alert tone="error">{findBookingStatusMessages.notFound}</Alert>}
        {snapshot.matches('throttled') && (
          <Alert tone="error">{tooManyAttemptsMessage(snapshot.context.retryAfterSeconds)}</Alert>
        )}
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
            required
            {...bindField(send, f.field, snapshot.context.values[f.field], errors[f.field])}
          />
        ))}
        <SubmitActions
          hintId="find-booking-submit-hint"
          busyLabel={m.find_booking_page_finding_your_booking()}
          form={form}
          beside={!signedIn && <Link to="/login">{m.find_booking_page_sign_in_instead()}</Link>}
        >
          {m.find_booking_page_find_booking()}
        </SubmitActions>
      </form>
    </Page>
  );
}
