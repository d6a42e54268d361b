import { useSelector } from '@xstate/react';
import { useId, type FormEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import { cardFormView, type refundCardFormMachine } from '#machines/refund-card-form';
import { cardFormMessages } from '#src/copy/refund-card-form';
import { cardErrors, cardFields, type CardField } from '#src/schemas/card-form';
import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import { bindField } from '#src/ui/field-binding';
import { TextField } from '#src/ui/text-field';
import { shownErrors } from '#src/ui/form-state';
import { SubmitHint } from '#src/ui/submit-hint';
import { ErrorSummary, useSubmitAttempts, withRefusal } from '#src/ui/error-summary';
import { StepHeading } from './step-heading';
import * as styles from './refunds.css';
import { m } from '#src/paraglide/messages.js';

/**
 * The new card for a refund (refundCardFormMachine, a child of the refund page's machine). The
 * values stay in that actor while the form is open; autocomplete hints let the browser fill them.
 */
export function CardForm({
  actor,
  onCancel,
  title = m.refunds_card_form_card_for_your_refund(),
  submitLabel = m.refunds_card_form_use_this_card_and_refund(),
  numberRefusal = null,
}: {
  actor: ActorRefFrom<typeof refundCardFormMachine>;
  onCancel: () => void;
  /** The form's heading and its submit button: a refund's by default, a payment's for a change of journey. */
  title?: string;
  submitLabel?: string;
  /**
   * Why the last card entered was refused (a declined new card): about the card number, so that
   * field is marked and described by it and the summary links to it (decision 670).
   */
  numberRefusal?: string | null;
}) {
  const snapshot = useSelector(actor, (s) => s);
  const submitting = snapshot.matches('tokenising');
  const { canSubmit } = cardFormView(snapshot.context, submitting);
  const { values, tokeniseError, refusal, today } = snapshot.context;
  // In the form's order: a field's error shows once the customer went past it (src/ui/form-state.ts).
  const allErrors = cardErrors(values, today);
  // The card service's refusal about the number or the expiry (this card), else the declined card's.
  const ownRefusal = refusal ? cardFormMessages.refusal(refusal) : null;
  const errors = withRefusal(
    withRefusal(shownErrors(snapshot.context, cardFields, allErrors), refusal ? [refusal.field] : [], ownRefusal),
    ['number'],
    numberRefusal,
  );
  const { attempt, onRefused } = useSubmitAttempts(() => actor.send({ type: 'form.submit' }));
  const hintId = useId();
  const field = (name: CardField) => ({
    name,
    required: true,
    ...bindField(actor.send, name, values[name], errors[name]),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'form.submit' });
  };
  return (
    <form onSubmit={submit} noValidate aria-labelledby="card-form-title">
      <StepHeading id="card-form-title" level={3} className={styles.groupTitle}>
        {title}
      </StepHeading>
      <ErrorSummary attempt={attempt} errors={errors} refusal={ownRefusal ?? numberRefusal} headingLevel={4} />
      {tokeniseError !== null && (
        <Alert tone="error">{tokeniseError === true ? cardFormMessages.tokeniseFailed : tokeniseError}</Alert>
      )}
      <TextField
        label={m.refunds_card_form_card_number()}
        inputMode="numeric"
        autoComplete="cc-number"
        maxLength={23}
        {...field('number')}
      />
      <div className={styles.cardGrid}>
        <TextField
          label={m.refunds_card_form_expiry_date()}
          hint={m.refunds_card_form_expiry_hint()}
          autoComplete="cc-exp"
          inputMode="numeric"
          maxLength={7}
          {...field('expiry')}
        />
        <TextField
          label={m.refunds_card_form_security_code_cvc()}
          hint={m.refunds_card_form_3_or_4_digits_on()}
          autoComplete="cc-csc"
          inputMode="numeric"
          maxLength={4}
          {...field('cvc')}
        />
      </div>
      <TextField label={m.refunds_card_form_name_on_card()} autoComplete="cc-name" maxLength={60} {...field('name')} />
      <div className={styles.actions}>
        <Button
          type="submit"
          disabled={!canSubmit}
          busy={submitting}
          busyLabel={m.refunds_card_form_checking_your_card()}
          aria-describedby={hintId}
          onRefused={onRefused}
        >
          {submitLabel}
        </Button>
        <Button tone="secondary" onClick={onCancel} disabled={submitting}>
          {m.common_cancel()}
        </Button>
        <SubmitHint
          id={hintId}
          fields={cardFields.filter((name) => allErrors[name])}
          active={!canSubmit && !submitting}
        />
      </div>
    </form>
  );
}
