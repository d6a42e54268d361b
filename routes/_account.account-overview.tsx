import { createFileRoute } from '@tanstack/react-router';
import { AccountOverview } from './-components/account-overview/account-overview';

export const Route = createFileRoute('/_account/account-overview')({
  component: AccountOverview,
});
