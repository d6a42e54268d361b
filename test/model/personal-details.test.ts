import { expect } from 'vitest';
import { personalDetailsMachine } from '#machines/personal-details';
import { describeMachineModel, inputOf, nextFrom, outputOf } from './harness';

const loaded = { firstName: 'Alex', lastName: 'Morgan', email: 'demo@example.com', shouldUpdatePassenger: false };

/** What a 401 on save kept (docs/decisions/161): laid over the loaded details after sign-in. */
const draft = { values: { firstName: 'Alexa', lastName: 'Morgan-Lee' }, shouldUpdatePassenger: true };

/**
 * Started from what the route loaded: the form is the one a fetch fills (each step's checks of
 * `editing` prove it), so its edits are walked once, from the start without it, not again from these.
 */
const fromRoute = (snap: { context: { first: unknown } }) => snap.context.first !== null;

/** The text rule's refusal about the first name (server/lib/text-rules.ts). */
const firstNameRefused = {
  problem: {
    kind: 'http',
    status: 422,
    codes: ['INVALID_CHARACTERS'],
    detail: null,
    body: { errors: [{ code: 'INVALID_CHARACTERS', message: 'firstName: Must be a valid first name' }] },
  },
};

describeMachineModel(personalDetailsMachine, {
  name: 'personalDetailsMachine',
  // The route's loader may have fetched the details already (docs/decisions/730): the chart starts
  // from them (a kept draft laid over them) or from its error, and asks only on a retry.
  inputs: [
    {},
    { draft },
    { first: { data: loaded } },
    { draft, first: { data: loaded } },
    { first: { error: { status: 500 } } },
  ],
  events: {
    'xstate.done.actor.fetchPersonalDetails': [{ type: 'xstate.done.actor.fetchPersonalDetails', output: loaded }],
    'xstate.error.actor.fetchPersonalDetails': [
      { type: 'xstate.error.actor.fetchPersonalDetails', error: { status: 500 } },
    ],
    // One valid edit and one invalid edit of the loaded name keep the model finite.
    'form.change': (snap) =>
      snap.context.values.firstName === 'Alex' && !fromRoute(snap)
        ? [
            { type: 'form.change', field: 'firstName', value: 'Alexandra' } as const,
            { type: 'form.change', field: 'firstName', value: '' } as const,
          ]
        : [],
    'form.submit': (snap) => (fromRoute(snap) ? [] : [{ type: 'form.submit' } as const]),
    'form.blur': (snap) => (fromRoute(snap) ? [] : [{ type: 'form.blur', field: 'firstName' } as const]),
    'form.toggleUpdatePassenger': (snap) =>
      snap.context.shouldUpdatePassenger || fromRoute(snap)
        ? []
        : [{ type: 'form.toggleUpdatePassenger', checked: true } as const],
    'xstate.done.actor.savePersonalDetails': (snap) => [
      {
        type: 'xstate.done.actor.savePersonalDetails',
        output: {
          firstName: snap.context.values.firstName,
          lastName: 'Morgan',
          email: 'demo@example.com',
          updatePassengerFailed: false,
        },
      },
      {
        type: 'xstate.done.actor.savePersonalDetails',
        output: {
          firstName: snap.context.values.firstName,
          lastName: 'Morgan',
          email: 'demo@example.com',
          updatePassengerFailed: true,
        },
      },
    ],
    'xstate.error.actor.savePersonalDetails': [
      { type: 'xstate.error.actor.savePersonalDetails', error: { status: 503 } },
      // docs/product/roles.md: 401 goes to login; the typed draft is kept for after.
      { type: 'xstate.error.actor.savePersonalDetails', error: { status: 401 } },
      // The text rule's refusal about the first name: that field's (decision 670).
      { type: 'xstate.error.actor.savePersonalDetails', error: firstNameRefused },
    ],
  },
  serializeContext: (c) => ({
    values: c.values,
    update: c.shouldUpdatePassenger,
    dirty: c.dirty,
    submitAttempted: c.submitAttempted,
    touched: c.touched,
    refusal: c.refusal,
    savedOnce: c.savedOnce,
    updateFailed: c.updateFailed,
    passengerUpdateFailed: c.passengerUpdateFailed,
    draft: c.draft,
    draftRestored: c.draftRestored,
  }),
  maxPaths: 300,
  assert: (snapshot) => {
    // Nothing typed is lost when the save fails.
    if (snapshot.context.updateFailed) expect(snapshot.context.dirty).toBe(true);
    if (snapshot.matches('editing') && snapshot.context.savedOnce && !snapshot.context.dirty) {
      expect(snapshot.context.baseline.firstName).toBe(snapshot.context.values.firstName);
    }
    if (snapshot.matches('loadFailed')) expect(snapshot.context.values).toEqual({ firstName: '', lastName: '' });
    // A draft is shown once, then forgotten; it never outlives the first load.
    if (!snapshot.matches('loading') && !snapshot.matches('loadFailed')) expect(snapshot.context.draft).toBeNull();
  },
  calls: {
    loading: { fetchPersonalDetails: undefined },
    saving: {
      savePersonalDetails: (c: {
        values: { firstName: string; lastName: string };
        shouldUpdatePassenger: boolean;
      }) => ({
        ...c.values,
        email: 'demo@example.com',
        shouldUpdatePassenger: c.shouldUpdatePassenger,
      }),
    },
  },
  // docs/product/validation.md, docs/product/roles.md and docs/product/errors.md: the name can be changed and synced to the passenger entry, the email
  // cannot; fetch error is flag only; update-failed and passenger-update-failed are separate flags.
  states: {
    loading: ({ snapshot, context, event }) => {
      expect(['xstate.init', 'details.retry']).toContain(event.type);
      if (event.type === 'xstate.init') {
        // Nothing shown before the details answer; a draft kept from before sign-in waits for them.
        expect([null, draft]).toContainEqual(context.draft);
        expect({ ...context, draft: null }).toEqual({
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
          draft: null,
          draftRestored: false,
          first: null,
        });
      }
      expect(snapshot.hasTag('loading')).toBe(true);
    },
    loadFailed: ({ snapshot, context, event }) => {
      if (event.type === 'xstate.init') expect(context.first).toEqual({ error: { status: 500 } });
      else expect(event.type).toBe('xstate.error.actor.fetchPersonalDetails');
      expect(snapshot.hasTag('loading')).toBe(false);
      expect(snapshot.can({ type: 'details.retry' })).toBe(true);
    },
    editing: (check) => {
      const { context, event, actions, performed } = check;
      expect(context.email).toBe('demo@example.com');
      // The names are sent trimmed (whatever was typed around them), with the email as loaded.
      let padded = nextFrom(check, { type: 'form.change', field: 'firstName', value: ' Alexandra ' });
      padded = nextFrom({ snapshot: padded }, { type: 'form.change', field: 'lastName', value: '  Morgan-Lee' });
      const sent = nextFrom({ snapshot: padded }, { type: 'form.submit' });
      expect(sent.value).toBe('saving');
      expect(inputOf(sent, 'savePersonalDetails')).toEqual({
        firstName: 'Alexandra',
        lastName: 'Morgan-Lee',
        email: 'demo@example.com',
        shouldUpdatePassenger: context.shouldUpdatePassenger,
      });
      // Pristine means "as saved": a change back to the saved name or choice undoes the change,
      // and any one field away from it is a change.
      const { baseline } = context;
      const change = (from: typeof check.snapshot, field: 'firstName' | 'lastName', value: string) =>
        nextFrom({ snapshot: from }, { type: 'form.change', field, value });
      const saved = change(change(check.snapshot, 'firstName', baseline.firstName), 'lastName', baseline.lastName);
      const asSaved = nextFrom(
        { snapshot: saved },
        { type: 'form.toggleUpdatePassenger', checked: baseline.shouldUpdatePassenger },
      );
      expect(asSaved.context.dirty).toBe(false);
      expect(change(asSaved, 'lastName', `${baseline.lastName}-Lee`).context.dirty).toBe(true);
      expect(change(asSaved, 'firstName', `${baseline.firstName}a`).context.dirty).toBe(true);
      const toggled = nextFrom(
        { snapshot: asSaved },
        { type: 'form.toggleUpdatePassenger', checked: !baseline.shouldUpdatePassenger },
      );
      expect(toggled.context.dirty).toBe(true);
      // A name left empty is refused (docs/product/errors.md), even though it is a change.
      const emptied = change(asSaved, 'lastName', '');
      expect(emptied.context.dirty).toBe(true);
      expect(nextFrom({ snapshot: emptied }, { type: 'form.submit' }).value).toBe('editing');
      if (event.type === 'xstate.done.actor.fetchPersonalDetails' || event.type === 'xstate.init') {
        expect(context.baseline).toEqual({ firstName: 'Alex', lastName: 'Morgan', shouldUpdatePassenger: false });
        if (context.draftRestored) {
          // After sign-in the same screen shows what was typed, unsaved, and the store forgets it.
          expect(context).toMatchObject({
            values: draft.values,
            shouldUpdatePassenger: true,
            dirty: true,
            draft: null,
          });
          expect(actions, 'the kept draft is forgotten once on screen').toContain('dropDraft');
        } else {
          expect(context).toMatchObject({
            values: { firstName: 'Alex', lastName: 'Morgan' },
            dirty: false,
            shouldUpdatePassenger: false,
          });
          expect(actions).not.toContain('dropDraft');
        }
      }
      if (event.type === 'form.change') {
        expect(context.values[event.field]).toBe(event.value);
        expect(context.dirty).toBe(
          event.value !== context.baseline[event.field] ||
            context.shouldUpdatePassenger !== context.baseline.shouldUpdatePassenger,
        );
      }
      if (event.type === 'form.toggleUpdatePassenger') expect(context.shouldUpdatePassenger).toBe(event.checked);
      if (event.type === 'form.submit') expect(context.submitAttempted).toBe(true);
      if (event.type === 'form.blur') expect(context.touched[event.field]).toBe(true);
      if (event.type === 'xstate.done.actor.savePersonalDetails') {
        const saved = outputOf(event) as { firstName: string; updatePassengerFailed: boolean };
        expect(context).toMatchObject({ savedOnce: true, dirty: false, submitAttempted: false, updateFailed: false });
        expect(context.values.firstName).toBe(saved.firstName);
        expect(context.passengerUpdateFailed).toBe(saved.updatePassengerFailed);
        expect(actions, 'the session learns the new name').toContain('nameChanged');
        expect(performed.find((a) => a.type === 'nameChanged')?.params).toEqual({
          firstName: saved.firstName,
          lastName: 'Morgan',
        });
      }
      if (event.type === 'xstate.error.actor.savePersonalDetails' && event.error === firstNameRefused) {
        expect(context).toMatchObject({
          updateFailed: false,
          passengerUpdateFailed: false,
          refusal: { field: 'firstName', code: 'INVALID_CHARACTERS', message: 'Must be a valid first name' },
        });
        expect(actions).not.toContain('keepDraft');
      } else if (event.type === 'xstate.error.actor.savePersonalDetails') {
        expect(context.refusal).toBeNull();
        expect(context.updateFailed).toBe(true);
        expect(context.passengerUpdateFailed).toBe(false);
        const status = (event as { error?: { status?: number } }).error?.status;
        if (status === 401) {
          expect(performed.find((a) => a.type === 'keepDraft')?.params, 'the typed values are kept in memory').toEqual({
            values: context.values,
            shouldUpdatePassenger: context.shouldUpdatePassenger,
          });
        } else expect(actions).not.toContain('keepDraft');
      }
    },
    saving: ({ context, event }) => {
      expect(event.type).toBe('form.submit');
      // Saving hides every earlier outcome, the restored-draft notice too.
      expect([context.updateFailed, context.passengerUpdateFailed, context.draftRestored]).toEqual([
        false,
        false,
        false,
      ]);
      expect(context.dirty).toBe(true);
    },
  },
});
