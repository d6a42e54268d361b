/**
 * Answers a route's loader started for the calls a chart makes next (docs/decisions/730), keyed by
 * the call and each taken once by the flow's binding (routes/-components/booking-detail/load-booking.ts
 * `takeLoaded`). The chart only carries them to its calls' input: it neither reads nor waits on them.
 */
export interface LoadedAnswers {
  readonly next: Map<string, Promise<unknown>>;
}
