import { createFileRoute } from '@tanstack/react-router';
import { firstDataCache } from '#src/config/timeouts';
import { AccountOverview } from './-components/account-overview/account-overview';

export const Route = createFileRoute('/_account/account-overview')({
  // The account summary (docs/decisions/730): loaded by the router, preloaded on intent.
  loader: async (load) =>
    (await import('./-components/account-overview/load-account-summary')).loadAccountSummary(load),
  ...firstDataCache,
  component: function AccountOverviewRoute() {
    return <AccountOverview first={Route.useLoaderData()} />;
  },
});
