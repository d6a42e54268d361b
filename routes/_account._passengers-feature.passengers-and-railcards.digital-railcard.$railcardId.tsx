import { createFileRoute } from '@tanstack/react-router';
import { DigitalRailcardPage } from './-components/railcards/digital-railcard-page';

export const Route = createFileRoute(
  '/_account/_passengers-feature/passengers-and-railcards/digital-railcard/$railcardId',
)({
  component: DigitalRailcard,
});

function DigitalRailcard() {
  const { railcardId } = Route.useParams();
  return <DigitalRailcardPage key={railcardId} railcardId={railcardId} />;
}
