import { useEffect } from 'react';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { BookingsListSearch } from '#src/schemas/bookings-list';
import { useBookingsStore } from './-components/bookings-list/bookings-store';
import { Loading, Page } from '#src/ui/page';
import { useServices } from '#src/services';
import { portalInfo } from '#src/config/portals';
import { m } from '#src/paraglide/messages.js';

/**
 * docs/product/screens.md: /bookings redirects to /bookings/upcoming once data loads. The upcoming list is
 * loaded here (into the store the tabs share), then the redirect shows it at once; a failed load
 * redirects too, and the upcoming screen shows the error with its retry.
 */
export const Route = createFileRoute('/_account/_bookings/bookings/')({
  validateSearch: BookingsListSearch,
  component: function BookingsIndex() {
    const { bookingsImported } = Route.useSearch();
    const { pageData } = useServices();
    const navigate = useNavigate();
    const actor = useBookingsStore();
    useEffect(() => {
      actor.send({ type: 'bookings.show', filter: 'upcoming' });
    }, [actor]);
    const settled = useSelector(actor, (s) => {
      const f = s.context.byFilter.upcoming;
      return !f.pending && (f.total !== null || f.error !== null);
    });
    useEffect(() => {
      if (settled) void navigate({ to: '/bookings/upcoming', search: bookingsImported === undefined ? {} : { bookingsImported }, replace: true });
    }, [settled, navigate, bookingsImported]);
    return (
      <Page title={portalInfo[pageData.portal].bookingsHeading}>
        <Loading label={m.common_loading_your_bookings()} />
      </Page>
    );
  },
});
