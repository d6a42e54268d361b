import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import { passengerAssistanceFormMessages } from '#src/copy/passenger-assistance-form';
import { schemaMismatchMessage } from '#src/api/errors';
import type { FirstData } from '#machines/lib/first-data';
import { newKeySeed } from '#src/api/idempotency';
import {
  assistanceDetailsMax,
  assistanceFormErrors,
  assistanceKindHints,
  assistanceKindNames,
  assistanceKinds,
  isCancelled,
  legOf,
  passengerNameOf,
  type AssistanceField,
  type AssistanceOverview,
} from '#src/schemas/passenger-assistance';
import { useServices } from '#src/services';
import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import { bindField } from '#src/ui/field-binding';
import { FieldError } from '#src/ui/field-error';
import { shownErrors } from '#src/ui/form-state';
import { SubmitHint } from '#src/ui/submit-hint';
import { ErrorSummary, useSubmitAttempts, withRefusal } from '#src/ui/error-summary';
import * as fieldStyles from '#src/ui/field.css';
import * as formStyles from '#src/ui/form.css';
import { LoadError } from '#src/ui/load-error';
import { Loading, Page } from '#src/ui/page';
import { CheckAgain } from '../check-again';
import { useLostAnswerPhase } from '../lost-answer';
import { directionNames, legText } from './assistance-summary';
import { passengerAssistanceFormFlow } from './passenger-assistance-form.flow';
import * as styles from './assistance.css';
import { ContactDetails } from '../contact-details';
import { ukTime } from '../booking-format';
import { INVALID_CHARACTERS } from '#machines/lib/field-refusal';
import { fieldRefusalText } from '#src/copy/field-refusal';
import { m } from '#src/paraglide/messages.js';

/** The form's questions in order (each one's input name is the field's). */
const assistanceFieldOrder: readonly AssistanceField[] = ['passengerId', 'direction', 'kinds', 'details'];

/**
 * /bookings/{bookingId}/passenger-assistance/create: who, which journey, what help. `first`: what
 * its route loaded (docs/decisions/730); without it the chart loads the booking.
 */
