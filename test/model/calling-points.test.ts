import { expect } from 'vitest';
import { getNextSnapshot } from 'xstate';
import { callingPointsMachine } from '#machines/calling-points';
import { describeMachineModel, errorOf, outputOf } from './harness';

const point = {
  station: { code: 'MKC', name: 'Milton Keynes Central' },
  arrival: '2026-01-01T08:00:00.000Z',
  departure: '2026-01-01T08:01:00.000Z',
};

describeMachineModel(callingPointsMachine, {
  name: 'callingPointsMachine',
  input: { timetableId: 'EUS-MAN-202601010730', date: '2026-01-01', origin: 'EUS', destination: 'MAN' },
  events: {
    'xstate.done.actor.fetchCallingPoints': [
      { type: 'xstate.done.actor.fetchCallingPoints', output: { timetableId: 't', callingPoints: [point] } },
      {
        type: 'xstate.done.actor.fetchCallingPoints',
        output: { timetableId: 't', callingPoints: [], unavailable: true },
      },
    ],
    'xstate.error.actor.fetchCallingPoints': [
      { type: 'xstate.error.actor.fetchCallingPoints', error: { status: 404 } },
      { type: 'xstate.error.actor.fetchCallingPoints', error: { status: 500 } },
    ],
  },
  serializeContext: (c) => ({ points: c.points?.length ?? null }),
  calls: {
    loading: {
      fetchCallingPoints: {
        timetableId: 'EUS-MAN-202601010730',
        date: '2026-01-01',
        origin: 'EUS',
        destination: 'MAN',
        loaded: null,
      },
    },
  },
  // Calling points (docs/product/api.md): loaded as the booking opens (the timeline is already
  // there); "unavailable" when the server says so or answers 404; other errors offer a retry; the
  // toggle always closes, and reopens without asking again once the points are known.
  states: {
    collapsed: ({ snapshot, event }) => {
      expect(event.type).toBe('callingPoints.toggle');
      // Reopening shows the points already fetched, or fetches them (again, after unavailable or a failure).
      const reopened = getNextSnapshot(callingPointsMachine, snapshot, { type: 'callingPoints.toggle' });
      expect(reopened.value).toBe(snapshot.context.points === null ? 'loading' : 'shown');
    },
    loading: ({ snapshot, context, event }) => {
      expect(['xstate.init', 'callingPoints.toggle', 'callingPoints.retry']).toContain(event.type);
      expect(context.points).toBeNull();
      expect(snapshot.can({ type: 'callingPoints.toggle' })).toBe(true);
    },
    shown: ({ snapshot, context, event }) => {
      expect(
        getNextSnapshot(callingPointsMachine, snapshot, { type: 'callingPoints.toggle' }).value,
        'the toggle closes them',
      ).toBe('collapsed');
      if (event.type === 'callingPoints.toggle') expect(context.points).toEqual([point]);
      else expect(outputOf(event)).toEqual({ timetableId: 't', callingPoints: [point] });
      expect(context.points).toEqual([point]);
    },
    unavailable: ({ snapshot, context, event }) => {
      expect(
        getNextSnapshot(callingPointsMachine, snapshot, { type: 'callingPoints.toggle' }).value,
        'the toggle closes the notice',
      ).toBe('collapsed');
      const output = outputOf(event) as { unavailable?: boolean } | undefined;
      if (output) expect(output.unavailable).toBe(true);
      else expect(errorOf(event)?.status).toBe(404);
      expect(context.points).toBeNull();
    },
    failed: ({ snapshot, event }) => {
      expect(errorOf(event)?.status).toBe(500);
      expect(snapshot.can({ type: 'callingPoints.retry' })).toBe(true);
      expect(snapshot.can({ type: 'callingPoints.toggle' })).toBe(true);
    },
  },
});
