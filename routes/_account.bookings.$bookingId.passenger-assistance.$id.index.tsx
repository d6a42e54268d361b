import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { requireAssistanceFeature } from './-components/passenger-assistance/feature';
import { AssistanceReviewPage } from './-components/passenger-assistance/assistance-review-page';

/** `?booked=true` right after the request form (anything else is dropped). */
const AssistanceReviewSearch = v.object({
  booked: v.optional(v.fallback(v.optional(v.literal(true)), undefined)),
});

export const Route = createFileRoute('/_account/bookings/$bookingId/passenger-assistance/$id/')({
  validateSearch: AssistanceReviewSearch,
  beforeLoad: requireAssistanceFeature,
  component: AssistanceReviewRoute,
});

function AssistanceReviewRoute() {
  const { bookingId, id } = Route.useParams();
  const { booked } = Route.useSearch();
  return <AssistanceReviewPage key={`${bookingId}/${id}`} bookingId={bookingId} assistanceId={id} booked={booked === true} />;
}
