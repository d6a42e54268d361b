import { createFileRoute } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { Page } from '#src/ui/page';
import { useServices } from '#src/services';
import { ChangePasswordForm } from './-components/change-password-form';
import { m } from '#src/paraglide/messages.js';

export const Route = createFileRoute('/_account/change-password')({
  component: ChangePasswordPage,
});

/** Change your password, or "Set a password" for an account created through a sign-in provider. */
function ChangePasswordPage() {
  const { authActor } = useServices();
  const settingFirst = useSelector(authActor, (s) => s.context.user?.hasPassword === false);
  return (
    <Page
      title={settingFirst ? m.change_password_form_set_a_password() : m.route_change_password_change_your_password()}
      narrow
    >
      <ChangePasswordForm />
    </Page>
  );
}
