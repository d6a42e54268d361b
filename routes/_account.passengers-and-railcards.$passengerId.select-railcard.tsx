import { createFileRoute } from '@tanstack/react-router';
import { requirePassengersFeature } from './-components/passengers/feature';
import { SelectRailcardPage } from './-components/railcards/select-railcard-page';

export const Route = createFileRoute('/_account/passengers-and-railcards/$passengerId/select-railcard')({
  beforeLoad: requirePassengersFeature,
  component: SelectRailcard,
});

function SelectRailcard() {
  const { passengerId } = Route.useParams();
  return <SelectRailcardPage key={passengerId} passengerId={passengerId} />;
}
