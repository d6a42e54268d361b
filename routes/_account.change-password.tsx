import { createFileRoute } from '@tanstack/react-router';
import { Page } from '#src/ui/page';
import { ChangePasswordForm } from './-components/change-password-form';
import { m } from '#src/paraglide/messages.js';

export const Route = createFileRoute('/_account/change-password')({
  component: () => (
    <Page title={m.route_change_password_change_your_password()} narrow>
      <ChangePasswordForm />
    </Page>
  ),
});
