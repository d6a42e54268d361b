import { expect } from 'vitest';
import { describe, it } from 'vitest';
import { passengerFormMachine, passengerFormView, type PassengerFormContext } from '#machines/passenger-form';
import { passengerFormMessages } from '#src/copy/passenger-form';
import {
  PASSENGER_LIMIT_REACHED,
  emptyPassengerValues,
  passengerErrors,
  passengerLimits,
  passengerMessages,
  toPassengerRequest,
  toPassengerValues,
  type PassengerField,
} from '#src/schemas/passengers';
import type { SnapshotFrom } from 'xstate';
import { describeMachineModel, fromOwnLoadOnly, nextFrom, outputOf } from './harness';

const today = '2026-06-15';
const filled: Partial<Record<PassengerField, string>> = {
  firstName: 'Robin',
  lastName: 'Smith',
  day: '07',
  month: '03',
  year: '1990',
};
const order = Object.keys(filled) as PassengerField[];
const saved = (isAccountHolder: boolean) => ({
  id: 'p1',
  firstName: 'Alex',
  lastName: 'Morgan',
  nickName: null,
  emailAddress: isAccountHolder ? null : 'a@example.com',
  day: '14',
  month: '03',
  year: '1998',
  isAccountHolder,
});
/** The API client's refusal of an add past the account's most passengers (decision 569). */
const limitError = Object.assign(new Error('422'), { status: 422, code: PASSENGER_LIMIT_REACHED });
const isLimitError = (event: { type: string }) => 'error' in event && event.error === limitError;
const nextChange = (c: PassengerFormContext) => {
  // Add: fill the required fields in order. Edit: one change to a loaded value, then one more.
  const empty = order.find((f) => c.values[f] === '');
  if (empty) return [{ type: 'form.change', field: empty, value: filled[empty]! } as const];
  if (c.values.firstName === 'Alex') return [{ type: 'form.change', field: 'firstName', value: 'Alexa' } as const];
  if (c.values.firstName === 'Alexa') return [{ type: 'form.change', field: 'firstName', value: 'Alexandra' } as const];
  return [];
};

/** The opening context (written out: the spec's, not the chart's). */
const opening = (mode: 'add' | 'edit') => ({
  mode,
  passengerId: mode === 'edit' ? 'p1' : null,
  today,
  first: null,
  values: emptyPassengerValues,
  touched: {},
  dirty: false,
  submitAttempted: false,
  isAccountHolder: false,
  shouldUpdateAccount: false,
  loadError: null,
  saveFailed: false,
  limitReached: false,
  refusal: null,
  accountUpdateFailed: false,
  deleteFailed: false,
  outcome: null,
});

/** The text rule's refusal about the last name (server/lib/text-rules.ts): that field's (decision 670). */
const lastNameRefused = {
  problem: {
    kind: 'http',
    status: 422,
    codes: ['INVALID_CHARACTERS'],
    detail: null,
    body: { errors: [{ code: 'INVALID_CHARACTERS', message: 'lastName: Name contains invalid characters' }] },
  },
};

