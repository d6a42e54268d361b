import { createFileRoute } from '@tanstack/react-router';
import { firstDataCache } from '#src/config/timeouts';
import { PassengersPage } from './-components/passengers/passengers-page';

export const Route = createFileRoute('/_account/_passengers-feature/passengers-and-railcards/')({
  // The saved passengers (docs/decisions/730): loaded by the router, preloaded on intent.
  loader: async (load) => (await import('./-components/passengers/load-passengers')).loadPassengers(load),
  ...firstDataCache,
  component: function PassengersRoute() {
    return <PassengersPage first={Route.useLoaderData()} />;
  },
});
