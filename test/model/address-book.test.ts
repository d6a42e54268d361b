import { expect } from 'vitest';
import { addressBookMachine } from '../../machines/address-book';
import type { Address } from '../../src/schemas/addresses';
import { describeMachineModel } from './harness';

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
  assert: (snapshot) => {
    const { context } = snapshot;
    if (snapshot.matches({ ready: 'confirming' }) || snapshot.matches({ ready: 'deleting' })) {
      expect(context.addresses.map((a) => a.id)).toContain(context.pendingId);
    }
    if (snapshot.matches({ ready: 'idle' })) expect(context.pendingId).toBeNull();
    if (snapshot.matches('fetchFailed')) expect(context.fetchError).toBe(true);
    if (snapshot.matches('refreshing')) expect(context.fetchError).toBe(false);
  },
});
