import { useEffect, useId } from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { claimFormErrors, type ClaimFormField, type delayRepayMachine } from '#machines/delay-repay';
import { paymentTypes, type Claim, type Direction } from '#src/schemas/delay-repay';
import { useServices } from '#src/services';
import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import { bindField } from '#src/ui/field-binding';
import { shownErrors } from '#src/ui/form-state';
import { SubmitHint } from '#src/ui/submit-hint';
import { ErrorSummary, useSubmitAttempts, withRefusal } from '#src/ui/error-summary';
import { Loading } from '#src/ui/page';
import { RadioGroup } from '#src/ui/radio-group';
import { TextField } from '#src/ui/text-field';
import { ukDateTime } from '../booking-format';
import { CheckAgain } from '../check-again';
import { useLostAnswerPhase } from '../lost-answer';
import { claimFormWords, estimateSteps, journeyLabel, paymentLabels, submitErrorWords } from './delay-repay-copy';
import * as styles from './delay-repay.css';
import { m } from '#src/paraglide/messages.js';

/**
 * A Delay Repay claim still to be sent (the chart's loaded.editing, submitting and submitFailed
 * states; while submitting, the attempt's phase: sent, checked, or unconfirmed): the estimate and
 * the claim form.
 */

export type Snapshot = SnapshotFrom<typeof delayRepayMachine>;
export type Send = ActorRefFrom<typeof delayRepayMachine>['send'];

const directionNames: Record<Direction, string> = {
  outward: m.delay_repay_screen_outward(),
  inward: m.common_return_journey(),
};

