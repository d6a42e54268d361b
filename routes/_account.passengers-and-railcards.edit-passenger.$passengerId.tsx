import { createFileRoute } from '@tanstack/react-router';
import { requirePassengersFeature } from './-components/passengers/feature';
import { PassengerFormPage } from './-components/passengers/passenger-form-page';

export const Route = createFileRoute('/_account/passengers-and-railcards/edit-passenger/$passengerId')({
  beforeLoad: requirePassengersFeature,
  component: EditPassenger,
});

function EditPassenger() {
  const { passengerId } = Route.useParams();
  // Keyed: another passenger's URL starts a fresh flow.
  return <PassengerFormPage key={passengerId} mode="edit" passengerId={passengerId} />;
}
