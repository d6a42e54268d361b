import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import type { FirstData } from '#machines/lib/first-data';
import { personalDetailsValidators, type PersonalDetailsDraft } from '#machines/personal-details';
import { personalDetailsMessages } from '#src/copy/personal-details';
import type { PersonalDetails } from '#src/schemas/customer-profile';
import { useServices } from '#src/services';
import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import { formView } from '#src/ui/form-state';
import * as formStyles from '#src/ui/form.css';
import { Loading } from '#src/ui/page';
import { TextField } from '#src/ui/text-field';
import { SubmitHint } from '#src/ui/submit-hint';
import { ErrorSummary, useSubmitAttempts, withRefusal } from '#src/ui/error-summary';
import { CheckboxField } from '#src/ui/checkbox-field';
import * as styles from './personal-details.css';
import { bindField } from '#src/ui/field-binding';
import { personalDetailsCopy } from './personal-details-copy';
import { personalDetailsDraftKey, personalDetailsFlow } from './personal-details.flow';
import { rich } from '#src/i18n/rich';
import { m } from '#src/paraglide/messages.js';

/** The personal details screen body: load, edit and save the account holder's names. */
export function PersonalDetailsForm({ first }: { first?: FirstData<PersonalDetails> | undefined } = {}) {
  const { authActor, pageData, drafts } = useServices();
  // A draft belongs to the account signed in when the customer pressed save, and is shown only to it.
  const [initialDraft] = useState(() =>
    drafts.peek(personalDetailsDraftKey, authActor.getSnapshot().context.user?.id ?? null),
  );
  // Read-only here: the machine drops the draft once it is on screen. The details its route loaded
  // (docs/decisions/730), else the chart fetches them.
  const [snapshot, send] = personalDetailsFlow.useFlow({
    input: { draft: initialDraft as PersonalDetailsDraft | null, first },
  });
  const { attempt, onRefused } = useSubmitAttempts(() => send({ type: 'form.submit' }));
  const changeEmailOn = pageData.features['change-email'];
  const passengersOn = pageData.features['passengers-and-railcards'];

  if (snapshot.hasTag('loading')) return <Loading label={m.personal_details_form_loading_your_personal_details()} />;
  if (snapshot.matches('loadFailed')) {
    return (
      <div>
        <Alert tone="error">{personalDetailsMessages.fetchFailed}</Alert>
        <Button tone="secondary" onClick={() => send({ type: 'details.retry' })}>
          {m.common_try_again()}
        </Button>
      </div>
    );
  }

  const saving = snapshot.matches('saving');
  const view = formView(snapshot.context, personalDetailsValidators, saving);
  const { blocking, canSubmit } = view;
  // A save refused about one name is that field's error (decision 670).
  const { refusal } = snapshot.context;
  const refusalMessage = refusal ? personalDetailsMessages.refusal(refusal) : null;
  const errors = withRefusal(view.errors, refusal ? [refusal.field] : [], refusalMessage);
  const { values, email, shouldUpdatePassenger, savedOnce, dirty, updateFailed, passengerUpdateFailed, draftRestored } =
    snapshot.context;
  const saved = savedOnce && !dirty && !saving;
  return (
    <form
      noValidate
      className={formStyles.form}
      aria-label={m.common_personal_details()}
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'form.submit' });
      }}
    >
      <ErrorSummary attempt={attempt} errors={errors} refusal={refusalMessage} />
      {draftRestored && <Alert tone="info">{personalDetailsCopy.draftRestored}</Alert>}
      {updateFailed && <Alert tone="error">{personalDetailsMessages.updateFailed}</Alert>}
      {passengerUpdateFailed && (
        <Alert tone="info" title={m.personal_details_form_passenger_details_not_updated()}>
          <span>
            {personalDetailsMessages.passengerUpdateFailedLead}{' '}
            <Link to="/passengers-and-railcards">{m.common_passengers_and_railcards()}</Link>.
          </span>
        </Alert>
      )}
      <p role="status" className="visually-hidden">
        {saved ? m.personal_details_form_your_personal_details_have_been() : ''}
      </p>
      <TextField
        label={m.common_first_name()}
        name="firstName"
        autoComplete="given-name"
        required
        readOnly={saving}
        {...bindField(send, 'firstName', values.firstName, errors.firstName)}
      />
      <TextField
        label={m.common_last_name()}
        name="lastName"
        autoComplete="family-name"
        required
        readOnly={saving}
        {...bindField(send, 'lastName', values.lastName, errors.lastName)}
      />
      {changeEmailOn ? (
        <p className={styles.note}>
          {rich(m.personal_details_form_to_change_your_email_address, {
            link: <Link to="/account-controls">{m.common_account_controls()}</Link>,
          })}
        </p>
      ) : (
        <TextField
          label={m.common_email_address()}
          name="email"
          type="email"
          disabled
          value={email}
          onValueChange={() => {}}
          hint={personalDetailsMessages.emailCannotChange}
        />
      )}
      {passengersOn && (
        <CheckboxField
          id="should-update-passenger"
          label={m.personal_details_form_also_update_my_passenger_and()}
          checked={shouldUpdatePassenger}
          disabled={saving}
          onCheckedChange={(checked) => send({ type: 'form.toggleUpdatePassenger', checked })}
        />
      )}
      <div className={formStyles.actions}>
        <Button
          type="submit"
          disabled={!canSubmit}
          busy={saving}
          busyLabel={m.common_saving()}
          aria-describedby="personal-details-submit-hint"
          onRefused={onRefused}
        >
          {saved ? m.personal_details_form_saved() : m.personal_details_form_save_changes()}
        </Button>
        {/* Not after a save: "Saved!" on the button and the status above say why it is disabled. */}
        <SubmitHint id="personal-details-submit-hint" fields={blocking} active={!canSubmit && !saving && !saved} />
      </div>
    </form>
  );
}
