import { expect } from 'vitest';
import { addressBookMachine } from '#machines/address-book';
import type { Address } from '#src/schemas/addresses';
import { describeMachineModel, outputOf, stepFrom } from './harness';

const address = (id: string, nickName: string): Address => ({
  id,
  countryCode: 'GBR',
  isoCountryCode: 'GB',
  isoStateCode: null,
  countryName: 'United Kingdom',
  isLastUsedDelivery: id === 'home',
  line1: '12 Station Road',
  line2: null,
  line3: null,
  line4: 'York',
  line5: null,
  nickName,
  postCode: 'YO1 6GA',
  type: 'delivery',
});
const book = [address('home', 'Home'), address('work', 'Work')];

describeMachineModel(addressBookMachine, {
  name: 'addressBookMachine',
  // The route's loader may have fetched the book already (docs/decisions/730): the chart starts
  // from it or from its error, and asks only on a retry or after a delete.
  inputs: [{}, { first: { data: book } }, { first: { error: { status: 500 } } }],
  events: {
    'address.delete': (snap) => [
      { type: 'address.delete', id: snap.context.addresses[0]?.id ?? 'home' } as const,
      { type: 'address.delete', id: 'unknown' } as const,
    ],
    'xstate.done.actor.fetchAddresses': (snap) => [
      // A refetch after a delete answers without the deleted address.
      { type: 'xstate.done.actor.fetchAddresses', output: snap.context.deleted ? snap.context.addresses : book },
    ],
    'xstate.error.actor.fetchAddresses': [{ type: 'xstate.error.actor.fetchAddresses', error: { status: 500 } }],
    'xstate.done.actor.deleteAddress': [{ type: 'xstate.done.actor.deleteAddress', output: undefined }],
    'xstate.error.actor.deleteAddress': [{ type: 'xstate.error.actor.deleteAddress', error: { status: 503 } }],
  },
  serializeContext: (c) => ({
    ids: c.addresses.map((a) => a.id),
    pendingId: c.pendingId,
    fetchError: c.fetchError,
    deleteError: c.deleteError,
    deleted: c.deleted,
  }),
  calls: {
    loading: { fetchAddresses: undefined },
    refreshing: { fetchAddresses: undefined },
    'ready.deleting': { deleteAddress: (c: { pendingId: string | null }) => ({ id: c.pendingId }) },
  },
  // docs/product/states.md and docs/product/errors.md: address delete: deleting, delete error; on success it closes the
  // modal, returns to the address book and refetches; fetch and delete errors set flags.
  states: {
    loading: ({ context, event }) => {
      expect(['xstate.init', 'addresses.retry']).toContain(event.type);
      expect(context.addresses).toEqual([]);
      if (event.type === 'xstate.init')
        expect(context).toEqual({
          addresses: [],
          pendingId: null,
          fetchError: false,
          deleteError: false,
          deleted: false,
          first: null,
        });
    },
    fetchFailed: ({ snapshot, context, event }) => {
      if (event.type === 'xstate.init') expect(context.first).toEqual({ error: { status: 500 } });
      else expect(event.type).toBe('xstate.error.actor.fetchAddresses');
      expect(context.fetchError).toBe(true);
      expect(snapshot.can({ type: 'addresses.retry' })).toBe(true);
    },
    ready: ({ context, event }) => {
      if (event.type === 'xstate.init') {
        // Started from the route's addresses: shown as a fetch's would be.
        expect(context.addresses).toEqual(book);
        expect(context.fetchError).toBe(false);
      }
      if (event.type === 'xstate.done.actor.fetchAddresses') {
        expect(context.addresses).toEqual(outputOf(event));
        expect(context.fetchError).toBe(false);
      }
      if (event.type === 'xstate.error.actor.fetchAddresses') {
        // The refetch after a delete failed: the list stays, with the flag and a retry.
        expect(context.fetchError).toBe(true);
      }
    },
    'ready.idle': (check) => {
      const { snapshot, context, event } = check;
      expect(context.pendingId, 'no dialog open').toBeNull();
      if (context.fetchError) {
        // A failed refetch after a delete: retry fetches again, the flag goes while it does.
        const retried = stepFrom(check, { type: 'addresses.retry' }).snapshot;
        expect([retried.value, retried.context.fetchError]).toEqual(['refreshing', false]);
      }
      expect(context.deleteError).toBe(false);
      if (context.fetchError) expect(snapshot.can({ type: 'addresses.retry' })).toBe(true);
      else {
        // Nothing failed: retry offers nothing and fetches nothing; the book stays as it is.
        const retried = stepFrom(check, { type: 'addresses.retry' }).snapshot;
        expect(retried.value).toEqual({ ready: 'idle' });
        expect(retried.context).toEqual(context);
      }
      if (event.type === 'delete.cancel') expect(context.deleted).toBe(false);
    },
    'ready.confirming': ({ snapshot, context, event }) => {
      expect(context.addresses.map((a) => a.id)).toContain(context.pendingId);
      if (event.type === 'address.delete')
        expect(context).toMatchObject({ pendingId: event.id, deleteError: false, deleted: false });
      else expect(context.deleteError, 'a failed delete keeps the dialog open with the error').toBe(true);
      expect(snapshot.can({ type: 'delete.cancel' })).toBe(true);
      expect(snapshot.can({ type: 'delete.confirm' })).toBe(true);
    },
    'ready.deleting': (check) => {
      const { context, event } = check;
      expect(event.type).toBe('delete.confirm');
      // Deleted: the book shows at once without that address, every other one still there.
      const done = stepFrom(check, { type: 'xstate.done.actor.deleteAddress', output: undefined } as never).snapshot;
      const left = done.context.addresses.map((a: Address) => a.id);
      expect(left).not.toContain(context.pendingId);
      expect(left).toHaveLength(context.addresses.length - 1);
      expect(context.deleteError).toBe(false);
      expect(context.addresses.map((a) => a.id)).toContain(context.pendingId);
    },
    refreshing: ({ context, event }) => {
      expect(context.fetchError).toBe(false);
      if (event.type === 'xstate.done.actor.deleteAddress') {
        expect(context.deleted).toBe(true);
        expect(context.pendingId).toBeNull();
      } else expect(event.type).toBe('addresses.retry');
    },
  },
});
