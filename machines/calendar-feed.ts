import { assign, fromPromise, setup } from 'xstate';
import type { CalendarFeedCreated, CalendarFeedState } from '#src/schemas/calendar-feed';
import { doneOutput } from '#machines/lib/done-output';
import { hasStatus, problemOf, statusOf } from '#machines/lib/problems';
import { firstFailed, firstLoaded, type FirstData } from '#machines/lib/first-data';

/**
 * The private calendar feed on Account controls (decision 191): off or on; turning it on
 * shows the new address once; "Get a new address" and "Turn off" ask first, because calendars
 * subscribed to the old address stop updating. A failed change keeps the state it started from
 * and says so. The feed's calls are not in docs/product/api.md: a host without them answers 404, and the
 * section stays out of sight (decision 342). Given what its route loaded (docs/decisions/730), the
 * chart starts from it; without it, it asks itself.
 */
export interface CalendarFeedContext {
  enabled: boolean;
  createdAt: string | null;
  /** The address just made: shown once (the server keeps only its hash). */
  url: string | null;
  /** A change failed (the screen words it), shown until the next action. */
  error: 'CHANGE_FAILED' | null;
  /** Turned off in this visit: the screen confirms the old address no longer works. */
  turnedOff: boolean;
  /** What the route loaded (docs/decisions/730): the chart starts from it; null when it fetches itself. */
  first: FirstData<CalendarFeedState> | null;
}

export interface CalendarFeedInput {
  first?: FirstData<CalendarFeedState> | null | undefined;
}

export type CalendarFeedEvent =
  | { type: 'feed.enable' }
  | { type: 'feed.regenerate' }
  | { type: 'feed.disable' }
  | { type: 'feed.confirm' }
  | { type: 'feed.cancel' }
  | { type: 'feed.retry' };

export const calendarFeedMachine = setup({
  types: {
    context: {} as CalendarFeedContext,
    events: {} as CalendarFeedEvent,
    input: {} as CalendarFeedInput | undefined,
  },
  actors: {
    fetchFeed: fromPromise<CalendarFeedState>(async () => {
      throw new Error('fetchFeed not provided');
    }),
    createFeed: fromPromise<CalendarFeedCreated>(async () => {
      throw new Error('createFeed not provided');
    }),
    removeFeed: fromPromise<void>(async () => {
      throw new Error('removeFeed not provided');
    }),
  },
  guards: {
    firstOn: ({ context }) => firstLoaded(context.first) && context.first.data.enabled,
    firstLoaded: ({ context }) => firstLoaded(context.first),
    /** The route's load answered 404: the host does not offer a calendar feed. */
    firstAbsent: ({ context }) => firstFailed(context.first) && statusOf(problemOf(context.first.error)) === 404,
    firstFailed: ({ context }) => firstFailed(context.first),
    /** 404: the host does not offer a calendar feed (docs/integrators.md). */
    hostLacksFeed: ({ event }) => hasStatus(event, 404),
    feedIsOn: ({ event }) => doneOutput<CalendarFeedState>(event, 'fetchFeed').enabled,
    /** The failed POST was "Get a new address": the old address still works. */
    feedWasOn: ({ context }) => context.enabled,
  },
  actions: {
    /** The route's answer, as `storeState` stores a fetched one. */
    storeFirstState: assign(({ context }) =>
      firstLoaded(context.first)
        ? { enabled: context.first.data.enabled, createdAt: context.first.data.createdAt }
        : {},
    ),
    storeState: assign(({ event }) => {
      const state = doneOutput<CalendarFeedState>(event, 'fetchFeed');
      return { enabled: state.enabled, createdAt: state.createdAt };
    }),
    storeCreated: assign(({ event }) => {
      const created = doneOutput<CalendarFeedCreated>(event, 'createFeed');
      return { enabled: true, createdAt: created.createdAt, url: created.url, error: null, turnedOff: false };
    }),
    storeRemoved: assign({ enabled: false, createdAt: null, url: null, error: null, turnedOff: true }),
    setChangeError: assign({ error: 'CHANGE_FAILED' as const }),
    clearMessages: assign({ error: null, turnedOff: false }),
  },
}).createMachine({
  id: 'calendarFeed',
  context: ({ input }) => ({
    enabled: false,
    createdAt: null,
    url: null,
    error: null,
    turnedOff: false,
    first: input?.first ?? null,
  }),
  initial: 'starting',
  states: {
    starting: {
      description:
        'Where the section starts: from what the route loaded (the feed on or off, a host without it, or the error), else it asks.',
      always: [
        { guard: 'firstOn', target: 'on', actions: 'storeFirstState' },
        { guard: 'firstLoaded', target: 'off', actions: 'storeFirstState' },
        { guard: 'firstAbsent', target: 'absent' },
        { guard: 'firstFailed', target: 'loadFailed' },
        { target: 'loading' },
      ],
    },
    loading: {
      description: 'Whether the customer has a calendar feed is loading.',
      invoke: {
        id: 'fetchFeed',
        src: 'fetchFeed',
        onDone: [
          { guard: 'feedIsOn', target: 'on', actions: 'storeState' },
          { target: 'off', actions: 'storeState' },
        ],
        onError: [{ guard: 'hostLacksFeed', target: 'absent' }, { target: 'loadFailed' }],
      },
    },
    absent: {
      description: 'The host does not offer a calendar feed (its GET answered 404): the section stays out of sight.',
    },
    loadFailed: {
      description: 'The feed settings could not be loaded (or did not make sense): an error with a retry.',
      on: { 'feed.retry': { target: 'loading' } },
    },
    off: {
      description:
        'No feed: the offer to get a private calendar address (after turning it off, the old one is confirmed dead).',
      on: { 'feed.enable': { target: 'creating', actions: 'clearMessages' } },
    },
    creating: {
      description: 'A new private address is being made (POST); the button is busy.',
      invoke: {
        id: 'createFeed',
        src: 'createFeed',
        onDone: { target: 'on', actions: 'storeCreated' },
        onError: [
          { guard: 'feedWasOn', target: 'on', actions: 'setChangeError' },
          { target: 'off', actions: 'setChangeError' },
        ],
      },
    },
    on: {
      description:
        'The feed is on: since when, the new address once (with Copy and Open in calendar), Get a new address and Turn off.',
      on: {
        'feed.regenerate': { target: 'confirmingRegenerate', actions: 'clearMessages' },
        'feed.disable': { target: 'confirmingDisable', actions: 'clearMessages' },
      },
    },
    confirmingRegenerate: {
      description: 'Asks before making a new address: calendars on the old one stop updating.',
      on: {
        'feed.confirm': { target: 'creating' },
        'feed.cancel': { target: 'on' },
      },
    },
    confirmingDisable: {
      description: 'Asks before turning the feed off: calendars on it stop updating.',
      on: {
        'feed.confirm': { target: 'removing' },
        'feed.cancel': { target: 'on' },
      },
    },
    removing: {
      description: 'The feed is being turned off (DELETE); the old address answers 404 once it is done.',
      invoke: {
        id: 'removeFeed',
        src: 'removeFeed',
        onDone: { target: 'off', actions: 'storeRemoved' },
        onError: { target: 'on', actions: 'setChangeError' },
      },
    },
  },
});
