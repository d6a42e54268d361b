import { createFileRoute } from '@tanstack/react-router';
import { firstDataCache } from '#src/config/timeouts';
import { SelectRailcardPage } from './-components/railcards/select-railcard-page';

export const Route = createFileRoute(
  '/_account/_passengers-feature/passengers-and-railcards/$passengerId/select-railcard',
)({
  // The railcards this passenger can add (docs/decisions/730): loaded by the router, preloaded on intent.
  loader: async (load) =>
    (await import('./-components/railcards/load-railcard-choice')).loadRailcardChoice(load, load.params.passengerId),
  ...firstDataCache,
  component: SelectRailcard,
});

function SelectRailcard() {
  const { passengerId } = Route.useParams();
  return <SelectRailcardPage key={passengerId} passengerId={passengerId} first={Route.useLoaderData()} />;
}
