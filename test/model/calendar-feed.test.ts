import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { calendarFeedMachine } from '#machines/calendar-feed';
import { calendarFeedMessages } from '#src/copy/calendar-feed';
import type { CalendarFeedCreated, CalendarFeedState } from '#src/schemas/calendar-feed';
import { describeMachineModel, errorOf, fromOwnLoadOnly, stepFrom } from './harness';

/**
 * The private calendar feed (decision 191): what each state means on Account controls.
 * A failed change keeps what the customer had; the new address is shown only from the POST that made it.
 */
const on: CalendarFeedState = { enabled: true, createdAt: '2026-11-01T09:00:00.000Z' };
const off: CalendarFeedState = { enabled: false, createdAt: null };
type CalendarFeedSnapshot = SnapshotFrom<typeof calendarFeedMachine>;
const created: CalendarFeedCreated = {
  enabled: true,
  createdAt: '2026-11-23T10:00:00.000Z',
  url: 'https://rail.example/my-account/api/calendar/abc.ics',
};

describeMachineModel(calendarFeedMachine, {
  name: 'calendarFeedMachine',
  // The route's load (docs/decisions/730): the feed on or off, a host without it, the load's error.
  inputs: [
    {},
    { first: { data: on } },
    { first: { data: off } },
    { first: { error: { status: 404 } } },
    { first: { error: { status: 500 } } },
  ],
  events: fromOwnLoadOnly<CalendarFeedSnapshot>({
    'xstate.done.actor.fetchFeed': [
      { type: 'xstate.done.actor.fetchFeed', output: on },
      { type: 'xstate.done.actor.fetchFeed', output: off },
    ],
    'xstate.error.actor.fetchFeed': [
      { type: 'xstate.error.actor.fetchFeed', error: { status: 500 } },
      // A host without the feed's calls (beyond docs/product/api.md) answers 404.
      { type: 'xstate.error.actor.fetchFeed', error: { status: 404 } },
    ],
    'xstate.done.actor.createFeed': [{ type: 'xstate.done.actor.createFeed', output: created }],
    'xstate.error.actor.createFeed': [{ type: 'xstate.error.actor.createFeed', error: { status: 500 } }],
    'xstate.done.actor.removeFeed': [{ type: 'xstate.done.actor.removeFeed', output: undefined }],
    'xstate.error.actor.removeFeed': [{ type: 'xstate.error.actor.removeFeed', error: { status: 500 } }],
  }),
  // creating ends in "on" or "off" on a failure depending on whether a feed was on before; a message
  // on screen (an error, "turned off") must be cleared by the next action, so those are states too.
  serializeContext: (c) => ({
    first: c.first === null ? null : 'data' in c.first ? c.first.data.enabled : 'error',
    enabled: c.enabled,
    error: c.error !== null,
    turnedOff: c.turnedOff,
  }),
  calls: {
    loading: { fetchFeed: undefined },
    creating: { createFeed: undefined },
    removing: { removeFeed: undefined },
  },
  states: {
    loading: (check) => {
      const { context, event } = check;
      expect(['xstate.init', 'feed.retry']).toContain(event.type);
      // Loading on its own start only when the route loaded nothing.
      if (event.type === 'xstate.init') expect(context.first).toBeNull();
      expect(context).toMatchObject({ enabled: false, createdAt: null, url: null, error: null, turnedOff: false });
      // A host may date a feed that is off (when it was made): what it answered is kept either way.
      const dated = { enabled: false, createdAt: '2026-10-01T09:00:00.000Z' };
      const offDated = stepFrom(check, { type: 'xstate.done.actor.fetchFeed', output: dated } as never).snapshot;
      expect([offDated.value, offDated.context.createdAt]).toEqual(['off', dated.createdAt]);
    },
    absent: ({ snapshot, context, event }) => {
      // The route's load or the chart's own answered 404.
      if (event.type === 'xstate.init') expect(context.first).toEqual({ error: { status: 404 } });
      else {
        expect(event.type).toBe('xstate.error.actor.fetchFeed');
        expect(errorOf(event)?.status).toBe(404);
      }
      expect(context).toMatchObject({ enabled: false, createdAt: null, url: null, error: null, turnedOff: false });
      // Nothing to retry or offer: the section is out of sight.
      for (const type of ['feed.retry', 'feed.enable', 'feed.regenerate', 'feed.disable'] as const)
        expect(snapshot.can({ type })).toBe(false);
    },
    loadFailed: ({ snapshot, context, event }) => {
      if (event.type === 'xstate.init') expect(context.first).toEqual({ error: { status: 500 } });
      else {
        expect(event.type).toBe('xstate.error.actor.fetchFeed');
        expect(errorOf(event)?.status).not.toBe(404);
      }
      expect(snapshot.can({ type: 'feed.retry' })).toBe(true);
      expect(calendarFeedMessages.loadError).toBe("We couldn't load your calendar feed settings.");
    },
    off: ({ context, event }) => {
      expect(context.enabled).toBe(false);
      expect(context.url).toBeNull();
      if (event.type === 'xstate.done.actor.removeFeed') expect(context.turnedOff).toBe(true);
      if (event.type === 'xstate.error.actor.createFeed') expect(context.error).toBe('CHANGE_FAILED');
      if (event.type === 'xstate.done.actor.fetchFeed' || event.type === 'xstate.init')
        expect(context).toMatchObject({ createdAt: null, error: null, turnedOff: false });
      // From the route's load: the feed it found off.
      if (event.type === 'xstate.init') expect(context.first).toEqual({ data: off });
    },
    creating: ({ context, event }) => {
      expect(['feed.enable', 'feed.confirm']).toContain(event.type);
      expect(context.error).toBeNull();
      expect(context.turnedOff).toBe(false);
    },
    on: ({ context, event }) => {
      expect(context.enabled).toBe(true);
      expect(context.createdAt).not.toBeNull();
      // The address only from the POST that made it (GET never has it, nor the route's load).
      if (event.type === 'xstate.done.actor.fetchFeed' || event.type === 'xstate.init') expect(context.url).toBeNull();
      if (event.type === 'xstate.init')
        expect([context.first, context.createdAt]).toEqual([{ data: on }, on.createdAt]);
      if (event.type === 'xstate.done.actor.createFeed')
        expect(context).toMatchObject({
          url: created.url,
          createdAt: created.createdAt,
          error: null,
          turnedOff: false,
        });
      if (event.type.startsWith('xstate.error.actor.')) {
        expect(context.error).toBe('CHANGE_FAILED');
        expect(calendarFeedMessages.changeError).toBe("We couldn't update your calendar feed. Please try again.");
        // A failed new address or turn-off leaves the feed as it was.
        expect(context.createdAt).toBe(on.createdAt);
      }
    },
    confirmingRegenerate: ({ context, event }) => {
      expect(event.type).toBe('feed.regenerate');
      expect(context).toMatchObject({ enabled: true, error: null, turnedOff: false });
    },
    confirmingDisable: ({ context, event }) => {
      expect(event.type).toBe('feed.disable');
      expect(context).toMatchObject({ enabled: true, error: null, turnedOff: false });
    },
    removing: ({ event }) => {
      expect(event.type).toBe('feed.confirm');
    },
  },
});
