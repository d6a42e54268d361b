import { createFileRoute } from '@tanstack/react-router';
import { requirePassengersFeature } from './-components/passengers/feature';
import { DigitalRailcardPage } from './-components/railcards/digital-railcard-page';

export const Route = createFileRoute('/_account/passengers-and-railcards/digital-railcard/$railcardId')({
  beforeLoad: requirePassengersFeature,
  component: DigitalRailcard,
});

function DigitalRailcard() {
  const { railcardId } = Route.useParams();
  return <DigitalRailcardPage key={railcardId} railcardId={railcardId} />;
}
