import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import type { PersonalDetails, SavePersonalDetailsResult } from '#src/schemas/customer-profile';
import { collectErrors, hasErrors, validateFirstName, validateLastName } from '#src/schemas/forms';
import { submitAttemptPatch, touchPatch } from './lib/form-kit';
import { hasStatus } from './lib/problems';
import { doneOutput } from './lib/done-output';
import { firstFailed, firstLoaded, type FirstData } from './lib/first-data';
import { fieldRefusalOf, type FieldRefusal } from './lib/field-refusal';

/**
 * Personal details (docs/product/screens.md, docs/product/entities.md, docs/product/validation.md, docs/product/errors.md): load, edit first and last name (and, when the
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
  /** The last save failed for a reason about no one field. */
  updateFailed: boolean;
  /**
   * The last save was refused about one name (a character the server's text rule refuses): that
   * field's error until it is changed (decision 670); updateFailed stays false.
   */
  refusal: FieldRefusal<PersonalDetailsField> | null;
  passengerUpdateFailed: boolean;
  /** What was typed before a 401 sent the customer to sign in; laid over the loaded details once. */
  draft: PersonalDetailsDraft | null;
  /** The form shows a kept draft (not yet saved). */
  draftRestored: boolean;
  /** What the route loaded (docs/decisions/730): the chart starts from it; null when it fetches itself. */
  first: FirstData<PersonalDetails> | null;
}

