import type { FirstPage } from '#machines/bookings-list';
import { bookingsListPath } from '#src/api/paths';
import { BookingsPage, type BookingFilter } from '#src/schemas/bookings-list';
import type { AppServices } from '#src/services';

/** What a route's loader is given that these loaders read. */
export interface FirstDataLoad {
  context: Pick<AppServices, 'api'>;
  abortController: AbortController;
  preload: boolean;
}

/**
 * A bookings tab's first page, its route's `loader` (docs/decisions/730): through the API client,
 * checked against the list's schema. On a navigation a failure is the tab's answer too, so the
 * screen shows its own error and retry (never the router's error page); a preload (a link hovered
 * or touched) that fails throws instead, so the router keeps nothing and the navigation asks again,
 * and it never reports a 401 as signed out: only the customer's own navigation does.
 */
export const loadFirstPage = async (
  { context, abortController, preload }: FirstDataLoad,
  filter: BookingFilter,
): Promise<FirstPage> => {
  try {
    const page = await context.api.request(BookingsPage, bookingsListPath(filter), {
      query: { page: 0 },
      signal: abortController.signal,
      allow401: preload,
    });
    return { page };
  } catch (error) {
    if (preload) throw error;
    return { error };
  }
};
