import { expect } from 'vitest';
import { editPassengersMachine } from '#machines/edit-passengers';
import { describeMachineModel, errorOf, inputOf, nextFrom, stepFrom } from './harness';

/** The save refused with a 422, as the API client reports it: the codes, the server's sentence, and its body. */
const refused = (codes: string[], detail: string | null, body?: unknown) => ({
  type: 'xstate.error.actor.editPassengers' as const,
  error: {
    status: 422,
    problem: { kind: 'http', status: 422, codes, detail, ...(body === undefined ? {} : { body }) },
  },
});

describeMachineModel(editPassengersMachine, {
  name: 'editPassengersMachine',
  input: { bookingId: 'b1' },
  events: {
    'passenger.edit': [{ type: 'passenger.edit', passengerId: 'p1', firstName: 'Alex', lastName: 'Morgan' }],
    'form.change': (snap) => {
      const { firstName } = snap.context.values;
      // One invalid value, then a valid one: enough to reach every guard outcome.
      if (firstName === 'Alex') return [{ type: 'form.change', field: 'firstName', value: 'A' } as const];
      if (firstName === 'A') return [{ type: 'form.change', field: 'firstName', value: 'Alexandra' } as const];
      return [];
    },
    'form.blur': [{ type: 'form.blur', field: 'firstName' }],
    'xstate.done.actor.editPassengers': [
      { type: 'xstate.done.actor.editPassengers', output: { bookingId: 'b1', passengers: [] } },
    ],
    'xstate.error.actor.editPassengers': [
      refused([], 'This booking has been replaced, so its passengers can no longer be changed.'),
      // The name another passenger has: worded from the catalogue, its code kept for the screen to tie it to the name (decision 670).
      refused(['DUPLICATE_NAME'], 'Each passenger on a booking needs a different name.'),
      // An invisible character in the last name: the refusal names the field it is about (decision 883).
      refused(['INVALID_CHARACTERS'], null, {
        errors: [{ code: 'INVALID_CHARACTERS', message: 'lastName: contains a control character' }],
      }),
      { type: 'xstate.error.actor.editPassengers', error: { status: 500, problem: { kind: 'http', detail: null } } },
    ],
  },
  serializeContext: (c) => ({
    first: c.values.firstName,
    open: c.passengerId,
    error: c.error,
    code: c.errorCode,
    field: c.refusedField,
    saved: c.saved,
    attempted: c.submitAttempted,
    touched: c.touched,
  }),
  maxPaths: 300,
  calls: {
    submitting: {
      editPassengers: {
        bookingId: 'b1',
        alterablesIds: ['p1'],
        newUsers: [{ firstName: 'Alexandra', lastName: 'Morgan' }],
      },
    },
  },
  // docs/product/states.md: editing, error with message (response detail or generic); success reloads.
  states: {
    idle: ({ context, event, actions }) => {
      expect(context.passengerId, 'no dialog open').toBeNull();
      if (event.type === 'xstate.init') {
        expect(context).toEqual({
          bookingId: 'b1',
          passengerId: null,
          values: { firstName: '', lastName: '' },
          touched: {},
          dirty: false,
          submitAttempted: false,
          error: null,
          errorCode: null,
          refusedField: null,
          saved: false,
        });
      }
      expect(context.error).toBeNull();
      expect(context.refusedField).toBeNull();
      if (event.type === 'xstate.done.actor.editPassengers') {
        expect(context.saved).toBe(true);
        expect(actions, 'success reloads the booking').toContain('reloadBooking');
      }
      if (event.type === 'edit.cancel') expect(context.saved).toBe(false);
    },
    editing: ({ snapshot, context, event }) => {
      expect(context.passengerId).toBe('p1');
      const error = errorOf(event) as { problem?: { detail?: string | null; codes?: string[] } } | undefined;
      if (error?.problem?.codes?.[0] === 'DUPLICATE_NAME') {
        expect(context).toMatchObject({ errorCode: 'DUPLICATE_NAME', error: { detail: null }, refusedField: null });
        expect(context.values.firstName, 'input kept').toBe('Alexandra');
      } else if (error?.problem?.codes?.[0] === 'INVALID_CHARACTERS') {
        expect(context).toMatchObject({
          errorCode: 'INVALID_CHARACTERS',
          error: { detail: null },
          refusedField: 'lastName',
        });
        expect(context.values.lastName, 'input kept').toBe('Morgan');
      } else if (error) {
        expect(context.error).toEqual({ detail: error.problem?.detail ?? null });
        expect(context.errorCode).toBeNull();
        expect(context.refusedField).toBeNull();
        expect(context.values.firstName, 'input kept').toBe('Alexandra');
      } else if (event.type === 'passenger.edit') {
        expect(context).toMatchObject({
          values: { firstName: 'Alex', lastName: 'Morgan' },
          dirty: false,
          submitAttempted: false,
          error: null,
          errorCode: null,
          refusedField: null,
          saved: false,
        });
      } else if (event.type === 'form.change') {
        expect(context.values[event.field]).toBe(event.value);
      } else if (event.type === 'form.submit') {
        expect(context.submitAttempted).toBe(true);
      } else if (event.type === 'form.blur') {
        expect(context.touched[event.field]).toBe(true);
      }
      expect(snapshot.can({ type: 'edit.cancel' })).toBe(true);
      // The names are sent without the spaces typed around them.
      let spaced = nextFrom({ snapshot }, { type: 'form.change', field: 'firstName', value: ' Alexandra  ' });
      spaced = nextFrom({ snapshot: spaced }, { type: 'form.change', field: 'lastName', value: '  Morgan ' });
      const sent = stepFrom({ snapshot: spaced }, { type: 'form.submit' }).snapshot;
      expect(sent.value).toBe('submitting');
      expect(inputOf(sent, 'editPassengers')).toEqual({
        bookingId: 'b1',
        alterablesIds: ['p1'],
        newUsers: [{ firstName: 'Alexandra', lastName: 'Morgan' }],
      });
    },
    submitting: ({ context, event }) => {
      expect(event.type).toBe('form.submit');
      expect(context.values.firstName).toBe('Alexandra');
      expect(context.error).toBeNull();
      expect(context.refusedField, 'a new attempt clears the last refusal').toBeNull();
    },
  },
});
