import { createFileRoute } from '@tanstack/react-router';
import { SelectRailcardPage } from './-components/railcards/select-railcard-page';

export const Route = createFileRoute(
  '/_account/_passengers-feature/passengers-and-railcards/$passengerId/select-railcard',
)({
  component: SelectRailcard,
});

function SelectRailcard() {
  const { passengerId } = Route.useParams();
  return <SelectRailcardPage key={passengerId} passengerId={passengerId} />;
}