/** The estimate of what the customer gets, and how it was worked out. */
export function ClaimEstimate({
  estimate,
  operator,
  money,
}: {
  estimate: NonNullable<Claim['estimate']>;
  operator: string;
  money: (n: number) => string;
}) {
  return (
    <section className={styles.estimate} aria-labelledby="estimate-heading">
      <h2 id="estimate-heading" className={styles.sectionTitle}>
        {m.delay_repay_screen_your_estimated_compensation()}
      </h2>
      <p className={styles.estimateAmount}>{money(estimate.toCustomer)}</p>
      <p className={styles.muted}>{m.delay_repay_screen_how_we_worked_it_out()}</p>
      <ol className={styles.steps}>
        {estimateSteps(estimate, operator, money).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ol>
      <p className={styles.muted}>{m.delay_repay_screen_makes_the_final_decision_from({ operator })}</p>
    </section>
  );
}

/** The form's questions in order, and each one's input name. */
const claimFieldOrder: readonly ClaimFormField[] = ['direction', 'delay', 'paymentType', 'sortCode', 'accountNumber'];
const claimFieldNames: Record<ClaimFormField, string> = {
  direction: 'journey',
  delay: 'delay',
  paymentType: 'paymentType',
  sortCode: 'sortCode',
  accountNumber: 'accountNumber',
};

export function ClaimForm({ snapshot, send, claim }: { snapshot: Snapshot; send: Send; claim: Claim }) {
  const { locale } = useServices();
  const { values, touched, dirty, submitAttempted, submitError, draftRestored } = snapshot.context;
  // While the outcome of a sent claim is being checked, or is unknown, the form cannot send another.
  const phase = useLostAnswerPhase(snapshot.children.submitClaim);
  const checking = phase === 'checking';
  const unconfirmed = phase === 'unconfirmed';
  const submitting = snapshot.matches({ loaded: 'submitting' });
  const issues = claimFormErrors(values);
  const errors = Object.fromEntries(
    Object.entries(issues).map(([f, issue]) => [f, claimFormWords[issue]()]),
  ) as Partial<Record<ClaimFormField, string>>;
  const canSubmit = dirty && Object.keys(errors).length === 0 && !submitting;
  // A question answered (a radio chosen) counts as passed, so a field skipped before it shows its error.
  const visible = shownErrors({ touched, submitAttempted }, claimFieldOrder, errors, {
    direction: values.direction !== '',
    paymentType: values.paymentType !== '',
  });
  const { attempt, onRefused } = useSubmitAttempts(() => send({ type: 'form.submit' }));
  const ids = { problem: useId(), hint: useId(), direction: useId(), payment: useId() };
  // The server's 422 is about the delay (under the operator's threshold): the field says so too
  // and takes the focus, so the customer lands where the change is needed.
  // An earlier refusal no longer says anything about this claim while its outcome is checked.
  const shownError = checking || unconfirmed ? null : submitError;
  const delayRefused = shownError?.status === 422;
  const refusal = shownError ? submitErrorWords(shownError, claim) : null;
  // A 400 naming a field (a return journey chosen on a single): its reason is that field's error,
  // listed in the error summary, until the customer changes the field; the spec's sentence stays above.
  const onField = shownError?.field && refusal?.detail ? { field: shownError.field, text: refusal.detail } : null;
  const fieldRefusal = onField?.text ?? null;
  const shown = withRefusal(visible, onField ? [onField.field] : [], fieldRefusal);
  const field = (name: ClaimFormField) => bindField(send, name, values[name], shown[name]);
  useEffect(() => {
    if (delayRefused) document.querySelector<HTMLInputElement>('input[name="delay"]')?.focus();
  }, [delayRefused]);
  // The radio groups take the binding's change and error; they send no blur, as before.
  const directionField = field('direction');
  const paymentField = field('paymentType');
  // Without the claim's journeys (a local-server extra) the customer says which was late, the
  // return's included: a claim for a late return would otherwise have no journey to name, and the
  // train company's records refuse the wrong one with their reason (decision 873).
  const journeys: { direction: Direction; label: string | null }[] = claim.journeys?.length
    ? claim.journeys.map((j) => ({
        direction: j.direction,
        label: journeyLabel(j, ukDateTime(j.departureTime, locale.tag)),
      }))
    : [
        { direction: 'outward', label: null },
        { direction: 'inward', label: null },
      ];

  return (
    <section className={styles.section} aria-labelledby="claim-form-heading">
      <h2 id="claim-form-heading" className={styles.sectionTitle}>
        {m.delay_repay_screen_send_your_claim()}
      </h2>
      {draftRestored && <Alert tone="info">{m.delay_repay_draft_restored()}</Alert>}
      {refusal && (
        <Alert tone="error" title={refusal.title} id={ids.problem}>
          {refusal.detail && !fieldRefusal && <p>{refusal.detail}</p>}
        </Alert>
      )}
      {checking && <Loading label={m.delay_repay_checking()} />}
      {unconfirmed && (
        <Alert tone="info">
          <p>{m.delay_repay_unconfirmed()}</p>
          <CheckAgain onCheck={() => send({ type: 'claim.check' })} />
        </Alert>
      )}
      <form
        className={styles.form}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: 'form.submit' });
        }}
      >
        <ErrorSummary
          attempt={attempt}
          errors={Object.fromEntries(claimFieldOrder.map((f) => [claimFieldNames[f], shown[f]]))}
          refusal={fieldRefusal}
        />
        {/* While the claim is sent or checked the radios are aria-disabled and ignore changes, not
            disabled: a disabled radio drops the focus to the page (decision 371, as Button does). */}
        <RadioGroup
          name="journey"
          legend={m.delay_repay_screen_which_journey_was_delayed()}
          required
          readOnly={submitting}
          errorId={ids.direction}
          value={values.direction}
          error={directionField.error}
          onChange={directionField.onValueChange}
          options={journeys.map((j) => ({
            value: j.direction,
            label: j.label ? `${directionNames[j.direction]}: ${j.label}` : directionNames[j.direction],
          }))}
        />
        <TextField
          label={m.delay_repay_screen_how_many_minutes_late_did()}
          name="delay"
          inputMode="numeric"
          autoComplete="off"
          maxLength={3}
          hint={
            claim.delayMinutes !== undefined
              ? m.delay_repay_screen_the_train_companys_records_show({ delayMinutes: claim.delayMinutes })
              : m.delay_repay_screen_in_whole_minutes_at_your()
          }
          readOnly={submitting}
          required
          problemId={delayRefused ? ids.problem : undefined}
          {...field('delay')}
        />
        <RadioGroup
          name="paymentType"
          legend={m.delay_repay_screen_how_would_you_like_to()}
          required
          readOnly={submitting}
          errorId={ids.payment}
          value={values.paymentType}
          error={paymentField.error}
          onChange={paymentField.onValueChange}
          options={paymentTypes.map((type) => ({ value: type, label: paymentLabels[type] }))}
        />
        {values.paymentType === 'bank-transfer' && <BankDetails field={field} submitting={submitting} />}
        <div className={styles.actions}>
          <Button
            type="submit"
            disabled={!canSubmit}
            busy={submitting && !unconfirmed}
            busyLabel={checking ? m.delay_repay_checking() : m.delay_repay_screen_sending_your_claim()}
            aria-describedby={ids.hint}
            onRefused={onRefused}
          >
            {m.delay_repay_screen_send_claim()}
          </Button>
          <SubmitHint
            id={ids.hint}
            fields={claimFieldOrder.filter((f) => errors[f]).map((f) => claimFieldNames[f])}
            active={!canSubmit && !submitting}
          />
        </div>
      </form>
    </section>
  );
}

type Binding = ReturnType<typeof bindField>;

function BankDetails({ field, submitting }: { field: (name: ClaimFormField) => Binding; submitting: boolean }) {
  return (
    <>
      <TextField
        label={m.delay_repay_screen_sort_code()}
        name="sortCode"
        inputMode="numeric"
        autoComplete="off"
        maxLength={8}
        hint={m.delay_repay_screen_6_digits_for_example_40_12_34()}
        readOnly={submitting}
        required
        {...field('sortCode')}
      />
      <TextField
        label={m.delay_repay_screen_account_number()}
        name="accountNumber"
        inputMode="numeric"
        autoComplete="off"
        maxLength={10}
        hint={m.delay_repay_screen_8_digits()}
        readOnly={submitting}
        required
        {...field('accountNumber')}
      />
    </>
  );
}
