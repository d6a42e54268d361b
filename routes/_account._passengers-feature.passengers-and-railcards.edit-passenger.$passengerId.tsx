import { createFileRoute } from '@tanstack/react-router';
import { PassengerFormPage } from './-components/passengers/passenger-form-page';

export const Route = createFileRoute(
  '/_account/_passengers-feature/passengers-and-railcards/edit-passenger/$passengerId',
)({
  component: EditPassenger,
});

function EditPassenger() {
  const { passengerId } = Route.useParams();
  // Keyed: another passenger's URL starts a fresh flow.
  return <PassengerFormPage key={passengerId} mode="edit" passengerId={passengerId} />;
}
