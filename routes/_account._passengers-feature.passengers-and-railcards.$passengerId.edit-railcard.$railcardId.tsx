import { createFileRoute } from '@tanstack/react-router';
import { firstDataCache } from '#src/config/timeouts';
import { RailcardFormLoading, RailcardFormPage } from './-components/railcards/railcard-form-page';

export const Route = createFileRoute(
  '/_account/_passengers-feature/passengers-and-railcards/$passengerId/edit-railcard/$railcardId',
)({
  // The railcard type, its passenger and the held card (docs/decisions/730): loaded by the router,
  // preloaded on intent; meanwhile the form's own loading words, and a failure is the form's error
  // (with Try again, or not found).
  loader: async (load) =>
    (await import('./-components/railcards/load-railcard')).loadRailcard(load, { mode: 'edit', ...load.params }),
  ...firstDataCache,
  // The pending page travels with the form's chunk, not the route tree every page loads.
  codeSplitGroupings: [['component', 'pendingComponent'], ['errorComponent'], ['notFoundComponent']],
  pendingComponent: () => <RailcardFormLoading mode="edit" />,
  component: EditRailcard,
});

function EditRailcard() {
  const { passengerId, railcardId } = Route.useParams();
  return (
    <RailcardFormPage
      key={`${passengerId}/${railcardId}`}
      mode="edit"
      passengerId={passengerId}
      railcardId={railcardId}
      first={Route.useLoaderData()}
    />
  );
}
