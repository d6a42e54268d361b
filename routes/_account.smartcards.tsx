import { createFileRoute } from '@tanstack/react-router';
import { firstDataCache } from '#src/config/timeouts';
import { SmartcardsPage } from './-components/smartcards/smartcards-page';

export const Route = createFileRoute('/_account/smartcards')({
  // The smartcards (docs/decisions/730): loaded by the router, preloaded on intent.
  loader: async (load) => (await import('./-components/smartcards/load-smartcards')).loadSmartcards(load),
  ...firstDataCache,
  component: function SmartcardsRoute() {
    return <SmartcardsPage first={Route.useLoaderData()} />;
  },
});
