import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { requireAssistanceFeature } from './-components/passenger-assistance/feature';
import { AssistanceListPage } from './-components/passenger-assistance/assistance-list-page';

/** `?cancelled=true` after the cancel page (anything else is dropped). */
const AssistanceListSearch = v.object({
  cancelled: v.optional(v.fallback(v.optional(v.literal(true)), undefined)),
});

export const Route = createFileRoute('/_account/bookings/$bookingId/passenger-assistance/')({
  validateSearch: AssistanceListSearch,
  beforeLoad: requireAssistanceFeature,
  component: AssistanceListRoute,
});

function AssistanceListRoute() {
  const { bookingId } = Route.useParams();
  const { cancelled } = Route.useSearch();
  return <AssistanceListPage key={bookingId} bookingId={bookingId} cancelled={cancelled === true} />;
}
