import { assign, fromPromise, setup } from 'xstate';
import {
  validateAttribute,
  validateCardNumber,
  validateExpiryDate,
  type CatalogueRailcard,
  type PassengerName,
  type PassengerRailcard,
  type RailcardRequest,
  type RailcardStatusResponse,
} from '#src/schemas/railcards';
import { problemOfEvent, reasonOf } from './lib/problems';
import { changePatch, submitAttemptPatch, touchPatch } from './lib/form-kit';
import { doneOutput } from './lib/done-output';
import { firstFailed, firstLoaded, type FirstData } from './lib/first-data';

/**
 * Add or edit a passenger's railcard (docs/product/api.md): load the railcard type (and the held card when
 * editing), edit card number, expiry, digital or not and the type's attributes; on submit check the
 * card's status (railcard-status), then save its details (PUT) and attributes (POST). Edit can remove
 * the card after a confirmation. Save and delete end the flow. Given what its route loaded
 * (docs/decisions/730), it starts from it: the form filled in, or the load's error (not found, or a
 * failure with its retry); without it, it loads the railcard itself.
 */
export type RailcardFormMode = 'add' | 'edit';

export interface RailcardFormInput {
  mode: RailcardFormMode;
  passengerId: string;
  railcardId: string;
  /** Today's date (YYYY-MM-DD). */
  today: string;
  /** What the route's loader got (the railcard type, its passenger and the held card, or the load's error). */
  first?: FirstData<LoadedRailcard> | null;
}

export interface LoadedRailcard {
  passenger: PassengerName;
  railcard: CatalogueRailcard;
  held: PassengerRailcard | null;
}

export interface SaveRailcardInput {
  passengerId: string;
  railcardId: string;
  railcard: RailcardRequest;
  /** The type's attributes, or null when it defines none (no POST). */
  attributes: Record<string, string> | null;
}

/** Field keys: cardNumber, expiryDate and one per attribute the railcard type defines. */
export interface RailcardValues {
  cardNumber: string;
  expiryDate: string;
  [attribute: string]: string;
}

export interface RailcardFormContext {
  mode: RailcardFormMode;
  passengerId: string;
  railcardId: string;
  today: string;
  /** What the route loaded (docs/decisions/730): the chart starts from it; null when it loads itself. */
  first: FirstData<LoadedRailcard> | null;
  loaded: LoadedRailcard | null;
  values: RailcardValues;
  isDigital: boolean;
  touched: Partial<Record<string, boolean>>;
  dirty: boolean;
  submitAttempted: boolean;
  loadError: unknown;
  statusProblem: 'expired' | 'invalid' | null;
  saveFailed: boolean;
  /** A save refused with a reason (e.g. 400 NOT_ELIGIBLE): the server's words and what to do. */
  refusalReason: string | null;
  deleteFailed: boolean;
  outcome: 'saved' | 'deleted' | null;
}

export type RailcardFormEvent =
  | { type: 'form.change'; field: string; value: string }
  | { type: 'form.blur'; field: string }
  | { type: 'form.toggleDigital'; value: boolean }
  | { type: 'form.submit' }
  | { type: 'railcard.retry' }
  | { type: 'delete.request' }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' };

/** Every failing rule of the railcard form. */
export const railcardErrors = (
  context: Pick<RailcardFormContext, 'values' | 'today' | 'loaded'>,
): Record<string, string> => {
  const errors: Record<string, string> = {};
  const type = context.loaded?.railcard;
  if (!type) return errors;
  const card = validateCardNumber(context.values.cardNumber);
  if (card) errors.cardNumber = card;
  const expiry = validateExpiryDate(context.values.expiryDate, context.today, type.railcardDetails.validityMonths);
  if (expiry) errors.expiryDate = expiry;
  for (const def of type.attributes) {
    // storeLoaded, the only setter of `loaded`, sets a value for each of its attributes.
    const problem = validateAttribute(context.values[def.name]!, def);
    if (problem) errors[def.name] = problem;
  }
  return errors;
};

export const railcardFormView = (context: RailcardFormContext, busy: boolean) => {
  const errors = railcardErrors(context);
  const shown: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors))
    if (context.touched[key] || context.submitAttempted) shown[key] = message;
  return { errors: shown, canSubmit: context.dirty && Object.keys(errors).length === 0 && !busy };
};

