import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { hasStatus } from './lib/problems';
import {
  addressErrors,
  addressToValues,
  emptyAddressValues,
  type Address,
  type AddressField,
  type AddressValues,
} from '#src/schemas/addresses';
import { submitAttemptPatch, touchPatch } from './lib/form-kit';
import { doneOutput } from './lib/done-output';
import { firstFailed, firstLoaded, type FirstData } from './lib/first-data';
import { fieldRefusalOf, type FieldRefusal } from './lib/field-refusal';

/**
 * Add address (/address-book/add-address) and edit address (/address-book/{addressId}).
 * Edit first fetches the address (fetch error flag, or not found); save keeps the input on a
 * failure and sets the edit error flag (docs/product/errors.md); success ends with the saved address.
 * Given what its route loaded (docs/decisions/730), edit starts from it: the form filled in, not
 * found, or the load's error with its retry; without it, it fetches the address itself.
 */
export interface AddressFormInput {
  /** null: add a new address; otherwise the address to edit. */
  addressId: string | null;
  /** What the edit route's loader got (the address or the load's error); absent, the chart fetches it. */
  first?: FirstData<Address> | null;
}

export interface AddressFormContext {
  addressId: string | null;
  first: FirstData<Address> | null;
  values: AddressValues;
  touched: Partial<Record<AddressField, boolean>>;
  dirty: boolean;
  submitAttempted: boolean;
  /** Fetching the address to edit failed (not a 404). */
  fetchError: boolean;
  /** The last save failed for a reason about no one field (the spec's address edit error flag). */
  saveError: boolean;
  /**
   * The last save was refused about one field (a character the server's text rule refuses): that
   * field's error until it is changed (decision 670).
   */
  refusal: FieldRefusal<AddressField> | null;
  saved: Address | null;
}

export type AddressFormEvent =
  | { type: 'form.change'; field: AddressField; value: string }
  | { type: 'form.blur'; field: AddressField }
  | { type: 'form.submit' }
  | { type: 'address.retry' };

export interface SaveAddressInput {
  addressId: string | null;
  values: AddressValues;
}

/** The fields the server's text rule checks (server/api/addresses.ts): a refusal may name one of them. */
const addressRefusableFields = ['nickName', 'line1', 'line2', 'line3', 'line4', 'line5', 'postCode'] as const;

export const addressFormMachine = setup({
  types: {
    context: {} as AddressFormContext,
    events: {} as AddressFormEvent,
    input: {} as AddressFormInput,
    output: {} as { address: Address | null },
  },
  actors: {
    fetchAddress: fromPromise<Address, { id: string }>(async () => {
      throw new Error('fetchAddress not provided');
    }),
    saveAddress: fromPromise<Address, SaveAddressInput>(async () => {
      throw new Error('saveAddress not provided');
    }),
  },
  guards: {
    isEdit: ({ context }) => context.addressId !== null,
    isValid: ({ context }) => context.dirty && Object.keys(addressErrors(context.values)).length === 0,
    isNotFound: ({ event }) => hasStatus(event, 404),
    firstLoaded: ({ context }) => firstLoaded(context.first),
    firstNotFound: ({ context }) => firstFailed(context.first) && hasStatus(context.first, 404),
    firstFailed: ({ context }) => firstFailed(context.first),
  },
  actions: {
    setValue: assign(({ context, event }) => {
      assertEvent(event, 'form.change');
      const values = { ...context.values, [event.field]: event.value };
      // A state code belongs to its country: changing country clears it.
      if (event.field === 'isoCountryCode' && event.value !== context.values.isoCountryCode) values.stateCode = '';
      // The refused value is gone once its field changes.
      const refusal = context.refusal?.field === event.field ? null : context.refusal;
      return { values, dirty: true, refusal };
    }),
    touch: assign(({ context, event }) => touchPatch(context, event)),
    markSubmitAttempted: assign(submitAttemptPatch),
    fillValues: assign(({ event }) => ({
      values: addressToValues(doneOutput<Address>(event, 'fetchAddress')),
      fetchError: false,
    })),
    /** The same from what the route loaded. */
    fillFirstValues: assign(({ context }) =>
      firstLoaded(context.first) ? { values: addressToValues(context.first.data), fetchError: false } : {},
    ),
    setFetchError: assign({ fetchError: true }),
    /** A refusal about one field is that field's; any other failure is the form's edit error. */
    setSaveError: assign(({ event }) => {
      const refusal = fieldRefusalOf(event, addressRefusableFields);
      return { saveError: refusal === null, refusal };
    }),
    clearSaveError: assign({ saveError: false, refusal: null }),
    storeSaved: assign(({ event }) => ({ saved: doneOutput<Address>(event, 'saveAddress') })),
  },
}).createMachine({
  id: 'addressForm',
  context: ({ input }) => ({
    addressId: input.addressId,
    first: input.first ?? null,
    values: emptyAddressValues,
    touched: {},
    dirty: false,
    submitAttempted: false,
    fetchError: false,
    saveError: false,
    refusal: null,
    saved: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      description:
        "Add starts with an empty form; edit starts from what the route loaded (the address, not found, or the load's error), else it fetches the address first.",
      always: [
        { guard: 'firstLoaded', target: 'editing', actions: 'fillFirstValues' },
        { guard: 'firstNotFound', target: 'notFound' },
        { guard: 'firstFailed', target: 'loadFailed', actions: 'setFetchError' },
        { guard: 'isEdit', target: 'loading' },
        { target: 'editing' },
      ],
    },
    loading: {
      description: 'Edit: the address is loading.',
      invoke: {
        id: 'fetchAddress',
        src: 'fetchAddress',
        // Entered only behind isEdit (addressId set), and nothing clears it: no fallback to test.
        input: ({ context }) => ({ id: context.addressId! }),
        onDone: { target: 'editing', actions: 'fillValues' },
        onError: [
          { guard: 'isNotFound', target: 'notFound' },
          { target: 'loadFailed', actions: 'setFetchError' },
        ],
      },
    },
    loadFailed: {
      description: 'The address could not be fetched (a flag): an error with a retry.',
      on: { 'address.retry': { target: 'loading' } },
    },
    notFound: {
      description: 'No such address for this customer: a not-found message with a way back to the address book.',
    },
    editing: {
      description:
        'The address form; a failed save keeps every typed value and shows the edit error, or, refused about one field, marks that field.',
      on: {
        'form.change': { actions: 'setValue' },
        'form.blur': { actions: 'touch' },
        'form.submit': [
          { guard: 'isValid', target: 'saving', actions: 'clearSaveError' },
          { actions: 'markSubmitAttempted' },
        ],
      },
    },
    saving: {
      description: 'The address is being saved; submit is disabled.',
      invoke: {
        id: 'saveAddress',
        src: 'saveAddress',
        input: ({ context }) => ({ addressId: context.addressId, values: context.values }),
        onDone: { target: 'saved', actions: 'storeSaved' },
        onError: { target: 'editing', actions: 'setSaveError' },
      },
    },
    saved: {
      description: 'Saved: the screen goes back to the address book (output: the saved address).',
      type: 'final',
    },
  },
  output: ({ context }) => ({ address: context.saved }),
});