describeMachineModel(passengerFormMachine, {
  name: 'passengerFormMachine',
  inputs: [
    { mode: 'add', passengerId: null, today },
    { mode: 'edit', passengerId: 'p1', today },
    // What the edit route loaded (docs/decisions/730): the passenger, or the load's failure.
    { mode: 'edit', passengerId: 'p1', today, first: { data: saved(false) } },
    { mode: 'edit', passengerId: 'p1', today, first: { error: new Error('offline') } },
  ],
  // A start from the route's data is checked where it lands; from there on the form is the same as
  // after its own fetch, which the paths without it walk.
  events: fromOwnLoadOnly<SnapshotFrom<typeof passengerFormMachine>>({
    'form.change': (snap) => nextChange(snap.context),
    'form.blur': [{ type: 'form.blur', field: 'dateOfBirth' }],
    'form.toggleUpdateAccount': (snap) =>
      snap.context.isAccountHolder && !snap.context.shouldUpdateAccount
        ? [{ type: 'form.toggleUpdateAccount', value: true } as const]
        : [],
    'xstate.done.actor.fetchPassenger': [
      { type: 'xstate.done.actor.fetchPassenger', output: saved(false) },
      { type: 'xstate.done.actor.fetchPassenger', output: saved(true) },
    ],
    'xstate.error.actor.fetchPassenger': [{ type: 'xstate.error.actor.fetchPassenger', error: new Error('offline') }],
    'xstate.done.actor.savePassenger': (snap) => [
      {
        type: 'xstate.done.actor.savePassenger',
        output: { passenger: saved(snap.context.isAccountHolder), accountUpdateFailed: false },
      },
      ...(snap.context.isAccountHolder
        ? [{ type: 'xstate.done.actor.savePassenger', output: { passenger: saved(true), accountUpdateFailed: true } }]
        : []),
    ],
    'xstate.error.actor.savePassenger': (snap) => [
      { type: 'xstate.error.actor.savePassenger', error: new Error('500') },
      { type: 'xstate.error.actor.savePassenger', error: lastNameRefused },
      // Only an add can be refused for the account's most passengers.
      ...(snap.context.mode === 'add'
        ? [{ type: 'xstate.error.actor.savePassenger', error: limitError } as const]
        : []),
    ],
    'xstate.done.actor.deletePassenger': [{ type: 'xstate.done.actor.deletePassenger', output: { success: true } }],
    'xstate.error.actor.deletePassenger': [{ type: 'xstate.error.actor.deletePassenger', error: new Error('500') }],
  }),
  serializeContext: (c) => ({
    values: c.values,
    holder: c.isAccountHolder,
    sync: c.shouldUpdateAccount,
    submitAttempted: c.submitAttempted,
    saveFailed: c.saveFailed,
    limitReached: c.limitReached,
    refusal: c.refusal,
    accountUpdateFailed: c.accountUpdateFailed,
    deleteFailed: c.deleteFailed,
    dirty: c.dirty,
  }),
  maxPaths: 300,
  assert: (snapshot) => {
    if (snapshot.matches('confirmingDelete') || snapshot.matches('deleting')) {
      expect(snapshot.context.isAccountHolder).toBe(false);
      expect(snapshot.context.mode).toBe('edit');
    }
    if (snapshot.matches('saved')) expect(snapshot.output).toEqual({ outcome: 'saved' });
    if (snapshot.matches('deleted')) expect(snapshot.output).toEqual({ outcome: 'deleted' });
    if (snapshot.matches('submitting'))
      expect([snapshot.context.saveFailed, snapshot.context.limitReached]).toEqual([false, false]);
    // The limit is a kind of failed save, never shown on its own.
    if (snapshot.context.limitReached) expect(snapshot.context.saveFailed).toBe(true);
  },
  calls: {
    loading: { fetchPassenger: { passengerId: 'p1' } },
    deleting: { deletePassenger: { passengerId: 'p1' } },
    submitting: {
      savePassenger: (c: PassengerFormContext) => ({
        mode: c.mode,
        passengerId: c.mode === 'edit' ? 'p1' : null,
        body: {
          ...toPassengerRequest(c.values, c.isAccountHolder),
          ...(c.mode === 'edit' && c.isAccountHolder ? { shouldUpdateAccount: c.shouldUpdateAccount } : {}),
        },
      }),
    },
  },
  // docs/product/states.md, docs/product/roles.md and docs/product/errors.md: add, edit and delete go back to the list on success; add/edit
  // failures show their message and keep the input; the account holder may edit but not delete
  // their entry and may sync the name to the account (a failed sync is its own flag).
  states: {
    loading: ({ context, event }) => {
      expect(['xstate.init', 'passenger.retry']).toContain(event.type);
      if (event.type === 'xstate.init') expect(context).toEqual(opening('edit'));
      expect(context.mode).toBe('edit');
    },
    loadFailed: ({ snapshot, context, event }) => {
      // The route's failed load starts here, with the same error and retry as the chart's own.
      if (event.type === 'xstate.init') expect(context.first).toEqual({ error: new Error('offline') });
      else expect(event.type).toBe('xstate.error.actor.fetchPassenger');
      expect(context.loadError).toEqual(new Error('offline'));
      expect(snapshot.can({ type: 'passenger.retry' })).toBe(true);
    },
    editing: (check) => {
      const { snapshot, context, event } = check;
      // Add starts empty; edit, from the passenger its route loaded, filled in and untouched.
      if (event.type === 'xstate.init')
        expect(context).toEqual(
          context.mode === 'add'
            ? opening('add')
            : {
                ...opening('edit'),
                first: { data: saved(false) },
                values: toPassengerValues(saved(false)),
              },
        );
      // Typing clears a failed save or sync and changes that field only.
      const typed = nextFrom(check, { type: 'form.change', field: 'nickName', value: 'Bobby' });
      expect(typed.context).toEqual({
        ...context,
        values: { ...context.values, nickName: 'Bobby' },
        dirty: true,
        saveFailed: false,
        limitReached: false,
        accountUpdateFailed: false,
      });
      // The account holder's sync choice is a change too, and clears a failed sync.
      for (const value of [true, false]) {
        const synced = nextFrom(check, { type: 'form.toggleUpdateAccount', value });
        expect(synced.context).toEqual({
          ...context,
          shouldUpdateAccount: value,
          dirty: true,
          accountUpdateFailed: false,
        });
      }
      // Asking to delete starts the confirmation with no failure showing.
      if (context.mode === 'edit' && !context.isAccountHolder) {
        const asked = nextFrom(check, { type: 'delete.request' });
        expect([asked.context.saveFailed, asked.context.accountUpdateFailed, asked.context.deleteFailed]).toEqual([
          false,
          false,
          false,
        ]);
      }
      // Submit is refused while a rule fails: a date of birth after today, or (for anyone but the
      // account holder, who has no email field) an email that is not one.
      const complete = { ...filled, nickName: '', emailAddress: '' } as Record<PassengerField, string>;
      const withValues = (values: Record<PassengerField, string>) =>
        ({ ...snapshot, context: { ...context, values, dirty: true } }) as typeof snapshot;
      const submitWith = (values: Record<PassengerField, string>) =>
        nextFrom({ snapshot: withValues(values) }, { type: 'form.submit' }).value;
      expect(submitWith(complete)).toBe('submitting');
      expect(submitWith({ ...complete, year: '2027' })).toBe('editing');
      expect(submitWith({ ...complete, emailAddress: 'not-an-email' })).toBe(
        context.isAccountHolder ? 'submitting' : 'editing',
      );
      if (event.type === 'xstate.done.actor.fetchPassenger') {
        expect(context.isAccountHolder).toBe((outputOf(event) as { isAccountHolder: boolean }).isAccountHolder);
        expect(context.dirty).toBe(false);
      }
      if (event.type === 'form.change') expect(context.values[event.field]).toBe(event.value);
      if (event.type === 'form.toggleUpdateAccount') expect(context.shouldUpdateAccount).toBe(event.value);
      if (event.type === 'form.submit') expect(context.submitAttempted).toBe(true);
      if (event.type === 'form.blur') expect(context.touched[event.field]).toBe(true);
      if (event.type === 'xstate.error.actor.savePassenger' && event.error === lastNameRefused) {
        // A refusal about one field is that field's, not the form's failure (decision 670).
        expect(context).toMatchObject({
          saveFailed: false,
          limitReached: false,
          refusal: { field: 'lastName', code: 'INVALID_CHARACTERS', message: 'Name contains invalid characters' },
        });
        expect(context.dirty, 'input kept').toBe(true);
        const retyped = nextFrom(check, { type: 'form.change', field: 'lastName', value: 'Jones' });
        expect(retyped.context.refusal, 'changing the refused field takes the refusal away').toBeNull();
      } else if (event.type === 'xstate.error.actor.savePassenger') {
        expect(context.refusal).toBeNull();
        expect(context.saveFailed).toBe(true);
        // A refused add for the account's most passengers says so (with the number), not "try again later".
        expect(context.limitReached).toBe(isLimitError(event));
        expect(passengerFormMessages.limitReached).toBe(
          `This account already holds ${passengerLimits.savedPassengersMax} passengers, the most it can save. Delete a passenger you no longer need to add a new one.`,
        );
        expect(passengerMessages[context.mode === 'add' ? 'addFailed' : 'editFailed']).toMatch(
          /^Oops! Unfortunately this passenger could not be (added|updated)\. Please try again later\.$/,
        );
        expect(context.dirty, 'input kept').toBe(true);
      }
      if (event.type === 'xstate.done.actor.savePassenger') {
        expect((outputOf(event) as { accountUpdateFailed: boolean }).accountUpdateFailed).toBe(true);
        expect(context.accountUpdateFailed).toBe(true);
        // The passenger was saved; only the account's name was not: the form is pristine again.
        expect(context.dirty).toBe(false);
        expect(context.saveFailed).toBe(false);
      }
      if (event.type === 'delete.cancel') expect(context.deleteFailed).toBe(false);
      expect(
        snapshot.can({ type: 'delete.request' }),
        'only a passenger who is not the account holder can be deleted',
      ).toBe(context.mode === 'edit' && !context.isAccountHolder);
    },
    submitting: ({ context, event }) => {
      expect(event.type).toBe('form.submit');
      expect(passengerErrors(context.values, { today, isAccountHolder: context.isAccountHolder })).toEqual({});
      expect([context.saveFailed, context.limitReached, context.accountUpdateFailed, context.deleteFailed]).toEqual([
        false,
        false,
        false,
        false,
      ]);
    },
    confirmingDelete: ({ snapshot, context, event }) => {
      expect([context.mode, context.isAccountHolder]).toEqual(['edit', false]);
      if (event.type === 'xstate.error.actor.deletePassenger') expect(context.deleteFailed).toBe(true);
      else {
        expect(event.type).toBe('delete.request');
        expect(context.deleteFailed).toBe(false);
      }
      expect(snapshot.can({ type: 'delete.cancel' })).toBe(true);
    },
    deleting: ({ event }) => expect(event.type).toBe('delete.confirm'),
    saved: ({ snapshot, context, event }) => {
      expect(context.outcome).toBe('saved');
      expect((outputOf(event) as { accountUpdateFailed: boolean }).accountUpdateFailed).toBe(false);
      expect(snapshot.output).toEqual({ outcome: 'saved' });
    },
    deleted: ({ snapshot, context, event }) => {
      expect(context.outcome).toBe('deleted');
      expect(event.type).toBe('xstate.done.actor.deletePassenger');
      expect(snapshot.output).toEqual({ outcome: 'deleted' });
    },
  },
});

