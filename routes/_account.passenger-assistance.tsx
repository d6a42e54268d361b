import { createFileRoute } from '@tanstack/react-router';
import { requireAssistanceFeature } from './-components/passenger-assistance/feature';
import { AccountAssistancePage } from './-components/passenger-assistance/account-assistance-page';

export const Route = createFileRoute('/_account/passenger-assistance')({
  beforeLoad: requireAssistanceFeature,
  component: AccountAssistancePage,
});
