import { createFileRoute } from '@tanstack/react-router';
import { requirePassengersFeature } from './-components/passengers/feature';
import { RailcardFormPage } from './-components/railcards/railcard-form-page';

export const Route = createFileRoute('/_account/passengers-and-railcards/$passengerId/edit-railcard/$railcardId')({
  beforeLoad: requirePassengersFeature,
  component: EditRailcard,
});

function EditRailcard() {
  const { passengerId, railcardId } = Route.useParams();
  return <RailcardFormPage key={`${passengerId}/${railcardId}`} mode="edit" passengerId={passengerId} railcardId={railcardId} />;
}
