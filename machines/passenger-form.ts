import { assign, fromPromise, setup } from 'xstate';
import {
  PASSENGER_LIMIT_REACHED,
  emptyPassengerValues,
  passengerErrors,
  toPassengerRequest,
  toPassengerValues,
  type PassengerErrorKey,
  type PassengerField,
  type PassengerRequest,
  type PassengerValues,
  type SavedPassenger,
  type SavePassengerResponse,
} from '#src/schemas/passengers';
import { changePatch, submitAttemptPatch, touchPatch } from './lib/form-kit';
import { doneOutput } from './lib/done-output';
import { fieldRefusalOf, type FieldRefusal } from './lib/field-refusal';
import { codeOf, problemOfEvent } from './lib/problems';
import { firstFailed, firstLoaded, type FirstData } from './lib/first-data';

/**
 * Add and edit a saved passenger, and delete one (docs/product/screens.md, docs/product/states.md, docs/product/validation.md, docs/product/errors.md): add starts editing an
 * empty form; edit loads the passenger first. Save and delete end the flow (the screen goes back to
 * the list). An account-holder edit whose account update failed stays, with the account-update flag.
 * Given what its route loaded (docs/decisions/730), edit starts from it: the form filled in, or the
 * load's error (not found, or a failure with its retry); without it, it fetches the passenger itself.
 */
export type PassengerFormMode = 'add' | 'edit';

export interface PassengerFormInput {
  mode: PassengerFormMode;
  passengerId: string | null;
  /** Today's date (YYYY-MM-DD) for the date-of-birth rules. */
  today: string;
  /** What the edit route's loader got (the passenger or the load's error); absent, the chart fetches it. */
  first?: FirstData<SavedPassenger> | null;
}

export interface PassengerFormContext {
  mode: PassengerFormMode;
  passengerId: string | null;
  today: string;
  /** What the edit route loaded (docs/decisions/730): the chart starts from it; null when it fetches itself. */
  first: FirstData<SavedPassenger> | null;
  values: PassengerValues;
  touched: Partial<Record<PassengerErrorKey, boolean>>;
  dirty: boolean;
  submitAttempted: boolean;
  isAccountHolder: boolean;
  shouldUpdateAccount: boolean;
  loadError: unknown;
  saveFailed: boolean;
  /** The failed save was an add refused because the account holds the most passengers it may (decision 569). */
  limitReached: boolean;
  /**
   * The last save was refused about one field (a character the server's text rule refuses in a name
   * or the nickname): that field's error until it is changed (decision 670); saveFailed stays false.
   */
  refusal: FieldRefusal<'firstName' | 'lastName' | 'nickName'> | null;
  accountUpdateFailed: boolean;
  deleteFailed: boolean;
  outcome: 'saved' | 'deleted' | null;
}

export type PassengerFormEvent =
  | { type: 'form.change'; field: PassengerField; value: string }
  | { type: 'form.blur'; field: PassengerErrorKey }
  | { type: 'form.toggleUpdateAccount'; value: boolean }
  | { type: 'form.submit' }
  | { type: 'passenger.retry' }
  | { type: 'delete.request' }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' };

export interface SavePassengerInput {
  mode: PassengerFormMode;
  passengerId: string | null;
  body: PassengerRequest;
}

const errorsOf = (c: Pick<PassengerFormContext, 'values' | 'today' | 'isAccountHolder'>) =>
  passengerErrors(c.values, { today: c.today, isAccountHolder: c.isAccountHolder });

/** Errors to show (once a field was left or a submit tried) and whether submit is allowed. */
export const passengerFormView = (context: PassengerFormContext, submitting: boolean) => {
  const errors = errorsOf(context);
  const shown: Partial<Record<PassengerErrorKey, string>> = {};
  for (const key of Object.keys(errors) as PassengerErrorKey[]) {
    if (context.touched[key] || context.submitAttempted) shown[key] = errors[key];
  }
  // `blocking`: every field still missing or wrong, for the hint beside a disabled submit.
  return {
    errors: shown,
    blocking: Object.keys(errors) as PassengerErrorKey[],
    canSubmit: context.dirty && Object.keys(errors).length === 0 && !submitting,
  };
};