/** The typed values a 401 on save keeps (in memory, by the app) for after sign-in. */
export interface PersonalDetailsDraft {
  values: Record<PersonalDetailsField, string>;
  shouldUpdatePassenger: boolean;
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

export interface PersonalDetailsInput {
  draft?: PersonalDetailsDraft | null;
  first?: FirstData<PersonalDetails> | undefined;
}

const detailsPatch = (details: PersonalDetails) => ({
  values: { firstName: details.firstName, lastName: details.lastName },
  email: details.email,
  shouldUpdatePassenger: details.shouldUpdatePassenger,
  baseline: {
    firstName: details.firstName,
    lastName: details.lastName,
    shouldUpdatePassenger: details.shouldUpdatePassenger,
  },
  dirty: false,
});

const differs = (values: Record<PersonalDetailsField, string>, update: boolean, baseline: Baseline) =>
  values.firstName !== baseline.firstName ||
  values.lastName !== baseline.lastName ||
  update !== baseline.shouldUpdatePassenger;

const savedDetails = (event: { type: string }) => doneOutput<SavePersonalDetailsResult>(event, 'savePersonalDetails');

export const personalDetailsMachine = setup({
  types: {
    context: {} as PersonalDetailsContext,
    events: {} as PersonalDetailsEvent,
    input: {} as PersonalDetailsInput,
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
    isUnauthorised: ({ event }) => hasStatus(event, 401),
    hasDraft: ({ context }) => context.draft !== null,
    firstLoadedWithDraft: ({ context }) => firstLoaded(context.first) && context.draft !== null,
    firstLoaded: ({ context }) => firstLoaded(context.first),
    firstFailed: ({ context }) => firstFailed(context.first),
  },
  actions: {
    loadDetails: assign(({ event }) => detailsPatch(doneOutput<PersonalDetails>(event, 'fetchPersonalDetails'))),
    /** The route's details, as `loadDetails` loads fetched ones. */
    loadFirstDetails: assign(({ context }) => (firstLoaded(context.first) ? detailsPatch(context.first.data) : {})),
    /** The kept draft over the loaded details: the customer sees what they typed, not yet saved. */
    restoreDraft: assign(({ context }) => {
      if (!context.draft) return {};
      const { values, shouldUpdatePassenger } = context.draft;
      return {
        values,
        shouldUpdatePassenger,
        dirty: differs(values, shouldUpdatePassenger, context.baseline),
        draft: null,
        draftRestored: true,
      };
    }),
    /** Provided by the app: keep the draft in memory for after sign-in (never storage or the URL). */
    keepDraft: (_, _params: PersonalDetailsDraft) => {},
    /** Provided by the app: the kept draft is on screen now; forget it. */
    dropDraft: () => {},
    setValue: assign(({ context, event }) => {
      if (event.type !== 'form.change') return {};
      const values = { ...context.values, [event.field]: event.value };
      return {
        values,
        dirty: differs(values, context.shouldUpdatePassenger, context.baseline),
        // The refused value is gone once its field changes.
        refusal: context.refusal?.field === event.field ? null : context.refusal,
      };
    }),
    setUpdatePassenger: assign(({ context, event }) =>
      event.type === 'form.toggleUpdatePassenger'
        ? { shouldUpdatePassenger: event.checked, dirty: differs(context.values, event.checked, context.baseline) }
        : {},
    ),
    touch: assign(({ context, event }) => touchPatch(context, event)),
    markSubmitAttempted: assign(submitAttemptPatch),
    clearSaveFlags: assign({ updateFailed: false, refusal: null, passengerUpdateFailed: false, draftRestored: false }),
    storeSaved: assign(({ context, event }) => {
      const saved = savedDetails(event);
      return {
        values: { firstName: saved.firstName, lastName: saved.lastName },
        email: saved.email,
        baseline: {
          firstName: saved.firstName,
          lastName: saved.lastName,
          shouldUpdatePassenger: context.shouldUpdatePassenger,
        },
        dirty: false,
        touched: {},
        submitAttempted: false,
        savedOnce: true,
        passengerUpdateFailed: saved.updatePassengerFailed,
      };
    }),
    /** A refusal about one name is that field's; any other failure is the form's update error. */
    setUpdateFailed: assign(({ event }) => {
      const refusal = fieldRefusalOf(event, ['firstName', 'lastName'] as const);
      return { updateFailed: refusal === null, refusal };
    }),
    /** Provided by the app: tell the session (header, auth user) the new name. */
    nameChanged: (_, _params: { firstName: string; lastName: string }) => {},
  },
})
  .extend<{ announceNameChange: undefined; handOverDraft: undefined }>({
    actions: {
      /** What the customer typed, handed to the app's keepDraft as its params (kept in memory for after sign-in). */
      handOverDraft: enqueueActions(({ context, enqueue }) => {
        enqueue({
          type: 'keepDraft',
          params: { values: context.values, shouldUpdatePassenger: context.shouldUpdatePassenger },
        });
      }),
      /** The name savePersonalDetails stored, handed to the app's nameChanged as its params. */
      announceNameChange: enqueueActions(({ event, enqueue }) => {
        const { firstName, lastName } = savedDetails(event);
        enqueue({ type: 'nameChanged', params: { firstName, lastName } });
      }),
    },
  })
  .createMachine({
    id: 'personalDetails',
    context: ({ input }) => ({
      values: { firstName: '', lastName: '' },
      email: '',
      shouldUpdatePassenger: false,
      baseline: { firstName: '', lastName: '', shouldUpdatePassenger: false },
      touched: {},
      dirty: false,
      submitAttempted: false,
      savedOnce: false,
      updateFailed: false,
      refusal: null,
      passengerUpdateFailed: false,
      draft: input.draft ?? null,
      draftRestored: false,
      first: input.first ?? null,
    }),
    initial: 'starting',
    states: {
      starting: {
        description:
          'Where the screen starts: from what the route loaded (the details, with a kept draft laid over them, or its error), else it fetches them.',
        always: [
          {
            guard: 'firstLoadedWithDraft',
            target: 'editing',
            actions: ['loadFirstDetails', 'restoreDraft', 'dropDraft'],
          },
          { guard: 'firstLoaded', target: 'editing', actions: 'loadFirstDetails' },
          { guard: 'firstFailed', target: 'loadFailed' },
          { target: 'loading' },
        ],
      },
      loading: {
        description: 'The personal details are loading.',
        tags: ['loading'],
        invoke: {
          id: 'fetchPersonalDetails',
          src: 'fetchPersonalDetails',
          onDone: [
            { guard: 'hasDraft', target: 'editing', actions: ['loadDetails', 'restoreDraft', 'dropDraft'] },
            { target: 'editing', actions: 'loadDetails' },
          ],
          onError: { target: 'loadFailed' },
        },
      },
      loadFailed: {
        description: 'Flag only (docs/product/errors.md): show a retry.',
        on: { 'details.retry': { target: 'loading' } },
      },
      editing: {
        description:
          "First and last name (and whether to update the account holder's passenger); 'Saved!' while pristine after a save; update-failed and passenger-update-failed flags; a save refused about one name marks that field.",
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
            actions: ['storeSaved', 'announceNameChange'],
          },
          onError: [
            {
              // docs/product/roles.md: a 401 goes to login (the app does that); what was typed is kept for after.
              guard: 'isUnauthorised',
              target: 'editing',
              actions: ['setUpdateFailed', 'handOverDraft'],
            },
            { target: 'editing', actions: 'setUpdateFailed' },
          ],
        },
      },
    },
  });
