import { createFileRoute } from '@tanstack/react-router';
import { RailcardFormPage } from './-components/railcards/railcard-form-page';

export const Route = createFileRoute(
  '/_account/_passengers-feature/passengers-and-railcards/$passengerId/add-railcard/$railcardId',
)({
  component: AddRailcard,
});

function AddRailcard() {
  const { passengerId, railcardId } = Route.useParams();
  return (
    <RailcardFormPage
      key={`${passengerId}/${railcardId}`}
      mode="add"
      passengerId={passengerId}
      railcardId={railcardId}
    />
  );
}
