import { createFileRoute } from '@tanstack/react-router';
import { ConfirmEmailPage } from './-components/account-controls/confirm-email-page';

/** The link sent to a new email address (decision 150); the token comes in the hash and is taken once. */
export const Route = createFileRoute('/confirm-email')({
  component: ConfirmEmailPage,
});