/** The form filled in from a loaded railcard: the held card's values, else empty ones for each field. */
const loadedPatch = (loaded: LoadedRailcard) => {
  const values: RailcardValues = {
    cardNumber: loaded.held?.railcardDetails.cardNumber ?? '',
    expiryDate: loaded.held?.expiryDate ?? '',
  };
  for (const def of loaded.railcard.attributes) values[def.name] = loaded.held?.attributes[def.name] ?? '';
  return { loaded, values, isDigital: loaded.held?.railcardDetails.isDigital ?? false, loadError: null };
};

/** What the railcard-status check (checkRailcardStatus) answered before saving. */
const railcardStatus = (event: { type: string }) => doneOutput<RailcardStatusResponse>(event, 'checkRailcardStatus');

export const railcardFormMachine = setup({
  types: {
    context: {} as RailcardFormContext,
    events: {} as RailcardFormEvent,
    input: {} as RailcardFormInput,
    output: {} as { outcome: 'saved' | 'deleted' },
  },
  actors: {
    loadRailcard: fromPromise<LoadedRailcard, { mode: RailcardFormMode; passengerId: string; railcardId: string }>(
      async () => {
        throw new Error('loadRailcard not provided');
      },
    ),
    checkRailcardStatus: fromPromise<
      RailcardStatusResponse,
      { passengerId: string; railcardId: string; railcard: RailcardRequest }
    >(async () => {
      throw new Error('checkRailcardStatus not provided');
    }),
    saveRailcard: fromPromise<unknown, SaveRailcardInput>(async () => {
      throw new Error('saveRailcard not provided');
    }),
    deleteRailcard: fromPromise<unknown, { passengerId: string; railcardId: string }>(async () => {
      throw new Error('deleteRailcard not provided');
    }),
  },
  guards: {
    isValid: ({ context }) => context.dirty && Object.keys(railcardErrors(context)).length === 0,
    isEdit: ({ context }) => context.mode === 'edit',
    firstLoaded: ({ context }) => firstLoaded(context.first),
    firstFailed: ({ context }) => firstFailed(context.first),
    isExpired: ({ event }) => railcardStatus(event).status === 'expired',
    isInvalid: ({ event }) => railcardStatus(event).status === 'invalid',
  },
  actions: {
    storeLoaded: assign(({ event }) => loadedPatch(doneOutput<LoadedRailcard>(event, 'loadRailcard'))),
    storeLoadError: assign({ loadError: ({ event }) => ('error' in event ? event.error : null) }),
    /** The same from what the route loaded: the railcard, or its load's error. */
    storeFirstLoaded: assign(({ context }) => (firstLoaded(context.first) ? loadedPatch(context.first.data) : {})),
    storeFirstLoadError: assign(({ context }) =>
      firstFailed(context.first) ? { loadError: context.first.error } : {},
    ),
    setValue: assign(({ context, event }) =>
      changePatch(context, event, { statusProblem: null, saveFailed: false, refusalReason: null }),
    ),
    touch: assign(({ context, event }) => touchPatch(context, event)),
    setDigital: assign(({ event }) =>
      event.type === 'form.toggleDigital' ? { isDigital: event.value, dirty: true } : {},
    ),
    markSubmitAttempted: assign(submitAttemptPatch),
    clearOutcome: assign({ statusProblem: null, saveFailed: false, refusalReason: null, deleteFailed: false }),
    flagExpired: assign({ statusProblem: 'expired' as const }),
    flagInvalid: assign({ statusProblem: 'invalid' as const }),
    flagSaveFailed: assign(({ event }) => ({ saveFailed: true, refusalReason: reasonOf(problemOfEvent(event)) })),
    flagDeleteFailed: assign({ deleteFailed: true }),
    markSaved: assign({ outcome: 'saved' as const }),
    markDeleted: assign({ outcome: 'deleted' as const }),
  },
}).createMachine({
  id: 'railcardForm',
  context: ({ input }) => ({
    mode: input.mode,
    passengerId: input.passengerId,
    railcardId: input.railcardId,
    today: input.today,
    first: input.first ?? null,
    loaded: null,
    values: { cardNumber: '', expiryDate: '' },
    isDigital: false,
    touched: {},
    dirty: false,
    submitAttempted: false,
    loadError: null,
    statusProblem: null,
    saveFailed: false,
    refusalReason: null,
    deleteFailed: false,
    outcome: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      description:
        "Where the form starts: from what the route loaded (the railcard, or the load's error), else it loads the railcard.",
      always: [
        { guard: 'firstLoaded', target: 'editing', actions: 'storeFirstLoaded' },
        { guard: 'firstFailed', target: 'loadFailed', actions: 'storeFirstLoadError' },
        { target: 'loading' },
      ],
    },
    loading: {
      description: 'The railcard type (and the held card when editing) is loading.',
      invoke: {
        id: 'loadRailcard',
        src: 'loadRailcard',
        input: ({ context }) => ({
          mode: context.mode,
          passengerId: context.passengerId,
          railcardId: context.railcardId,
        }),
        onDone: { target: 'editing', actions: 'storeLoaded' },
        onError: { target: 'loadFailed', actions: 'storeLoadError' },
      },
    },
    loadFailed: {
      description: 'The railcard could not be loaded: an error with a retry.',
      on: { 'railcard.retry': 'loading' },
    },
    editing: {
      description:
        "Card number, expiry, digital or not and the type's attributes; a failed save shows its error, input kept.",
      on: {
        'form.change': { actions: 'setValue' },
        'form.blur': { actions: 'touch' },
        'form.toggleDigital': { actions: 'setDigital' },
        'form.submit': [
          { guard: 'isValid', target: 'checking', actions: 'clearOutcome' },
          { actions: 'markSubmitAttempted' },
        ],
        'delete.request': { guard: 'isEdit', target: 'confirmingDelete', actions: 'clearOutcome' },
      },
    },
    checking: {
      description: "The card's status is being checked (railcard-status) before saving.",
      invoke: {
        id: 'checkRailcardStatus',
        src: 'checkRailcardStatus',
        input: ({ context }) => ({
          passengerId: context.passengerId,
          railcardId: context.railcardId,
          railcard: {
            cardNumber: context.values.cardNumber.replace(/\s+/g, ''),
            expiryDate: context.values.expiryDate,
            isDigital: context.isDigital,
          },
        }),
        onDone: [
          { guard: 'isExpired', target: 'editing', actions: 'flagExpired' },
          { guard: 'isInvalid', target: 'editing', actions: 'flagInvalid' },
          { target: 'saving' },
        ],
        onError: { target: 'editing', actions: 'flagSaveFailed' },
      },
    },
    saving: {
      description: "The card's details and attributes are being saved.",
      invoke: {
        id: 'saveRailcard',
        src: 'saveRailcard',
        input: ({ context }) => {
          // Saving follows checking, entered from editing after storeLoaded: `loaded` holds a value per attribute.
          const defs = context.loaded!.railcard.attributes;
          return {
            passengerId: context.passengerId,
            railcardId: context.railcardId,
            railcard: {
              cardNumber: context.values.cardNumber.replace(/\s+/g, ''),
              expiryDate: context.values.expiryDate,
              isDigital: context.isDigital,
            },
            attributes: defs.length
              ? Object.fromEntries(defs.map((d) => [d.name, context.values[d.name]!.trim()]))
              : null,
          };
        },
        onDone: { target: 'saved', actions: 'markSaved' },
        onError: { target: 'editing', actions: 'flagSaveFailed' },
      },
    },
    confirmingDelete: {
      description: 'The remove confirmation for this railcard; a failed delete shows its error here.',
      on: {
        'delete.confirm': 'deleting',
        'delete.cancel': { target: 'editing', actions: 'clearOutcome' },
      },
    },
    deleting: {
      description: 'The railcard is being removed.',
      invoke: {
        id: 'deleteRailcard',
        src: 'deleteRailcard',
        input: ({ context }) => ({ passengerId: context.passengerId, railcardId: context.railcardId }),
        onDone: { target: 'deleted', actions: 'markDeleted' },
        onError: { target: 'confirmingDelete', actions: 'flagDeleteFailed' },
      },
    },
    saved: { description: 'Saved: back to the passengers and railcards list.', type: 'final' },
    deleted: { description: 'Removed: back to the passengers and railcards list.', type: 'final' },
  },
  // Both final states are entered with markSaved or markDeleted: the outcome is set.
  output: ({ context }) => ({ outcome: context.outcome! }),
});
