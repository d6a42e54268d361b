import { describe, expect, it } from 'vitest';
import {
  railcardErrors,
  railcardFormMachine,
  railcardFormView,
  type LoadedRailcard,
  type RailcardFormContext,
  type RailcardValues,
} from '#machines/railcard-form';
import { railcardMessages } from '#src/schemas/railcards';
import type { SnapshotFrom } from 'xstate';
import { describeMachineModel, fromOwnLoadOnly, inputOf, nextFrom, outputOf } from './harness';

const today = '2026-06-15';
const twoTogether = {
  id: 'two-together',
  name: 'Two Together Railcard',
  price: { amount: 35, currencyCode: 'GBP' },
  scopes: ['national'],
  termsAndConditions: 'Both named cardholders must travel together.',
  railcardDetails: {
    code: 'TWO',
    discount: '1/3 off',
    eligibility: 'Two adults',
    validityMonths: 12,
    maxCardHolders: 2,
  },
  attributes: [{ name: 'secondHolderName', label: 'Second cardholder name', required: true }],
};
const passenger = { id: 'p1', firstName: 'Alex', lastName: 'Morgan' };
const held = {
  id: 'h1',
  railcardId: 'two-together',
  name: 'Two Together Railcard',
  price: { amount: 35, currencyCode: 'GBP' },
  scopes: ['national'],
  termsAndConditions: '',
  railcardDetails: { code: 'TWO', discount: '1/3 off', cardNumber: 'TWO7730516', isDigital: true },
  cardHolders: ['Alex Morgan', 'Jamie Morgan'],
  expiryDate: '2026-12-01',
  status: 'valid',
  attributes: { secondHolderName: 'Jamie Morgan' },
};
const loaded = (mode: string): LoadedRailcard => ({
  passenger,
  railcard: twoTogether,
  held: mode === 'edit' ? (held as LoadedRailcard['held']) : null,
});
const fill = { cardNumber: 'TWO1234567', expiryDate: '2027-01-31', secondHolderName: 'Sam Lee' } as Record<
  string,
  string
>;
const nextChange = (c: RailcardFormContext) => {
  const empty = Object.keys(fill).find((f) => (c.values[f] ?? '') === '');
  if (empty) return [{ type: 'form.change', field: empty, value: fill[empty]! } as const];
  if (c.values.expiryDate !== '2027-02-28')
    return [{ type: 'form.change', field: 'expiryDate', value: '2027-02-28' } as const];
  return [];
};

