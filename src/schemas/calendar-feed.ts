import * as v from 'valibot';
import { maybe } from './maybe.ts';

/**
 * The private calendar feed (decision 191): local-server calls the spec does not list.
 * `url` comes only with POST (the address is shown once, when it is made).
 */
export const CalendarFeedState = v.object({
  enabled: v.boolean(),
  createdAt: maybe(v.pipe(v.string(), v.isoTimestamp())),
});
export type CalendarFeedState = v.InferOutput<typeof CalendarFeedState>;

export const CalendarFeedCreated = v.object({
  enabled: v.literal(true),
  createdAt: v.pipe(v.string(), v.isoTimestamp()),
  url: v.pipe(v.string(), v.url()),
});
export type CalendarFeedCreated = v.InferOutput<typeof CalendarFeedCreated>;
