import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import type { PersonalDetails, SavePersonalDetailsResult } from '#src/schemas/customer-profile';
import { collectErrors, hasErrors, validateFirstName, validateLastName } from '#src/schemas/forms';
import { submitAttemptPatch, touchPatch } from './lib/form-kit';
import { doneOutput } from './lib/done-output';

/**
 * Personal details (spec sections 2, 3, 5, 8): load, edit first and last name (and, when the
 * passengers-and-railcards feature is on, whether to update the account holder's passenger too),
 * save. The fetch error is a flag with a retry; a failed save keeps every typed value and sets
 * updateFailed; a save whose passenger sync failed sets passengerUpdateFailed. 'Saved!' shows while
 * the form is pristine after a successful save (`savedOnce && !dirty`).
 */
export type PersonalDetailsField = 'firstName' | 'lastName';
export const personalDetailsValidators = { firstName: validateFirstName, lastName: validateLastName };

interface Baseline {
  firstName: string;
  lastName: string;
  shouldUpdatePassenger: boolean;
}

export interface PersonalDetailsContext {
  values: Record<PersonalDetailsField, string>;
  email: string;
  shouldUpdatePassenger: boolean;
  /** The last loaded or saved values: the form is dirty when it differs from them. */
  baseline: Baseline;
  touched: Partial<Record<PersonalDetailsField, boolean>>;
  dirty: boolean;
  submitAttempted: boolean;
  savedOnce: boolean;
  updateFailed: boolean;
  passengerUpdateFailed: boolean;
}

export type PersonalDetailsEvent =
  | { type: 'form.change'; field: PersonalDetailsField; value: string }
  | { type: 'form.blur'; field: PersonalDetailsField }
  | { type: 'form.toggleUpdatePassenger'; checked: boolean }
  | { type: 'form.submit' }
  | { type: 'details.retry' };

export interface SavePersonalDetailsInput {
  firstName: string;
  lastName: string;
  email: string;
  shouldUpdatePassenger: boolean;
}

export const personalDetailsMessages = {
  fetchFailed: 'Sorry, we could not load your personal details. Please try again.',
  updateFailed: 'Sorry, we could not save your personal details. Please try again.',
  /** Followed by a link to Passengers and railcards and a full stop. */
  passengerUpdateFailedLead:
    'Your personal details have been saved, but we could not update your passenger details. Please update them in',
  emailCannotChange: 'Your email address for this account cannot be changed',
} as const;

const differs = (values: Record<PersonalDetailsField, string>, update: boolean, baseline: Baseline) =>
  values.firstName !== baseline.firstName || values.lastName !== baseline.lastName || update !== baseline.shouldUpdatePassenger;

const savedDetails = (event: { type: string }) => doneOutput<SavePersonalDetailsResult>(event, 'savePersonalDetails');

