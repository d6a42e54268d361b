import { createFileRoute } from '@tanstack/react-router';
import { Page } from '#src/ui/page';
import { ChangePasswordForm } from './-components/change-password-form';

export const Route = createFileRoute('/_account/change-password')({
  component: () => (
    <Page title="Change your password" narrow>
      <ChangePasswordForm />
    </Page>
  ),
});
