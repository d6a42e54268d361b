import { createFileRoute } from '@tanstack/react-router';
import { firstDataCache } from '#src/config/timeouts';
import { DigitalRailcardPage } from './-components/railcards/digital-railcard-page';

export const Route = createFileRoute(
  '/_account/_passengers-feature/passengers-and-railcards/digital-railcard/$railcardId',
)({
  // The digital railcard (docs/decisions/730): loaded by the router, preloaded on intent.
  loader: async (load) =>
    (await import('./-components/railcards/load-digital-railcard')).loadDigitalRailcard(load, load.params.railcardId),
  ...firstDataCache,
  component: DigitalRailcard,
});

function DigitalRailcard() {
  const { railcardId } = Route.useParams();
  return <DigitalRailcardPage key={railcardId} railcardId={railcardId} first={Route.useLoaderData()} />;
}