export const passengerFormMachine = setup({
  types: {
    context: {} as PassengerFormContext,
    events: {} as PassengerFormEvent,
    input: {} as PassengerFormInput,
    output: {} as { outcome: 'saved' | 'deleted' },
  },
  actors: {
    fetchPassenger: fromPromise<SavedPassenger, { passengerId: string }>(async () => {
      throw new Error('fetchPassenger not provided');
    }),
    savePassenger: fromPromise<SavePassengerResponse, SavePassengerInput>(async () => {
      throw new Error('savePassenger not provided');
    }),
    deletePassenger: fromPromise<unknown, { passengerId: string }>(async () => {
      throw new Error('deletePassenger not provided');
    }),
  },
  guards: {
    isEdit: ({ context }) => context.mode === 'edit',
    firstLoaded: ({ context }) => firstLoaded(context.first),
    firstFailed: ({ context }) => firstFailed(context.first),
    isValid: ({ context }) => context.dirty && Object.keys(errorsOf(context)).length === 0,
    canDelete: ({ context }) => context.mode === 'edit' && !context.isAccountHolder,
    hasAccountUpdateFailed: ({ event }) =>
      doneOutput<SavePassengerResponse>(event, 'savePassenger').accountUpdateFailed === true,
  },
  actions: {
    storePassenger: assign(({ event }) => {
      const p = doneOutput<SavedPassenger>(event, 'fetchPassenger');
      return { values: toPassengerValues(p), isAccountHolder: p.isAccountHolder, loadError: null };
    }),
    storeLoadError: assign({ loadError: ({ event }) => ('error' in event ? event.error : null) }),
    /** The same from what the route loaded: the passenger, or its load's error. */
    storeFirstPassenger: assign(({ context }) =>
      firstLoaded(context.first)
        ? { values: toPassengerValues(context.first.data), isAccountHolder: context.first.data.isAccountHolder }
        : {},
    ),
    storeFirstLoadError: assign(({ context }) =>
      firstFailed(context.first) ? { loadError: context.first.error } : {},
    ),
    setValue: assign(({ context, event }) =>
      changePatch(context, event, {
        saveFailed: false,
        limitReached: false,
        accountUpdateFailed: false,
        // The refused value is gone once its field changes.
        refusal: event.type === 'form.change' && context.refusal?.field === event.field ? null : context.refusal,
      }),
    ),
    touch: assign(({ context, event }) => touchPatch(context, event)),
    setUpdateAccount: assign(({ event }) =>
      event.type === 'form.toggleUpdateAccount'
        ? { shouldUpdateAccount: event.value, dirty: true, accountUpdateFailed: false }
        : {},
    ),
    markSubmitAttempted: assign(submitAttemptPatch),
    clearOutcome: assign({
      saveFailed: false,
      limitReached: false,
      accountUpdateFailed: false,
      deleteFailed: false,
      refusal: null,
    }),
    /** A refusal about one field is that field's; any other failure is the form's save error. */
    flagSaveFailed: assign(({ event }) => {
      const refusal = fieldRefusalOf(event, ['firstName', 'lastName', 'nickName'] as const);
      return {
        saveFailed: refusal === null,
        limitReached: codeOf(problemOfEvent(event)) === PASSENGER_LIMIT_REACHED,
        refusal,
      };
    }),
    flagAccountUpdateFailed: assign({ accountUpdateFailed: true, dirty: false }),
    flagDeleteFailed: assign({ deleteFailed: true }),
    markSaved: assign({ outcome: 'saved' as const }),
    markDeleted: assign({ outcome: 'deleted' as const }),
  },
}).createMachine({
  id: 'passengerForm',
  context: ({ input }) => ({
    mode: input.mode,
    passengerId: input.passengerId,
    today: input.today,
    first: input.first ?? null,
    values: emptyPassengerValues,
    touched: {},
    dirty: false,
    submitAttempted: false,
    isAccountHolder: false,
    shouldUpdateAccount: false,
    loadError: null,
    saveFailed: false,
    limitReached: false,
    refusal: null,
    accountUpdateFailed: false,
    deleteFailed: false,
    outcome: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      description:
        "Add starts with an empty form; edit starts from what the route loaded (the passenger, or the load's error), else it loads the passenger first.",
      always: [
        { guard: 'firstLoaded', target: 'editing', actions: 'storeFirstPassenger' },
        { guard: 'firstFailed', target: 'loadFailed', actions: 'storeFirstLoadError' },
        { guard: 'isEdit', target: 'loading' },
        { target: 'editing' },
      ],
    },
    loading: {
      description: 'Edit: the passenger is loading.',
      invoke: {
        id: 'fetchPassenger',
        src: 'fetchPassenger',
        // Entered only behind isEdit, whose passenger id the edit route gives.
        input: ({ context }) => ({ passengerId: context.passengerId! }),
        onDone: { target: 'editing', actions: 'storePassenger' },
        onError: { target: 'loadFailed', actions: 'storeLoadError' },
      },
    },
    loadFailed: {
      description: 'The passenger could not be loaded: an error with a retry.',
      on: { 'passenger.retry': 'loading' },
    },
    editing: {
      description:
        "The passenger form; a failed save shows 'Oops! Unfortunately this passenger could not be added|updated. Please try again later.', or, for an add past the account's most passengers, that limit, or, refused about one field, marks that field; input kept.",
      on: {
        'form.change': { actions: 'setValue' },
        'form.blur': { actions: 'touch' },
        'form.toggleUpdateAccount': { actions: 'setUpdateAccount' },
        'form.submit': [
          { guard: 'isValid', target: 'submitting', actions: 'clearOutcome' },
          { actions: 'markSubmitAttempted' },
        ],
        'delete.request': { guard: 'canDelete', target: 'confirmingDelete', actions: 'clearOutcome' },
      },
    },
    submitting: {
      description: 'The passenger is being saved; submit is disabled.',
      invoke: {
        id: 'savePassenger',
        src: 'savePassenger',
        input: ({ context }) => ({
          mode: context.mode,
          passengerId: context.passengerId,
          body: {
            ...toPassengerRequest(context.values, context.isAccountHolder),
            ...(context.mode === 'edit' && context.isAccountHolder
              ? { shouldUpdateAccount: context.shouldUpdateAccount }
              : {}),
          },
        }),
        onDone: [
          {
            guard: 'hasAccountUpdateFailed',
            target: 'editing',
            actions: 'flagAccountUpdateFailed',
          },
          { target: 'saved', actions: 'markSaved' },
        ],
        onError: { target: 'editing', actions: 'flagSaveFailed' },
      },
    },
    confirmingDelete: {
      description: 'The delete confirmation for this passenger; a failed delete shows its error here.',
      on: {
        'delete.confirm': 'deleting',
        'delete.cancel': { target: 'editing', actions: 'clearOutcome' },
      },
    },
    deleting: {
      description: 'The passenger is being deleted.',
      invoke: {
        id: 'deletePassenger',
        src: 'deletePassenger',
        // Reached only through canDelete (edit mode), with the edit route's passenger id.
        input: ({ context }) => ({ passengerId: context.passengerId! }),
        onDone: { target: 'deleted', actions: 'markDeleted' },
        onError: { target: 'confirmingDelete', actions: 'flagDeleteFailed' },
      },
    },
    saved: { description: 'Saved: back to /my-account/passengers-and-railcards.', type: 'final' },
    deleted: { description: 'Deleted: back to /my-account/passengers-and-railcards.', type: 'final' },
  },
  // Both final states are entered with markSaved or markDeleted: the outcome is set.
  output: ({ context }) => ({ outcome: context.outcome! }),
});
