import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { resetPasswordMessages } from '#src/copy/reset-password';
import { resetPasswordValidators } from '#src/schemas/forms';
import { useServices } from '#src/services';
import { formView } from '#src/ui/form-state';
import { Page, Loading } from '#src/ui/page';
import { TextField } from '#src/ui/text-field';
import { Button } from '#src/ui/button';
import { Alert } from '#src/ui/alert';
import * as formStyles from '#src/ui/form.css';
import { bindField } from '#src/ui/field-binding';
import { SubmitActions } from '#src/ui/submit-actions';
import { ErrorSummary, useSubmitAttempts } from '#src/ui/error-summary';
import { m } from '#src/paraglide/messages.js';
import { resetPasswordFlow } from './reset-password.flow';

/** /reset-password and /migration/reset-password: the token comes in the link's hash and is taken once. */
export function ResetPasswordPage({ migration }: { migration: boolean }) {
  const { hashToken } = useServices();
  const [token] = useState(() => hashToken.take());
  const [snapshot, send] = resetPasswordFlow.useFlow({ input: { token } });
  const submitting = snapshot.matches('submitting');
  const { errors, blocking, canSubmit } = formView(snapshot.context, resetPasswordValidators, submitting);
  const { attempt, onRefused } = useSubmitAttempts(() => send({ type: 'form.submit' }));
  const form = { canSubmit, submitting, blocking, onRefused };
  const title = migration ? m.reset_password_page_set_a_new_password() : m.reset_password_page_choose_a_new_password();
  return (
    <Page title={title} narrow>
      {migration && !snapshot.matches('done') && <p>{m.reset_password_page_weve_upgraded_our_accounts_to()}</p>}
      {(snapshot.matches('starting') || snapshot.matches('validatingToken')) && (
        <Loading label={m.common_checking_your_link()} />
      )}
      {snapshot.matches('checkFailed') && (
        <>
          <Alert tone="error">{resetPasswordMessages.checkFailed}</Alert>
          <Button onClick={() => send({ type: 'token.retry' })}>{m.common_try_again()}</Button>
        </>
      )}
      {snapshot.matches('invalidToken') && (
        <>
          <Alert tone="error">{resetPasswordMessages.invalidToken}</Alert>
          <Link to="/forgot-password">{m.reset_password_page_request_a_new_link()}</Link>
        </>
      )}
      {snapshot.matches('done') && (
        <>
          <Alert tone="success">{resetPasswordMessages.done}</Alert>
          <Link to="/login">{m.reset_password_page_continue_to_sign_in()}</Link>
        </>
      )}
      {(snapshot.matches('editing') || submitting) && (
        <form
          noValidate
          className={formStyles.form}
          onSubmit={(e) => {
            e.preventDefault();
            send({ type: 'form.submit' });
          }}
        >
          <ErrorSummary attempt={attempt} errors={errors} />
          {snapshot.context.failed && <Alert tone="error">{resetPasswordMessages.failed}</Alert>}
          <TextField
            label={m.reset_password_page_new_password()}
            type="password"
            name="newPassword"
            autoComplete="new-password"
            hint={m.common_at_least_8_characters_with_a_letter_and_a_number()}
            required
            {...bindField(send, 'newPassword', snapshot.context.values.newPassword, errors.newPassword)}
          />
          <SubmitActions hintId="reset-password-submit-hint" busyLabel={m.common_saving()} form={form}>
            {m.reset_password_page_save_new_password()}
          </SubmitActions>
        </form>
      )}
    </Page>
  );
}
