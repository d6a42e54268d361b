import { expect } from 'vitest';
import { addressFormMachine } from '../../machines/address-form';
import { addressErrors, type Address, type AddressField } from '../../src/schemas/addresses';
import { describeMachineModel } from './harness';

const saved: Address = {
  id: 'home',
  countryCode: 'GBR',
  isoCountryCode: 'GB',
  isoStateCode: null,
  countryName: 'United Kingdom',
  isLastUsedDelivery: true,
  line1: '12 Station Road',
  line2: null,
  line3: null,
  line4: 'York',
  line5: null,
  nickName: 'Home',
  postCode: 'YO1 6GA',
  type: 'delivery',
};

/** A new address filled in this order; an edit changes the nickname, then the country. */
const fill: [AddressField, string][] = [
  ['line1', '1 Piccadilly'],
  ['line4', 'Manchester'],
  ['postCode', 'M1 1AA'],
];

describeMachineModel(addressFormMachine, {
  name: 'addressFormMachine',
  inputs: [{ addressId: null }, { addressId: 'home' }],
  events: {
    'form.change': (snap) => {
      const { values, addressId } = snap.context;
      if (addressId === null) {
        const next = fill.find(([field]) => values[field] === '');
        return next ? [{ type: 'form.change', field: next[0], value: next[1] } as const] : [];
      }
      if (values.nickName === 'Home') return [{ type: 'form.change', field: 'nickName', value: 'Old home' } as const];
      // Switching to the US makes the form invalid until a state code is given.
      if (values.isoCountryCode === 'GB') return [{ type: 'form.change', field: 'isoCountryCode', value: 'US' } as const];
      if (values.stateCode === '') return [{ type: 'form.change', field: 'stateCode', value: 'NY' } as const];
      return [];
    },
    'form.blur': [{ type: 'form.blur', field: 'line1' }],
    'xstate.done.actor.fetchAddress': [{ type: 'xstate.done.actor.fetchAddress', output: saved }],
    'xstate.error.actor.fetchAddress': [
      { type: 'xstate.error.actor.fetchAddress', error: { status: 404 } },
      { type: 'xstate.error.actor.fetchAddress', error: { status: 500 } },
    ],
    'xstate.done.actor.saveAddress': [{ type: 'xstate.done.actor.saveAddress', output: saved }],
    'xstate.error.actor.saveAddress': [{ type: 'xstate.error.actor.saveAddress', error: { status: 500 } }],
  },
  serializeContext: (c) => ({
    values: c.values,
    touched: c.touched,
    submitAttempted: c.submitAttempted,
    fetchError: c.fetchError,
    saveError: c.saveError,
  }),
  maxPaths: 300,
  assert: (snapshot) => {
    if (snapshot.matches('saving')) expect(addressErrors(snapshot.context.values)).toEqual({});
    if (snapshot.matches('saved')) expect(snapshot.output).toEqual({ address: saved });
    if (snapshot.matches('loadFailed')) expect(snapshot.context.fetchError).toBe(true);
    // A failed save keeps everything the customer typed.
    if (snapshot.context.saveError) expect(snapshot.context.dirty).toBe(true);
  },
});
