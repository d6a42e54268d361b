import { expect } from 'vitest';
import { addressFormMachine } from '#machines/address-form';
import {
  addressErrors,
  addressToValues,
  emptyAddressValues,
  type Address,
  type AddressField,
} from '#src/schemas/addresses';
import type { SnapshotFrom } from 'xstate';
import { describeMachineModel, errorOf, nextFrom, fromOwnLoadOnly } from './harness';

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
/** Nothing typed, nothing tried, nothing failed. */
const untouched = {
  first: null,
  touched: {},
  dirty: false,
  submitAttempted: false,
  fetchError: false,
  saveError: false,
  refusal: null,
  saved: null,
};
/** The text rule's refusal about address line 1 (server/lib/text-rules.ts): a field's refusal (decision 670). */
const line1Refused = {
  problem: {
    kind: 'http',
    status: 422,
    codes: ['INVALID_CHARACTERS'],
    detail: null,
    body: { errors: [{ code: 'INVALID_CHARACTERS', message: 'line1: contains a control character' }] },
  },
};
const fill: [AddressField, string][] = [
  ['line1', '1 Piccadilly'],
  ['line4', 'Manchester'],
  ['postCode', 'M1 1AA'],
];

type ModelSnapshot = SnapshotFrom<typeof addressFormMachine>;

describeMachineModel(addressFormMachine, {
  name: 'addressFormMachine',
  inputs: [
    { addressId: null },
    { addressId: 'home' },
    { addressId: 'home', first: { data: saved } },
    { addressId: 'home', first: { error: { status: 404 } } },
    { addressId: 'home', first: { error: { status: 500 } } },
  ],
  events: fromOwnLoadOnly<ModelSnapshot>({
    'form.submit': [{ type: 'form.submit' }],
    'address.retry': [{ type: 'address.retry' }],
    'form.change': (snap) => {
      const { values, addressId } = snap.context;
      if (addressId === null) {
        const next = fill.find(([field]) => values[field] === '');
        return next ? [{ type: 'form.change', field: next[0], value: next[1] } as const] : [];
      }
      if (values.nickName === 'Home') return [{ type: 'form.change', field: 'nickName', value: 'Old home' } as const];
      // Switching to the US makes the form invalid until a state code is given.
      if (values.isoCountryCode === 'GB')
        return [{ type: 'form.change', field: 'isoCountryCode', value: 'US' } as const];
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
    'xstate.error.actor.saveAddress': [
      { type: 'xstate.error.actor.saveAddress', error: { status: 500 } },
      { type: 'xstate.error.actor.saveAddress', error: line1Refused },
    ],
  }),
  serializeContext: (c) => ({
    values: c.values,
    touched: c.touched,
    submitAttempted: c.submitAttempted,
    fetchError: c.fetchError,
    saveError: c.saveError,
    refusal: c.refusal,
  }),
  maxPaths: 300,
  assert: (snapshot) => {
    // A failed save keeps everything the customer typed.
    if (snapshot.context.saveError) expect(snapshot.context.dirty).toBe(true);
  },
  calls: {
    loading: { fetchAddress: { id: 'home' } },
    saving: {
      saveAddress: (c: { addressId: string | null; values: unknown }) => ({ addressId: c.addressId, values: c.values }),
    },
  },
  // docs/product/screens.md, docs/product/states.md and docs/product/errors.md: add or edit an address; fetch and edit errors set flags; a missing
  // address is its own screen; input is kept when the save fails.
  states: {
    loading: ({ context, event }) => {
      expect(['xstate.init', 'address.retry']).toContain(event.type);
      // Loading on its own start only when the route loaded nothing (untouched says first: null).

      expect(context.addressId).toBe('home');
      if (event.type === 'xstate.init')
        expect(context).toEqual({ addressId: 'home', values: emptyAddressValues, ...untouched });
    },
    loadFailed: ({ snapshot, context, event }) => {
      // The route's failed load starts here, with the same flag and retry as the chart's own.
      if (event.type === 'xstate.init') expect(context.first).toEqual({ error: { status: 500 } });
      else expect(errorOf(event)?.status).toBe(500);
      expect(context.fetchError).toBe(true);
      expect(snapshot.can({ type: 'address.retry' })).toBe(true);
    },
    notFound: ({ context, event }) => {
      if (event.type === 'xstate.init') expect(context.first).toEqual({ error: { status: 404 } });
      else expect(errorOf(event)?.status).toBe(404);
      expect(context.values, 'nothing to edit').toEqual(emptyAddressValues);
    },
    editing: (check) => {
      const { context, event } = check;
      // Add starts empty; edit, from the address its route loaded, filled in and untouched.
      if (event.type === 'xstate.init')
        expect(context).toEqual(
          context.addressId === null
            ? { addressId: null, values: emptyAddressValues, ...untouched }
            : { addressId: 'home', values: addressToValues(saved), ...untouched, first: { data: saved } },
        );
      if (context.values.stateCode !== '') {
        // A state code belongs to its country: another country clears it; the same country
        // picked again, or any other field, keeps it.
        const change = (field: AddressField, value: string) =>
          nextFrom(check, { type: 'form.change', field, value }).context.values.stateCode;
        expect(change('isoCountryCode', 'GB')).toBe('');
        expect(change('isoCountryCode', context.values.isoCountryCode)).toBe(context.values.stateCode);
        expect(change('line1', '2 Piccadilly')).toBe(context.values.stateCode);
      }
      if (event.type === 'xstate.done.actor.fetchAddress') {
        expect(context.values).toEqual(addressToValues(saved));
        expect(context).toMatchObject({ fetchError: false, dirty: false });
      }
      if (event.type === 'form.change') {
        expect(context.values[event.field]).toBe(event.value);
        if (event.field === 'isoCountryCode')
          expect(context.values.stateCode, 'a new country clears the state code').toBe('');
        expect(context.dirty).toBe(true);
      }
      if (event.type === 'form.submit') expect(context.submitAttempted).toBe(true);
      if (event.type === 'form.blur') expect(context.touched[event.field]).toBe(true);
      if (event.type === 'xstate.error.actor.saveAddress') {
        // A refusal about one field is that field's (decision 670); any other failure the form's.
        if (event.error === line1Refused) {
          expect(context).toMatchObject({
            saveError: false,
            refusal: { field: 'line1', code: 'INVALID_CHARACTERS', message: 'contains a control character' },
          });
        } else expect(context).toMatchObject({ saveError: true, refusal: null });
        expect(addressErrors(context.values), 'the valid input is kept').toEqual({});
      }
      if (event.type === 'form.change') expect(context.refusal?.field).not.toBe(event.field);
    },
    saving: ({ context, event }) => {
      expect(event.type).toBe('form.submit');
      expect(context.saveError).toBe(false);
      expect(context.refusal).toBeNull();
      expect(addressErrors(context.values)).toEqual({});
    },
    saved: ({ snapshot, event }) => {
      expect(event.type).toBe('xstate.done.actor.saveAddress');
      expect(snapshot.output).toEqual({ address: saved });
    },
  },
});