export function AssistanceRequestPage({
  bookingId,
  first,
}: {
  bookingId: string;
  first?: FirstData<AssistanceOverview> | null | undefined;
}) {
  const { locale } = useServices();
  const navigate = useNavigate();
  const id = useId();
  const [keySeed] = useState(newKeySeed);
  const [snapshot, send] = passengerAssistanceFormFlow.useFlow({ input: { bookingId, keySeed, first } });
  const done = snapshot.status === 'done';
  const bookedId = snapshot.context.booked?.id ?? null;
  useEffect(() => {
    if (done && bookedId) {
      void navigate({
        to: '/bookings/$bookingId/passenger-assistance/$id',
        params: { bookingId, id: bookedId },
        state: { assistanceNotice: 'booked' },
      });
    }
  }, [done, bookedId, bookingId, navigate]);

  const { booking, assistances, values, touched, submitAttempted, dirty, submitError, schemaError } = snapshot.context;
  const existing = assistances.find(
    (a) => !isCancelled(a) && a.passengerId === values.passengerId && a.direction === values.direction,
  );
  // While the outcome of a sent request is being checked, or is unknown, the form cannot send another.
  // The submit's attempt: sent, checked after a lost answer, or unconfirmed (Check again).
  const phase = useLostAnswerPhase(snapshot.children.createAssistance);
  const checking = phase === 'checking';
  const unconfirmed = phase === 'unconfirmed';
  const submitting = snapshot.matches('submitting') && !unconfirmed;
  const allErrors = booking ? assistanceFormErrors(values, booking) : {};
  // The journey the refused request was for: the values as they were when the refusal came.
  const [refusedAt, setRefusedAt] = useState({
    error: submitError,
    direction: values.direction,
    details: values.details,
  });
  if (refusedAt.error !== submitError)
    setRefusedAt({ error: submitError, direction: values.direction, details: values.details });
  // TOO_LATE in the page's words, from the leg the form knows (the server's sentence is English). It
  // is about the journey chosen: tied to that question (decision 670) until another journey is chosen.
  const lateLeg =
    submitError?.code === 'TOO_LATE' && booking
      ? legOf(booking, refusedAt.direction === 'inward' ? 'inward' : 'outward')
      : null;
  const tooLate =
    lateLeg && values.direction === refusedAt.direction
      ? m.passenger_assistance_too_late({ time: ukTime(lateLeg.departureTime, locale.tag), station: lateLeg.origin })
      : null;
  // The server's text rule refused an invisible character: the details are the one text the request
  // carries (server/api/passenger-assistance.ts), so it is that field's, worded by its code (decision
  // 883), until the details are changed. Any other refusal stays the form's message above it.
  const refusedDetails = submitError?.code === INVALID_CHARACTERS;
  const detailsRefusal =
    refusedDetails && values.details === refusedAt.details
      ? fieldRefusalText({ field: 'details', code: INVALID_CHARACTERS, message: null }, {}, () =>
          m.form_passenger_assistance_details_control_character(),
        )
      : null;
  // A question answered (the radio and checkbox groups send no blur) counts as passed: a group
  // skipped before it shows its error.
  const visible = withRefusal(
    withRefusal(
      shownErrors({ touched, submitAttempted }, assistanceFieldOrder, allErrors, {
        passengerId: values.passengerId !== '',
        direction: values.direction !== '',
        kinds: values.kinds.length > 0,
      }),
      ['direction'],
      tooLate,
    ),
    ['details'],
    detailsRefusal,
  );
  const { attempt, onRefused } = useSubmitAttempts(() => send({ type: 'form.submit' }));
  const shown = (field: AssistanceField) => visible[field];
  const canSubmit = dirty && Object.keys(allErrors).length === 0 && !submitting && !done;
  // The kit's binding for the one-value fields; the kinds of help are a checkbox group (form.toggleKind).
  const passengerField = bindField(send, 'passengerId', values.passengerId, shown('passengerId'));
  const directionField = bindField(send, 'direction', values.direction, shown('direction'));
  const detailsField = bindField(send, 'details', values.details, shown('details'));
  const errorId = (field: AssistanceField) => `${id}-${field}-error`;
  const describedBy = (field: AssistanceField, extra?: string) =>
    [extra, shown(field) ? errorId(field) : undefined].filter(Boolean).join(' ') || undefined;

  return (
    <Page title={m.passenger_assistance_assistance_request_page_request_passenger_assistance()} narrow>
      <BackToAssistance bookingId={bookingId} />
      {snapshot.matches('loading') && <RequestLoadingWords />}
      {snapshot.matches('loadFailed') && (
        <LoadError
          message={schemaError ? schemaMismatchMessage : passengerAssistanceFormMessages.loadError}
          onRetry={() => send({ type: 'assistance.retry' })}
        />
      )}
      {snapshot.matches('notFound') && <Alert tone="error">{passengerAssistanceFormMessages.notFound}</Alert>}
      {snapshot.matches('notBookable') && (
        <Alert tone="info">
          {booking?.stationsUnknown && booking.legs.length === 0
            ? m.passenger_assistance_stations_unknown()
            : passengerAssistanceFormMessages.notBookable}
          {booking?.stationsUnknown && booking.legs.length === 0 && <ContactDetails />}
        </Alert>
      )}

      {booking && (snapshot.matches('editing') || submitting || unconfirmed || done) && (
        <form
          noValidate
          className={formStyles.form}
          aria-label={m.passenger_assistance_assistance_request_page_request_passenger_assistance()}
          onSubmit={(e) => {
            e.preventDefault();
            send({ type: 'form.submit' });
          }}
        >
          <ErrorSummary attempt={attempt} errors={visible} refusal={tooLate ?? detailsRefusal} />
          <p>{m.passenger_assistance_assistance_request_page_please_book_at_least_2()}</p>
          {submitError && !lateLeg && !refusedDetails && (
            <Alert
              tone="error"
              title={m.passenger_assistance_assistance_request_page_we_couldnt_book_this_assistance()}
            >
              <p>{submitError.detail ?? passengerAssistanceFormMessages.submitError}</p>
            </Alert>
          )}
          {unconfirmed && (
            <Alert tone="info">
              <p>{passengerAssistanceFormMessages.unconfirmed}</p>
              <CheckAgain onCheck={() => send({ type: 'assistance.check' })} />
            </Alert>
          )}

          <fieldset
            className={styles.fieldset}
            aria-invalid={shown('passengerId') ? true : undefined}
            aria-describedby={describedBy('passengerId')}
          >
            <legend className={styles.legend}>
              {m.passenger_assistance_assistance_request_page_who_needs_assistance()}
            </legend>
            {booking.passengers.map((p) => (
              <label key={p.id} className={styles.choice}>
                <input
                  id={`${id}-passengerId-${p.id}`}
                  type="radio"
                  name="passengerId"
                  required
                  className={styles.control}
                  value={p.id}
                  checked={passengerField.value === p.id}
                  onChange={() => passengerField.onValueChange(p.id)}
                  onBlur={passengerField.onBlur}
                />
                {p.name}
              </label>
            ))}
            <FieldError id={errorId('passengerId')} error={passengerField.error} />
          </fieldset>

          <fieldset
            className={styles.fieldset}
            aria-invalid={shown('direction') ? true : undefined}
            aria-describedby={describedBy('direction')}
          >
            <legend className={styles.legend}>{m.passenger_assistance_assistance_request_page_which_journey()}</legend>
            {booking.legs.map((leg) => (
              <label key={leg.direction} className={styles.choice}>
                <input
                  id={`${id}-direction-${leg.direction}`}
                  type="radio"
                  name="direction"
                  required
                  className={styles.control}
                  value={leg.direction}
                  checked={directionField.value === leg.direction}
                  onChange={() => directionField.onValueChange(leg.direction)}
                  onBlur={directionField.onBlur}
                />
                <span>
                  {directionNames[leg.direction]}: {legText(leg, locale.tag)}
                </span>
              </label>
            ))}
            <FieldError id={errorId('direction')} error={directionField.error} />
          </fieldset>

          <fieldset className={styles.fieldset} aria-describedby={describedBy('kinds')}>
            <legend className={styles.legend}>
              {m.passenger_assistance_assistance_request_page_what_help_do_you_need()}
            </legend>
            {assistanceKinds.map((kind) => (
              <label key={kind} className={styles.choice}>
                <input
                  id={`${id}-kinds-${kind}`}
                  type="checkbox"
                  name="kinds"
                  className={styles.control}
                  value={kind}
                  checked={values.kinds.includes(kind)}
                  onChange={(e) => send({ type: 'form.toggleKind', kind, checked: e.target.checked })}
                  aria-invalid={shown('kinds') ? true : undefined}
                />
                <span className={styles.choiceText}>
                  {assistanceKindNames[kind]}
                  <span className={styles.choiceHint}>{assistanceKindHints[kind]}</span>
                </span>
              </label>
            ))}
            <FieldError id={errorId('kinds')} error={shown('kinds')} />
          </fieldset>

          <div className={fieldStyles.field}>
            <label className={fieldStyles.label} htmlFor={`${id}-details`}>
              {m.passenger_assistance_assistance_request_page_anything_staff_should_know_optional()}
            </label>
            <span id={`${id}-details-hint`} className={fieldStyles.hint}>
              {m.passenger_assistance_assistance_request_page_for_example_the_kind_of({ max: assistanceDetailsMax })}
            </span>
            <textarea
              id={`${id}-details`}
              name="details"
              className={styles.textarea}
              value={detailsField.value}
              onChange={(e) => detailsField.onValueChange(e.target.value)}
              onBlur={detailsField.onBlur}
              aria-invalid={detailsField.error ? true : undefined}
              aria-describedby={describedBy('details', `${id}-details-hint`)}
            />
            <FieldError id={errorId('details')} error={detailsField.error} />
          </div>

          {existing && booking && (
            <Alert tone="info">
              <p>
                {m.passenger_assistance_assistance_request_page_already_has({
                  name: passengerNameOf(booking, existing),
                  kinds: existing.kinds.map((k) => assistanceKindNames[k]).join(', '),
                })}
              </p>
              <Link to="/bookings/$bookingId/passenger-assistance/$id" params={{ bookingId, id: existing.id }}>
                {m.passenger_assistance_assistance_request_page_view_the_booked_assistance()}
              </Link>
            </Alert>
          )}

          <div className={formStyles.actions}>
            <Button
              type="submit"
              disabled={!canSubmit || unconfirmed}
              busy={submitting}
              busyLabel={
                checking
                  ? passengerAssistanceFormMessages.checking
                  : m.passenger_assistance_assistance_request_page_booking()
              }
              aria-describedby={`${id}-submit-hint`}
              onRefused={onRefused}
            >
              {m.passenger_assistance_assistance_request_page_book_assistance()}
            </Button>
            <Link to="/bookings/$bookingId/passenger-assistance" params={{ bookingId }} activeOptions={{ exact: true }}>
              {m.common_cancel()}
            </Link>
            <SubmitHint
              id={`${id}-submit-hint`}
              fields={assistanceFieldOrder.filter((f) => allErrors[f])}
              active={!canSubmit && !submitting && !done && !unconfirmed}
            />
          </div>
        </form>
      )}
    </Page>
  );
}

function BackToAssistance({ bookingId }: { bookingId: string }) {
  return (
    <p>
      <Link to="/bookings/$bookingId/passenger-assistance" params={{ bookingId }} activeOptions={{ exact: true }}>
        {m.common_back_to_passenger_assistance()}
      </Link>
    </p>
  );
}

const RequestLoadingWords = () => (
  <Loading label={m.passenger_assistance_assistance_request_page_loading_your_booking()} />
);

/** While the route loads the booking (its pending state): the page as its chart's loading state shows it. */
export function AssistanceRequestLoading({ bookingId }: { bookingId: string }) {
  return (
    <Page title={m.passenger_assistance_assistance_request_page_request_passenger_assistance()} narrow>
      <BackToAssistance bookingId={bookingId} />
      <RequestLoadingWords />
    </Page>
  );
}