describe('passengerFormView: the errors the form shows and whether it can be sent', () => {
  const context = (over: Partial<PassengerFormContext>): PassengerFormContext =>
    ({ ...opening('add'), ...over }) as PassengerFormContext;
  const valid = { ...emptyPassengerValues, ...filled } as PassengerFormContext['values'];
  it('shows no error on a pristine form, and cannot be sent', () => {
    expect(passengerFormView(context({}), false)).toEqual({
      errors: {},
      blocking: ['firstName', 'lastName', 'dateOfBirth'],
      canSubmit: false,
    });
  });
  it('shows the error of a field once it was left, and every error once a submit was tried', () => {
    expect(passengerFormView(context({ touched: { firstName: true } }), false).errors).toEqual({
      firstName: passengerMessages.required,
    });
    const all = passengerFormView(context({ submitAttempted: true }), false).errors;
    expect(all).toEqual(passengerErrors(emptyPassengerValues, { today, isAccountHolder: false }));
    expect(Object.keys(all)).toEqual(['firstName', 'lastName', 'dateOfBirth']);
  });
  it('can be sent when changed, valid and not already sending', () => {
    expect(passengerFormView(context({ values: valid, dirty: true }), false)).toEqual({
      errors: {},
      blocking: [],
      canSubmit: true,
    });
    expect(passengerFormView(context({ values: valid, dirty: true }), true).canSubmit).toBe(false);
    expect(passengerFormView(context({ values: valid, dirty: false }), false).canSubmit).toBe(false);
    expect(passengerFormView(context({ values: { ...valid, year: '2027' }, dirty: true }), false)).toEqual({
      errors: {},
      blocking: ['dateOfBirth'],
      canSubmit: false,
    });
  });
});
