import { expect } from 'vitest';
import { bookingDetailMachine } from '#machines/booking-detail';
import { describeMachineModel, errorOf, nextFrom, outputOf } from './harness';

const order = {
  id: 'o1',
  friendlyOrderId: 'TL-ABCDEF',
  email: 'a@example.com',
  currency: 'GBP',
  createdAt: '2026-01-01T00:00:00.000Z',
  replacementOrder: null,
};
// Two bookings in the order: changeability is asked for the one on screen (b1, a season).
const detail = {
  bookings: [
    { id: 'b0', orderId: 'o1', isSeasonBooking: false },
    { id: 'b1', orderId: 'o1', isSeasonBooking: true },
  ],
  order,
} as never;
// The same order fetched again after an action on it (e.g. a ticket issued): what the page shows next.
const reloaded = { bookings: [{ id: 'b1', orderId: 'o1', isSeasonBooking: true, ticketIssued: true }], order } as never;

describeMachineModel(bookingDetailMachine, {
  name: 'bookingDetailMachine',
  // b1 is in the order; b7 is not (an old link): changeability is then asked for the order's
  // first booking, b0, which is not a season.
  // The route's loader may have fetched the booking already: the chart starts from its answer, its
  // move, or its error, and asks only on a retry or a reload.
  inputs: [
    { bookingId: 'b1' },
    { bookingId: 'b7' },
    { bookingId: 'b1', first: { result: { status: 200, data: detail } } },
    { bookingId: 'b1', first: { result: { status: 308, data: { bookingId: 'h1' } } } },
    { bookingId: 'b1', first: { error: { status: 500, problem: { kind: 'http' } } } },
    { bookingId: 'b1', first: { error: { status: null, problem: { kind: 'schema' } } } },
  ],
  events: {
    'xstate.done.actor.fetchBooking': [
      { type: 'xstate.done.actor.fetchBooking', output: { status: 200, data: detail } },
      { type: 'xstate.done.actor.fetchBooking', output: { status: 308, data: { bookingId: 'h1' } } },
    ],
    'xstate.error.actor.fetchBooking': [
      { type: 'xstate.error.actor.fetchBooking', error: { status: 500, problem: { kind: 'http' } } },
      { type: 'xstate.error.actor.fetchBooking', error: { status: null, problem: { kind: 'schema' } } },
    ],
    'xstate.done.actor.fetchChangeability': [
      { type: 'xstate.done.actor.fetchChangeability', output: { changeable: false, reason: 'DEPARTED' } },
    ],
    'xstate.error.actor.fetchChangeability': [
      { type: 'xstate.error.actor.fetchChangeability', error: new Error('offline') },
    ],
  },
  serializeContext: (c) => ({
    first: c.first === null ? null : 'result' in c.first ? c.first.result.status : 'error',
    loaded: c.detail !== null,
    movedTo: c.movedTo,
    changeability: c.changeability?.reason ?? null,
  }),
  calls: {
    fetching: { fetchBooking: (c: { bookingId: string }) => ({ bookingId: c.bookingId }) },
    reloading: { fetchBooking: (c: { bookingId: string }) => ({ bookingId: c.bookingId }) },
    'loaded.checkingChangeability': {
      fetchChangeability: (c: { bookingId: string }) =>
        c.bookingId === 'b1'
          ? { orderId: 'o1', bookingId: 'b1', season: true, loaded: null }
          : { orderId: 'o1', bookingId: 'b0', season: false, loaded: null },
    },
  },
  // docs/product/states.md and docs/product/errors.md: a fetch error sets an error flag with a retry; a 308 redirects to the
  // history; a response of the wrong shape is its own error (docs/decisions/020).
  states: {
    fetching: ({ context, event }) => {
      expect(['xstate.init', 'booking.retry']).toContain(event.type);
      expect(context.movedTo).toBeNull();
    },
    loaded: ({ context, event, entered }) => {
      // Entered from the loader's answer (on start) or from the chart's own fetch.
      if (entered && event.type === 'xstate.init')
        expect(context.first).toEqual({ result: { status: 200, data: detail } });
      else if (entered && event.type !== 'booking.reload')
        expect(outputOf(event)).toEqual({ status: 200, data: detail });
      expect(context.detail?.order.id).toBe('o1');
    },
    'loaded.checkingChangeability': ({ context, event }) =>
      expect(event.type === 'xstate.init' ? (context.first as { result: unknown }).result : outputOf(event)).toEqual({
        status: 200,
        data: detail,
      }),
    'loaded.changeabilityKnown': ({ context, event }) => {
      expect(event.type).toBe('xstate.done.actor.fetchChangeability');
      expect(context.changeability).toEqual({ changeable: false, reason: 'DEPARTED' });
    },
    'loaded.changeabilityUnavailable': ({ context, event }) => {
      expect(event.type).toBe('xstate.error.actor.fetchChangeability');
      expect(context.changeability).toBeNull();
    },
    reloading: ({ snapshot, context, event }) => {
      // The page stays on screen while the booking is fetched again, then shows the new copy.
      expect(event.type).toBe('booking.reload');
      expect(context.detail?.order.id).toBe('o1');
      const next = nextFrom({ snapshot }, {
        type: 'xstate.done.actor.fetchBooking',
        output: { status: 200, data: reloaded },
      } as never);
      expect(next.value).toEqual({ loaded: 'checkingChangeability' });
      expect(next.context.detail).toBe(reloaded);
    },
    error: ({ snapshot, context, event }) => {
      expect(
        (event.type === 'xstate.init'
          ? (context.first as { error: { problem?: { kind?: string } } }).error
          : errorOf(event)
        )?.problem?.kind,
      ).toBe('http');
      expect(snapshot.can({ type: 'booking.retry' }), 'the error offers a retry').toBe(true);
    },
    schemaError: ({ snapshot, context, event }) => {
      expect(
        (event.type === 'xstate.init'
          ? (context.first as { error: { problem?: { kind?: string } } }).error
          : errorOf(event)
        )?.problem?.kind,
      ).toBe('schema');
      expect(snapshot.can({ type: 'booking.retry' }), 'the error offers a retry').toBe(true);
    },
    movedToHistory: ({ snapshot, context, event, actions }) => {
      expect(event.type === 'xstate.init' ? (context.first as { result: unknown }).result : outputOf(event)).toEqual({
        status: 308,
        data: { bookingId: 'h1' },
      });
      expect(actions).toContain('goToHistory');
      // The history is the 308's booking id, not the one asked for (docs/product/states.md).
      expect(snapshot.output).toEqual({ movedTo: 'h1' });
    },
  },
});
