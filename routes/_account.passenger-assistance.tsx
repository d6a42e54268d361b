import { createFileRoute } from '@tanstack/react-router';
import { firstDataCache } from '#src/config/timeouts';
import { AssistanceFeature } from './-components/passenger-assistance/feature';
import { AccountAssistancePage } from './-components/passenger-assistance/account-assistance-page';

export const Route = createFileRoute('/_account/passenger-assistance')({
  // The upcoming journeys with their assistance (docs/decisions/730): loaded by the router, preloaded on intent.
  loader: async (load) =>
    (await import('./-components/passenger-assistance/load-assistance')).loadUpcomingAssistance(load),
  ...firstDataCache,
  component: AccountAssistanceRoute,
});

function AccountAssistanceRoute() {
  return (
    <AssistanceFeature>
      <AccountAssistancePage first={Route.useLoaderData()} />
    </AssistanceFeature>
  );
}