export const personalDetailsMachine = setup({
  types: {
    context: {} as PersonalDetailsContext,
    events: {} as PersonalDetailsEvent,
  },
  actors: {
    fetchPersonalDetails: fromPromise<PersonalDetails>(async () => {
      throw new Error('fetchPersonalDetails not provided');
    }),
    savePersonalDetails: fromPromise<SavePersonalDetailsResult, SavePersonalDetailsInput>(async () => {
      throw new Error('savePersonalDetails not provided');
    }),
  },
  guards: {
    isValid: ({ context }) => context.dirty && !hasErrors(collectErrors(context.values, personalDetailsValidators)),
  },
  actions: {
    loadDetails: assign(({ event }) => {
      const details = doneOutput<PersonalDetails>(event, 'fetchPersonalDetails');
      return {
        values: { firstName: details.firstName, lastName: details.lastName },
        email: details.email,
        shouldUpdatePassenger: details.shouldUpdatePassenger,
        baseline: { firstName: details.firstName, lastName: details.lastName, shouldUpdatePassenger: details.shouldUpdatePassenger },
        dirty: false,
      };
    }),
    setValue: assign(({ context, event }) => {
      if (event.type !== 'form.change') return {};
      const values = { ...context.values, [event.field]: event.value };
      return { values, dirty: differs(values, context.shouldUpdatePassenger, context.baseline) };
    }),
    setUpdatePassenger: assign(({ context, event }) =>
      event.type === 'form.toggleUpdatePassenger'
        ? { shouldUpdatePassenger: event.checked, dirty: differs(context.values, event.checked, context.baseline) }
        : {},
    ),
    touch: assign(({ context, event }) => touchPatch(context, event)),
    markSubmitAttempted: assign(submitAttemptPatch),
    clearSaveFlags: assign({ updateFailed: false, passengerUpdateFailed: false }),
    storeSaved: assign(({ context, event }) => {
      const saved = savedDetails(event);
      return {
        values: { firstName: saved.firstName, lastName: saved.lastName },
        email: saved.email,
        baseline: { firstName: saved.firstName, lastName: saved.lastName, shouldUpdatePassenger: context.shouldUpdatePassenger },
        dirty: false,
        touched: {},
        submitAttempted: false,
        savedOnce: true,
        passengerUpdateFailed: saved.updatePassengerFailed,
      };
    }),
    setUpdateFailed: assign({ updateFailed: true }),
    /** Provided by the app: tell the session (header, auth user) the new name. */
    nameChanged: (_, _params: { firstName: string; lastName: string }) => {},
  },
})
  .extend<{ announceNameChange: undefined }>({
    actions: {
      /** The name savePersonalDetails stored, handed to the app's nameChanged as its params. */
      announceNameChange: enqueueActions(({ event, enqueue }) => {
        const { firstName, lastName } = savedDetails(event);
        enqueue({ type: 'nameChanged', params: { firstName, lastName } });
      }),
    },
  })
  .createMachine({
  id: 'personalDetails',
  context: {
    values: { firstName: '', lastName: '' },
    email: '',
    shouldUpdatePassenger: false,
    baseline: { firstName: '', lastName: '', shouldUpdatePassenger: false },
    touched: {},
    dirty: false,
    submitAttempted: false,
    savedOnce: false,
    updateFailed: false,
    passengerUpdateFailed: false,
  },
  initial: 'loading',
  states: {
    loading: {
      description: 'The personal details are loading.',
      tags: ['loading'],
      invoke: {
        id: 'fetchPersonalDetails',
        src: 'fetchPersonalDetails',
        onDone: { target: 'editing', actions: 'loadDetails' },
        onError: { target: 'loadFailed' },
      },
    },
    loadFailed: {
      description: 'Flag only (spec section 8): show a retry.',
      on: { 'details.retry': { target: 'loading' } },
    },
    editing: {
      description: 'First and last name (and whether to update the account holder\'s passenger); \'Saved!\' while pristine after a save; update-failed and passenger-update-failed flags.',
      on: {
        'form.change': { actions: 'setValue' },
        'form.blur': { actions: 'touch' },
        'form.toggleUpdatePassenger': { actions: 'setUpdatePassenger' },
        'form.submit': [
          { guard: 'isValid', target: 'saving', actions: 'clearSaveFlags' },
          { actions: 'markSubmitAttempted' },
        ],
      },
    },
    saving: {
      description: 'The details are being saved; submit is disabled.',
      invoke: {
        id: 'savePersonalDetails',
        src: 'savePersonalDetails',
        input: ({ context }) => ({
          firstName: context.values.firstName.trim(),
          lastName: context.values.lastName.trim(),
          email: context.email,
          shouldUpdatePassenger: context.shouldUpdatePassenger,
        }),
        onDone: {
          target: 'editing',
          actions: [
            'storeSaved',
            'announceNameChange',
          ],
        },
        onError: { target: 'editing', actions: 'setUpdateFailed' },
      },
    },
  },
});
