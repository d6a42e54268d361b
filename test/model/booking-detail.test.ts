import { expect } from 'vitest';
import { bookingDetailMachine } from '../../machines/booking-detail';
import { describeMachineModel } from './harness';

const order = { id: 'o1', friendlyOrderId: 'TL-ABCDEF', email: 'a@example.com', currency: 'GBP', createdAt: '2026-01-01T00:00:00.000Z', replacementOrder: null };
const detail = { bookings: [{ id: 'b1', orderId: 'o1', isSeasonBooking: false }], order } as never;

describeMachineModel(bookingDetailMachine, {
  name: 'bookingDetailMachine',
  input: { bookingId: 'b1' },
  events: {
    'xstate.done.actor.fetchBooking': [
      { type: 'xstate.done.actor.fetchBooking', output: { status: 200, data: detail } },
      { type: 'xstate.done.actor.fetchBooking', output: { status: 308, data: { bookingId: 'b1' } } },
    ],
    'xstate.error.actor.fetchBooking': [
      { type: 'xstate.error.actor.fetchBooking', error: { status: 500, problem: { kind: 'http' } } },
      { type: 'xstate.error.actor.fetchBooking', error: { status: null, problem: { kind: 'schema' } } },
    ],
    'xstate.done.actor.fetchChangeability': [
      { type: 'xstate.done.actor.fetchChangeability', output: { changeable: false, reason: 'DEPARTED' } },
    ],
    'xstate.error.actor.fetchChangeability': [{ type: 'xstate.error.actor.fetchChangeability', error: new Error('offline') }],
  },
  serializeContext: (c) => ({ loaded: c.detail !== null, movedTo: c.movedTo, changeability: c.changeability?.reason ?? null }),
  assert: (snapshot) => {
    if (snapshot.matches('movedToHistory')) expect(snapshot.output).toEqual({ movedTo: 'b1' });
    if (snapshot.matches('loaded')) expect(snapshot.context.detail?.order.id).toBe('o1');
    if (snapshot.matches({ loaded: 'changeabilityKnown' })) expect(snapshot.context.changeability?.changeable).toBe(false);
  },
});
