import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { Address } from '#src/schemas/addresses';
import { doneOutput } from './lib/done-output';
import { firstFailed, firstLoaded, type FirstData } from './lib/first-data';

/**
 * The address book list and its delete confirmation (docs/product/states.md, docs/product/errors.md): fetch (error flag),
 * delete asks first; deleting, delete error (flag, modal stays open to retry or cancel); on
 * success the modal closes, the book shows without the address and is fetched again.
 */
export interface AddressBookContext {
  addresses: Address[];
  /** The address the confirm modal is about. */
  pendingId: string | null;
  /** The last fetch failed (the spec's address fetch error flag). */
  fetchError: boolean;
  /** The last delete failed (the spec's delete error flag). */
  deleteError: boolean;
  /** An address was just deleted (for the confirmation message). */
  deleted: boolean;
  /** What the route loaded (docs/decisions/730): the chart starts from it; null when it fetches itself. */
  first: FirstData<Address[]> | null;
}

export interface AddressBookInput {
  first?: FirstData<Address[]> | undefined;
}

export type AddressBookEvent =
  | { type: 'address.delete'; id: string }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' }
  | { type: 'addresses.retry' };

export const addressBookMachine = setup({
  types: {
    context: {} as AddressBookContext,
    events: {} as AddressBookEvent,
    input: {} as AddressBookInput,
  },
  actors: {
    fetchAddresses: fromPromise<Address[]>(async () => {
      throw new Error('fetchAddresses not provided');
    }),
    deleteAddress: fromPromise<void, { id: string }>(async () => {
      throw new Error('deleteAddress not provided');
    }),
  },
  guards: {
    firstLoaded: ({ context }) => firstLoaded(context.first),
    firstFailed: ({ context }) => firstFailed(context.first),
    hasFetchError: ({ context }) => context.fetchError,
    isKnownAddress: ({ context, event }) => {
      assertEvent(event, 'address.delete');
      return context.addresses.some((a) => a.id === event.id);
    },
  },
  actions: {
    storeAddresses: assign(({ event }) => ({
      addresses: doneOutput<Address[]>(event, 'fetchAddresses'),
      fetchError: false,
    })),
    /** The route's addresses, as `storeAddresses` stores fetched ones. */
    storeFirstAddresses: assign(({ context }) => ({
      addresses: firstLoaded(context.first) ? context.first.data : [],
      fetchError: false,
    })),
    setFetchError: assign({ fetchError: true }),
    clearFetchError: assign({ fetchError: false }),
    setPending: assign({
      pendingId: ({ event }) => {
        assertEvent(event, 'address.delete');
        return event.id;
      },
      deleteError: false,
      deleted: false,
    }),
    clearPending: assign({ pendingId: null, deleteError: false }),
    setDeleteError: assign({ deleteError: true }),
    clearDeleteError: assign({ deleteError: false }),
    removePending: assign({
      addresses: ({ context }) => context.addresses.filter((a) => a.id !== context.pendingId),
      pendingId: null,
      deleteError: false,
      fetchError: false,
      deleted: true,
    }),
  },
}).createMachine({
  id: 'addressBook',
  context: ({ input }) => ({
    addresses: [],
    pendingId: null,
    fetchError: false,
    deleteError: false,
    deleted: false,
    first: input?.first ?? null,
  }),
  initial: 'starting',
  states: {
    starting: {
      description:
        'Where the screen starts: from what the route loaded (the addresses or its error), else it fetches them.',
      always: [
        { guard: 'firstLoaded', target: 'ready', actions: 'storeFirstAddresses' },
        { guard: 'firstFailed', target: 'fetchFailed', actions: 'setFetchError' },
        { target: 'loading' },
      ],
    },
    loading: {
      description: 'The saved addresses are loading.',
      invoke: {
        id: 'fetchAddresses',
        src: 'fetchAddresses',
        onDone: { target: 'ready', actions: 'storeAddresses' },
        onError: { target: 'fetchFailed', actions: 'setFetchError' },
      },
    },
    fetchFailed: {
      description: 'The addresses could not be fetched (docs/product/errors.md: a flag): an error with a retry.',
      on: { 'addresses.retry': { target: 'loading' } },
    },
    ready: {
      description: 'The address book is shown: every saved address with edit and delete, or the empty state.',
      initial: 'idle',
      states: {
        idle: {
          description: 'The list as is; delete asks first.',
          on: {
            'address.delete': { guard: 'isKnownAddress', target: 'confirming', actions: 'setPending' },
            'addresses.retry': {
              guard: 'hasFetchError',
              target: '#addressBook.refreshing',
              actions: 'clearFetchError',
            },
          },
        },
        confirming: {
          description: 'The delete confirmation modal is open for one address; confirm or cancel.',
          on: {
            'delete.confirm': { target: 'deleting', actions: 'clearDeleteError' },
            'delete.cancel': { target: 'idle', actions: 'clearPending' },
          },
        },
        deleting: {
          description:
            'The address is being deleted; the modal stays open. A failure flags a delete error in the modal (retry or cancel).',
          invoke: {
            id: 'deleteAddress',
            src: 'deleteAddress',
            // deleting is entered only from confirming, which setPending entered with a known id: never null here.
            input: ({ context }) => ({ id: context.pendingId! }),
            onDone: { target: '#addressBook.refreshing', actions: 'removePending' },
            onError: { target: 'confirming', actions: 'setDeleteError' },
          },
        },
      },
    },
    /** After a delete: the list stays on screen while it is fetched again. */
    refreshing: {
      description: 'Deleted: the modal has closed and the book shows without the address while it is fetched again.',
      invoke: {
        id: 'fetchAddresses',
        src: 'fetchAddresses',
        onDone: { target: 'ready', actions: 'storeAddresses' },
        onError: { target: 'ready', actions: 'setFetchError' },
      },
    },
  },
});
