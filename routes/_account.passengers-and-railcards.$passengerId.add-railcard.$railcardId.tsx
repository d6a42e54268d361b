import { createFileRoute } from '@tanstack/react-router';
import { requirePassengersFeature } from './-components/passengers/feature';
import { RailcardFormPage } from './-components/railcards/railcard-form-page';

export const Route = createFileRoute('/_account/passengers-and-railcards/$passengerId/add-railcard/$railcardId')({
  beforeLoad: requirePassengersFeature,
  component: AddRailcard,
});

function AddRailcard() {
  const { passengerId, railcardId } = Route.useParams();
  return <RailcardFormPage key={`${passengerId}/${railcardId}`} mode="add" passengerId={passengerId} railcardId={railcardId} />;
}
