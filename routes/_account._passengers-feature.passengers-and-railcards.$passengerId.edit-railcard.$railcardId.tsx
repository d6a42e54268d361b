import { createFileRoute } from '@tanstack/react-router';
import { RailcardFormPage } from './-components/railcards/railcard-form-page';

export const Route = createFileRoute(
  '/_account/_passengers-feature/passengers-and-railcards/$passengerId/edit-railcard/$railcardId',
)({
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
    />
  );
}
