import { createFileRoute } from '@tanstack/react-router';
import { firstDataCache } from '#src/config/timeouts';
import { PassengerFormLoading, PassengerFormPage } from './-components/passengers/passenger-form-page';

export const Route = createFileRoute(
  '/_account/_passengers-feature/passengers-and-railcards/edit-passenger/$passengerId',
)({
  // The passenger to edit (docs/decisions/730): loaded by the router, preloaded on intent; meanwhile
  // the form's own loading words, and a failure is the form's error (with Try again, or not found).
  loader: async (load) =>
    (await import('./-components/passengers/load-passenger')).loadPassenger(load, load.params.passengerId),
  ...firstDataCache,
  // The pending page travels with the form's chunk, not the route tree every page loads.
  codeSplitGroupings: [['component', 'pendingComponent'], ['errorComponent'], ['notFoundComponent']],
  pendingComponent: () => <PassengerFormLoading />,
  component: EditPassenger,
});

function EditPassenger() {
  const { passengerId } = Route.useParams();
  // Keyed: another passenger's URL starts a fresh flow.
  return <PassengerFormPage key={passengerId} mode="edit" passengerId={passengerId} first={Route.useLoaderData()} />;
}