describeMachineModel(railcardFormMachine, {
  name: 'railcardFormMachine',
  inputs: [
    { mode: 'add', passengerId: 'p1', railcardId: 'two-together', today },
    { mode: 'edit', passengerId: 'p1', railcardId: 'two-together', today },
    // What the route loaded (docs/decisions/730): the railcard to edit, or the load's failure.
    { mode: 'edit', passengerId: 'p1', railcardId: 'two-together', today, first: { data: loaded('edit') } },
    { mode: 'add', passengerId: 'p1', railcardId: 'two-together', today, first: { error: new Error('offline') } },
  ],
  // A start from the route's data is checked where it lands; from there on the form is the same as
  // after its own load, which the paths without it walk.
  events: fromOwnLoadOnly<SnapshotFrom<typeof railcardFormMachine>>({
    'form.change': (snap) => nextChange(snap.context),
    'form.blur': [{ type: 'form.blur', field: 'cardNumber' }],
    'form.toggleDigital': (snap) =>
      snap.context.isDigital ? [] : [{ type: 'form.toggleDigital', value: true } as const],
    'xstate.done.actor.loadRailcard': (snap) => [
      { type: 'xstate.done.actor.loadRailcard', output: loaded(snap.context.mode) },
    ],
    'xstate.error.actor.loadRailcard': [{ type: 'xstate.error.actor.loadRailcard', error: new Error('offline') }],
    'xstate.done.actor.checkRailcardStatus': [
      { type: 'xstate.done.actor.checkRailcardStatus', output: { status: 'valid', expiryDate: '2027-01-31' } },
      { type: 'xstate.done.actor.checkRailcardStatus', output: { status: 'expired', expiryDate: '2026-01-31' } },
      { type: 'xstate.done.actor.checkRailcardStatus', output: { status: 'invalid', expiryDate: null } },
    ],
    'xstate.error.actor.checkRailcardStatus': [
      { type: 'xstate.error.actor.checkRailcardStatus', error: new Error('500') },
    ],
    'xstate.done.actor.saveRailcard': [{ type: 'xstate.done.actor.saveRailcard', output: {} }],
    'xstate.error.actor.saveRailcard': [{ type: 'xstate.error.actor.saveRailcard', error: new Error('500') }],
    'xstate.done.actor.deleteRailcard': [{ type: 'xstate.done.actor.deleteRailcard', output: { success: true } }],
    'xstate.error.actor.deleteRailcard': [{ type: 'xstate.error.actor.deleteRailcard', error: new Error('500') }],
  }),
  serializeContext: (c) => ({
    values: c.values,
    digital: c.isDigital,
    submitAttempted: c.submitAttempted,
    statusProblem: c.statusProblem,
    saveFailed: c.saveFailed,
    deleteFailed: c.deleteFailed,
    dirty: c.dirty,
  }),
  maxPaths: 300,
  assert: (snapshot) => {
    if (snapshot.matches('confirmingDelete')) expect(snapshot.context.mode).toBe('edit');
    if (snapshot.matches('saved')) expect(snapshot.output).toEqual({ outcome: 'saved' });
    if (snapshot.matches('deleted')) expect(snapshot.output).toEqual({ outcome: 'deleted' });
  },
  calls: (() => {
    const ids = { passengerId: 'p1', railcardId: 'two-together' };
    const card = (c: RailcardFormContext) => ({
      cardNumber: c.values.cardNumber,
      expiryDate: c.values.expiryDate,
      isDigital: c.isDigital,
    });
    return {
      loading: { loadRailcard: (c: RailcardFormContext) => ({ mode: c.mode, ...ids }) },
      checking: { checkRailcardStatus: (c: RailcardFormContext) => ({ ...ids, railcard: card(c) }) },
      saving: {
        saveRailcard: (c: RailcardFormContext) => ({
          ...ids,
          railcard: card(c),
          attributes: { secondHolderName: c.values.secondHolderName },
        }),
      },
      deleting: { deleteRailcard: ids },
    };
  })(),
  // Add or edit a passenger's railcard (docs/product/screens.md and docs/product/api.md): the card's status is checked before
  // it is saved (expired and invalid are shown on the form); failures keep the input; success and
  // delete go back to the list.
  states: {
    loading: ({ context, event }) => {
      expect(['xstate.init', 'railcard.retry']).toContain(event.type);
      if (event.type === 'xstate.init') {
        // Nothing loaded, typed or refused yet.
        expect(context).toEqual({
          mode: context.mode,
          passengerId: 'p1',
          railcardId: 'two-together',
          today,
          first: null,
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
        });
      }
    },
    loadFailed: ({ snapshot, context, event }) => {
      // The route's failed load starts here, with the same error and retry as the chart's own.
      if (event.type === 'xstate.init') expect(context.first).toEqual({ error: new Error('offline') });
      else expect(event.type).toBe('xstate.error.actor.loadRailcard');
      expect(context.loadError).toEqual(new Error('offline'));
      expect(snapshot.can({ type: 'railcard.retry' })).toBe(true);
    },
    editing: (check) => {
      const { snapshot, context, event } = check;
      const at = (over: Partial<RailcardFormContext>) => ({
        snapshot: snapshot.machine.resolveState({ value: 'editing', context: { ...context, ...over } }),
      });
      // Submit is refused while a rule fails: each field on its own, against a form that passes.
      const good = { cardNumber: 'TWO1234567', expiryDate: '2027-01-31', secondHolderName: 'Sam Lee' };
      const submitWith = (values: RailcardValues) => nextFrom(at({ values, dirty: true }), { type: 'form.submit' });
      const sent = submitWith({ ...good, cardNumber: ' TWO 123 4567 ' });
      expect(sent.value).toBe('checking');
      // The status is checked for the card number without its spaces.
      expect(inputOf(sent, 'checkRailcardStatus')).toEqual({
        passengerId: 'p1',
        railcardId: 'two-together',
        railcard: { cardNumber: 'TWO1234567', expiryDate: '2027-01-31', isDigital: context.isDigital },
      });
      for (const bad of [
        { cardNumber: '12' },
        { cardNumber: '' },
        { expiryDate: '' },
        { expiryDate: '2027-07-01' },
        { secondHolderName: '' },
      ]) {
        expect(submitWith({ ...good, ...bad }).value, JSON.stringify(bad)).toBe('editing');
      }
      // Choosing digital or plastic is a change.
      const digital = nextFrom(check, { type: 'form.toggleDigital', value: !context.isDigital });
      expect(digital.context).toEqual({ ...context, isDigital: !context.isDigital, dirty: true });
      // Asking to remove starts the confirmation with no earlier problem showing.
      if (context.mode === 'edit') {
        const asked = nextFrom(
          at({ statusProblem: 'expired', saveFailed: true, refusalReason: 'No.', deleteFailed: true }),
          { type: 'delete.request' },
        );
        expect(asked.value).toBe('confirmingDelete');
        expect(asked.context).toMatchObject({
          statusProblem: null,
          saveFailed: false,
          refusalReason: null,
          deleteFailed: false,
        });
      }
      // The route's railcard starts the form as the chart's own load does, untouched.
      if (event.type === 'xstate.init') {
        expect(context.first).toEqual({ data: loaded('edit') });
        expect([context.dirty, context.submitAttempted, context.touched]).toEqual([false, false, {}]);
      }
      if (event.type === 'xstate.done.actor.loadRailcard' || event.type === 'xstate.init') {
        expect(context.loaded).toEqual(loaded(context.mode));
        expect(context.values).toEqual(
          context.mode === 'edit'
            ? { cardNumber: 'TWO7730516', expiryDate: '2026-12-01', secondHolderName: 'Jamie Morgan' }
            : { cardNumber: '', expiryDate: '', secondHolderName: '' },
        );
        expect(context.isDigital).toBe(context.mode === 'edit');
      }
      if (event.type === 'form.change') {
        expect(context.values[event.field]).toBe(event.value);
        expect([context.statusProblem, context.saveFailed], 'typing clears the last problem').toEqual([null, false]);
      }
      if (event.type === 'form.toggleDigital') expect(context.isDigital).toBe(event.value);
      if (event.type === 'form.submit') expect(context.submitAttempted).toBe(true);
      if (event.type === 'form.blur') expect(context.touched[event.field]).toBe(true);
      if (event.type === 'xstate.done.actor.checkRailcardStatus') {
        const { status } = outputOf(event) as { status: string };
        expect(context.statusProblem).toBe(status);
        expect(['expired', 'invalid']).toContain(status);
      }
      if (event.type === 'xstate.error.actor.checkRailcardStatus' || event.type === 'xstate.error.actor.saveRailcard') {
        expect(context.saveFailed).toBe(true);
        expect(context.dirty, 'input kept').toBe(true);
      }
      expect(snapshot.can({ type: 'delete.request' }), 'only a held railcard can be deleted').toBe(
        context.mode === 'edit',
      );
    },
    saving: ({ event }) => expect(outputOf(event)).toEqual({ status: 'valid', expiryDate: '2027-01-31' }),
    checking: (check) => {
      const { context, event } = check;
      expect(event.type).toBe('form.submit');
      expect(railcardErrors(context)).toEqual({});
      expect([context.statusProblem, context.saveFailed, context.deleteFailed]).toEqual([null, false, false]);
      // What is saved once the status is valid: the card number without spaces, each attribute
      // trimmed (the same step from this state, with spaces typed around the values).
      const typed = {
        ...context,
        values: { ...context.values, cardNumber: ' TWO 123 4567 ', secondHolderName: '  Sam Lee ' },
      };
      const valid = {
        type: 'xstate.done.actor.checkRailcardStatus',
        output: { status: 'valid', expiryDate: '2027-01-31' },
      } as never;
      const saving = nextFrom(
        { snapshot: check.snapshot.machine.resolveState({ value: 'checking', context: typed }) },
        valid,
      );
      expect(saving.value).toBe('saving');
      expect(inputOf(saving, 'saveRailcard')).toMatchObject({
        railcard: { cardNumber: 'TWO1234567' },
        attributes: { secondHolderName: 'Sam Lee' },
      });
    },
    confirmingDelete: (check) => {
      const { snapshot, context, event } = check;
      expect(['delete.request', 'xstate.error.actor.deleteRailcard']).toContain(event.type);
      expect(context.mode).toBe('edit');
      expect(context.deleteFailed).toBe(event.type === 'xstate.error.actor.deleteRailcard');
      expect(snapshot.can({ type: 'delete.cancel' })).toBe(true);
      // Keeping the card goes back to the form and hides a failed removal.
      const kept = nextFrom(check, { type: 'delete.cancel' });
      expect(kept.value).toBe('editing');
      expect(kept.context.deleteFailed).toBe(false);
    },
    deleting: ({ event }) => expect(event.type).toBe('delete.confirm'),
    saved: ({ snapshot, context, event }) => {
      expect(event.type).toBe('xstate.done.actor.saveRailcard');
      expect(context.outcome).toBe('saved');
      expect(snapshot.output).toEqual({ outcome: 'saved' });
    },
    deleted: ({ snapshot, context, event }) => {
      expect(event.type).toBe('xstate.done.actor.deleteRailcard');
      expect(context.outcome).toBe('deleted');
      expect(snapshot.output).toEqual({ outcome: 'deleted' });
    },
  },
});

