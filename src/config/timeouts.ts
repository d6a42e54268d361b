/**
 * How long any call to the API may take before the screen shows its error state with a retry.
 * docs/product/api.md gives 10 seconds for GraphQL; the same bound holds for every REST call
 * (docs/decisions/162) so that no screen waits forever on a hung server.
 */
export const requestTimeoutMs = 10_000;

/** Message of the error a timed-out call ends in (the screen shows its own error copy). */
export const requestTimeoutMessage = 'The server took too long to answer';

/**
 * How long the router keeps a screen's first data that a route's loader fetched (docs/decisions/730):
 * a link hovered or touched now is opened from it within this long; after it, or once the screen was
 * left, the screen's data is asked for again, so a change made meanwhile (a refund, an edit) is shown.
 */
export const firstDataCache = {
  staleTime: 15_000,
  preloadStaleTime: 15_000,
  gcTime: 0,
  preloadGcTime: 15_000,
} as const;

/**
 * The bookings tabs' first pages: kept while the customer moves between the tabs, which share what
 * they loaded (the bookings store, decision 010), so a tab shown again asks for nothing; the
 * bookings layout drops them when the lists are left (routes/-components/bookings-list/bookings-store.tsx).
 */
export const bookingsTabsCache = { ...firstDataCache, staleTime: 300_000, gcTime: 300_000 } as const;
