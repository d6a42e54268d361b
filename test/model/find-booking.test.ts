import { expect } from 'vitest';
import { findBookingMachine } from '../../machines/find-booking';
import type { FindBookingField } from '../../src/schemas/find-booking';
import { describeMachineModel } from './harness';

const filled: Record<FindBookingField, string> = {
  bookingReference: 'TL-7Q4K2M',
  departureDate: '2026-05-01',
  passengerSurname: 'Morgan',
  emailAddress: 'demo@example.com',
};
const order: FindBookingField[] = ['bookingReference', 'departureDate', 'passengerSurname', 'emailAddress'];

describeMachineModel(findBookingMachine, {
  name: 'findBookingMachine',
  events: {
    // Fill the fields in order; once all are filled, one correction of the surname keeps the model finite.
    'form.change': (snap) => {
      const next = order.find((f) => snap.context.values[f] === '');
      if (next) return [{ type: 'form.change', field: next, value: filled[next] } as const];
      return snap.context.values.passengerSurname === 'Morgan'
        ? [{ type: 'form.change', field: 'passengerSurname', value: 'morgan' } as const]
        : [];
    },
    'form.blur': [{ type: 'form.blur', field: 'emailAddress' }],
    'xstate.done.actor.findBooking': [
      { type: 'xstate.done.actor.findBooking', output: { orderExchangeToken: 'exchange-token-1', bookingId: 'b1' } },
    ],
    'xstate.error.actor.findBooking': [
      { type: 'xstate.error.actor.findBooking', error: { status: 400 } },
      { type: 'xstate.error.actor.findBooking', error: { status: 422 } },
      { type: 'xstate.error.actor.findBooking', error: { status: 500 } },
    ],
  },
  serializeContext: (c) => ({ values: c.values, submitAttempted: c.submitAttempted, touched: c.touched }),
  maxPaths: 300,
  assert: (snapshot) => {
    if (snapshot.matches('success')) expect(snapshot.context.response?.orderExchangeToken).toBe('exchange-token-1');
    // Input is kept after a server failure.
    if (snapshot.matches('notFound') || snapshot.matches('serverError') || snapshot.matches('badRequest')) {
      expect(snapshot.context.values.bookingReference).toBe(filled.bookingReference);
    }
  },
});
