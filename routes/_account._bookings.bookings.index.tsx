import { useEffect } from 'react';
import { createFileRoute, useNavigate, useRouter } from '@tanstack/react-router';
import { BookingsListSearch } from '#src/schemas/bookings-list';
import { Loading, Page } from '#src/ui/page';
import { useServices } from '#src/services';
import { portalInfo } from '#src/config/portals';
import { m } from '#src/paraglide/messages.js';

/**
 * docs/product/screens.md: /bookings redirects to /bookings/upcoming once data loads. The upcoming
 * tab's route loads its first page (its loader, docs/decisions/730), preloaded here into the
 * router's cache, then the redirect shows it at once; a failed load redirects too (a failed preload
 * is not kept: the tab's own load then ends in its error, with its retry).
 */
export const Route = createFileRoute('/_account/_bookings/bookings/')({
  validateSearch: BookingsListSearch,
  component: function BookingsIndex() {
    const { bookingsImported } = Route.useSearch();
    const { pageData } = useServices();
    const navigate = useNavigate();
    const router = useRouter();
    useEffect(() => {
      let current = true;
      const search = bookingsImported === undefined ? {} : { bookingsImported };
      void router
        .preloadRoute({ to: '/bookings/upcoming', search })
        .catch(() => undefined)
        .then(() => {
          if (current) void navigate({ to: '/bookings/upcoming', search, replace: true });
        });
      return () => {
        current = false;
      };
    }, [router, navigate, bookingsImported]);
    return (
      <Page title={portalInfo[pageData.portal].bookingsHeading}>
        <Loading label={m.common_loading_your_bookings()} />
      </Page>
    );
  },
});
