import { createFileRoute } from '@tanstack/react-router';
import { AssistanceFeature } from './-components/passenger-assistance/feature';
import { AccountAssistancePage } from './-components/passenger-assistance/account-assistance-page';

export const Route = createFileRoute('/_account/passenger-assistance')({
  component: AccountAssistanceRoute,
});

function AccountAssistanceRoute() {
  return (
    <AssistanceFeature>
      <AccountAssistancePage />
    </AssistanceFeature>
  );
}
