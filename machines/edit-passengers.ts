import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { collectErrors, hasErrors } from '#src/schemas/forms';
import { validatePassengerName } from '#src/schemas/passengers';
import { codeOf, problemOfEvent, reasonOf } from './lib/problems';
import { changePatch, submitAttemptPatch, touchPatch } from './lib/form-kit';
import { fieldRefusalOf } from './lib/field-refusal';

/**
 * Edit passengers on a booking (docs/product/states.md, docs/product/api.md): PUT pico/edit-passengers with alterablesIds,
 * newUsers and bookingId. Editing one passenger's name at a time (a dialog on the detail page);
 * failure shows the response's `detail` or a generic message and keeps the input; success asks the
 * booking to reload. DUPLICATE_NAME is worded from the catalogue and the screen ties it to the name's
 * fields (docs/decisions/670-error-summary-and-refusals-tied-to-fields.md); a refusal naming one of
 * them (INVALID_CHARACTERS) is tied to that field (docs/decisions/883-field-refusals-by-code.md).
 */
export type EditPassengerField = 'firstName' | 'lastName';
export const editPassengerValidators = { firstName: validatePassengerName, lastName: validatePassengerName };

export interface EditPassengersContext {
  bookingId: string;
  passengerId: string | null;
  values: Record<EditPassengerField, string>;
  touched: Partial<Record<EditPassengerField, boolean>>;
  dirty: boolean;
  submitAttempted: boolean;
  /** The last save failed: with the server's own sentence when it gave one (the screen words the rest). */
  error: { detail: string | null } | null;
  /** The refusal's code (`DUPLICATE_NAME`: the name is another passenger's on this booking), or null. */
  errorCode: string | null;
  /** The name field the refusal is about, when it names one, or null. */
  refusedField: EditPassengerField | null;
  saved: boolean;
}

export type EditPassengersEvent =
  | { type: 'passenger.edit'; passengerId: string; firstName: string; lastName: string }
  | { type: 'form.change'; field: EditPassengerField; value: string }
  | { type: 'form.blur'; field: EditPassengerField }
  | { type: 'form.submit' }
  | { type: 'edit.cancel' };

export interface EditPassengersRequest {
  bookingId: string;
  alterablesIds: string[];
  newUsers: { firstName: string; lastName: string }[];
}

const NAME_FIELDS: readonly EditPassengerField[] = ['firstName', 'lastName'];
const detailOf = (event: object): string | null => reasonOf(problemOfEvent(event));

export const editPassengersMachine = setup({
  types: {
    context: {} as EditPassengersContext,
    events: {} as EditPassengersEvent,
    input: {} as { bookingId: string },
  },
  actors: {
    editPassengers: fromPromise<unknown, EditPassengersRequest>(async () => {
      throw new Error('editPassengers not provided');
    }),
  },
  guards: {
    isValid: ({ context }) => context.dirty && !hasErrors(collectErrors(context.values, editPassengerValidators)),
  },
  actions: {
    open: assign(({ event }) => {
      assertEvent(event, 'passenger.edit');
      return {
        passengerId: event.passengerId,
        values: { firstName: event.firstName, lastName: event.lastName },
        touched: {},
        dirty: false,
        submitAttempted: false,
        error: null,
        errorCode: null,
        refusedField: null,
        saved: false,
      };
    }),
    setValue: assign(({ context, event }) => changePatch(context, event, {})),
    touch: assign(({ context, event }) => touchPatch(context, event)),
    markSubmitAttempted: assign(submitAttemptPatch),
    clearError: assign({ error: null, errorCode: null, refusedField: null }),
    storeError: assign(({ event }) => {
      const code = codeOf(problemOfEvent(event));
      return {
        errorCode: code,
        error: { detail: code === 'DUPLICATE_NAME' ? null : detailOf(event) },
        refusedField: fieldRefusalOf(event, NAME_FIELDS)?.field ?? null,
      };
    }),
    close: assign({ passengerId: null, error: null, errorCode: null, refusedField: null }),
    markSaved: assign({ saved: true, passengerId: null, error: null, errorCode: null, refusedField: null }),
    /** The screen reloads the booking (provided by the route). */
    reloadBooking: () => {},
  },
}).createMachine({
  id: 'editPassengers',
  context: ({ input }) => ({
    bookingId: input.bookingId,
    passengerId: null,
    values: { firstName: '', lastName: '' },
    touched: {},
    dirty: false,
    submitAttempted: false,
    error: null,
    errorCode: null,
    refusedField: null,
    saved: false,
  }),
  initial: 'idle',
  states: {
    idle: {
      description: "The booking's passengers; no edit dialog open.",
      on: { 'passenger.edit': { target: 'editing', actions: 'open' } },
    },
    editing: {
      description:
        "The edit dialog for one passenger's name; a failure shows the response's detail or a generic message, input kept.",
      on: {
        'form.change': { actions: 'setValue' },
        'form.blur': { actions: 'touch' },
        'form.submit': [
          { guard: 'isValid', target: 'submitting', actions: 'clearError' },
          { actions: 'markSubmitAttempted' },
        ],
        'edit.cancel': { target: 'idle', actions: 'close' },
      },
    },
    submitting: {
      description: 'The new name is being saved (PUT pico/edit-passengers); on success the booking reloads.',
      invoke: {
        id: 'editPassengers',
        src: 'editPassengers',
        input: ({ context }) => ({
          bookingId: context.bookingId,
          alterablesIds: context.passengerId ? [context.passengerId] : [],
          newUsers: [{ firstName: context.values.firstName.trim(), lastName: context.values.lastName.trim() }],
        }),
        onDone: { target: 'idle', actions: ['markSaved', 'reloadBooking'] },
        onError: { target: 'editing', actions: 'storeError' },
      },
    },
  },
});
