import { expect } from 'vitest';
import { callingPointsMachine } from '../../machines/calling-points';
import { describeMachineModel } from './harness';

const point = { station: { code: 'MKC', name: 'Milton Keynes Central' }, arrival: '2026-01-01T08:00:00.000Z', departure: '2026-01-01T08:01:00.000Z' };

describeMachineModel(callingPointsMachine, {
  name: 'callingPointsMachine',
  input: { timetableId: 'EUS-MAN-202601010730', date: '2026-01-01', origin: 'EUS', destination: 'MAN' },
  events: {
    'xstate.done.actor.fetchCallingPoints': [
      { type: 'xstate.done.actor.fetchCallingPoints', output: { timetableId: 't', callingPoints: [point] } },
      { type: 'xstate.done.actor.fetchCallingPoints', output: { timetableId: 't', callingPoints: [], unavailable: true } },
    ],
    'xstate.error.actor.fetchCallingPoints': [
      { type: 'xstate.error.actor.fetchCallingPoints', error: { status: 404 } },
      { type: 'xstate.error.actor.fetchCallingPoints', error: { status: 500 } },
    ],
  },
  serializeContext: (c) => ({ points: c.points?.length ?? null }),
  assert: (snapshot) => {
    if (snapshot.matches('shown')) expect(snapshot.context.points).toEqual([point]);
  },
});