describe('railcardFormView: the errors the form shows and whether it can be sent', () => {
  const base = railcardFormMachine.resolveState({
    value: 'editing',
    context: {
      mode: 'add',
      passengerId: 'p1',
      railcardId: 'two-together',
      today,
      first: null,
      loaded: loaded('add'),
      values: { cardNumber: '', expiryDate: '', secondHolderName: '' },
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
    },
  }).context;
  const view = (over: Partial<RailcardFormContext>, busy = false) => railcardFormView({ ...base, ...over }, busy);
  const good = { cardNumber: 'TWO1234567', expiryDate: '2027-01-31', secondHolderName: 'Sam Lee' };
  it('shows no error on a pristine form, and cannot be sent', () => {
    expect(view({})).toEqual({ errors: {}, canSubmit: false });
  });
  it('shows the error of a field once it was left, and every error once a submit was tried', () => {
    expect(view({ touched: { cardNumber: true } }).errors).toEqual({ cardNumber: railcardMessages.cardNumberRequired });
    expect(Object.keys(view({ submitAttempted: true }).errors)).toEqual([
      'cardNumber',
      'expiryDate',
      'secondHolderName',
    ]);
  });
  it('can be sent when changed, valid and not busy', () => {
    expect(view({ values: good, dirty: true })).toEqual({ errors: {}, canSubmit: true });
    expect(view({ values: good, dirty: true }, true).canSubmit).toBe(false);
    expect(view({ values: good, dirty: false }).canSubmit).toBe(false);
    expect(view({ values: { ...good, cardNumber: '12' }, dirty: true })).toEqual({ errors: {}, canSubmit: false });
  });
  it('has no rule to check before the railcard is loaded', () => {
    expect(railcardErrors({ ...base, loaded: null })).toEqual({});
  });
});
