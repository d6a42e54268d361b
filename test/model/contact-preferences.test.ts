import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { contactPreferencesMachine, type PendingChange } from '#machines/contact-preferences';
import type { ContactPreference, ConsentsResponse } from '#src/schemas/consents';
import type { SnapshotFrom } from 'xstate';
import { describeMachineModel, fromOwnLoadOnly, outputOf, stepFrom } from './harness';

const consent = (id: string, selected: boolean, hasEverBeenUpdated: boolean): ContactPreference => ({
  id,
  title: id,
  description: '',
  preBody: '',
  selected,
  hasEverBeenUpdated,
  missingCategoryDescriptor: { title: `${id}?`, description: '', optInCopy: 'Yes', optOutCopy: 'No' },
});
/** One consent chosen before, one never updated (shows the opt-in/opt-out prompt). */
const list = (revoked: boolean): ConsentsResponse => ({
  consents: [consent('email-offers', true, true), consent('partner-offers', false, false)],
  revoked,
});

let lastPending: PendingChange | null = null;
const ids = ['email-offers', 'partner-offers'];
/** Nothing asked for, nothing loaded, nothing said yet. */
const opening = {
  first: null,
  consents: [],
  revoked: false,
  pending: null,
  lastChangedId: null,
  fetchError: false,
  updateError: false,
  saved: null,
  outcome: null,
};

describeMachineModel(contactPreferencesMachine, {
  name: 'contactPreferencesMachine',
  inputs: [
    { action: null },
    { action: 'unsubscribe' },
    { action: 'resubscribe' },
    // What the signed-in route loaded (docs/decisions/730): the list, or the load's failure.
    { action: null, first: { data: list(false) } },
    { action: null, first: { error: { status: 500 } } },
  ],
  // A start from the route's data is checked where it lands; from there on the screen is the same as
  // after its own fetch, which the paths without it walk.
  events: fromOwnLoadOnly<SnapshotFrom<typeof contactPreferencesMachine>>({
    // Every change a user can make from here: flip a toggle, or answer a prompt either way.
    'consent.select': (snap) =>
      snap.context.consents.flatMap((c) =>
        c.hasEverBeenUpdated
          ? [{ type: 'consent.select' as const, id: c.id, selected: !c.selected }]
          : [
              { type: 'consent.select' as const, id: c.id, selected: true },
              { type: 'consent.select' as const, id: c.id, selected: false },
            ],
      ),
    'xstate.done.actor.fetchConsents': [
      { type: 'xstate.done.actor.fetchConsents', output: list(false) },
      { type: 'xstate.done.actor.fetchConsents', output: list(true) },
    ],
    'xstate.error.actor.fetchConsents': [{ type: 'xstate.error.actor.fetchConsents', error: { status: 500 } }],
    // The server confirms what was sent: its list is the optimistic one.
    'xstate.done.actor.updateConsents': (snap) => [
      { type: 'xstate.done.actor.updateConsents', output: { consents: snap.context.consents, revoked: false } },
    ],
    'xstate.error.actor.updateConsents': [{ type: 'xstate.error.actor.updateConsents', error: { status: 503 } }],
    'xstate.done.actor.revokeMarketing': [{ type: 'xstate.done.actor.revokeMarketing', output: { revoked: true } }],
    'xstate.error.actor.revokeMarketing': [{ type: 'xstate.error.actor.revokeMarketing', error: { kind: 'schema' } }],
    'xstate.done.actor.restoreMarketing': [{ type: 'xstate.done.actor.restoreMarketing', output: { restored: true } }],
    'xstate.error.actor.restoreMarketing': [{ type: 'xstate.error.actor.restoreMarketing', error: { status: 409 } }],
  }),
  serializeContext: (c) => ({
    revoked: c.revoked,
    neverUpdated: c.consents.filter((x) => !x.hasEverBeenUpdated).length,
    pending: c.pending?.id ?? null,
    outcome: c.outcome,
  }),
  maxPaths: 300,
  assert: (snapshot, step) => {
    const { pending, consents, outcome, initialAction } = snapshot.context;
    if (snapshot.matches('saving')) {
      // Optimistic: the list already shows the new value while the server is asked.
      expect(pending).not.toBeNull();
      expect(consents.find((c) => c.id === pending?.id)).toMatchObject({
        selected: pending?.selected,
        hasEverBeenUpdated: true,
      });
      lastPending = pending;
    } else {
      expect(pending).toBeNull();
    }
    if (step.event.type === 'xstate.error.actor.updateConsents') {
      // Reverted: the consent is exactly as it was (a never-updated one is back to its prompt).
      expect(snapshot.context.updateError).toBe(true);
      expect(consents.find((c) => c.id === lastPending?.id)).toEqual(lastPending?.previous);
    }
    if (step.event.type === 'xstate.done.actor.updateConsents') {
      expect(snapshot.context.saved).toBe(lastPending?.previous.hasEverBeenUpdated ? 'updated' : 'firstTime');
    }
    if (outcome !== null) expect(initialAction).toBeNull();
    if (snapshot.matches('restoring')) expect(snapshot.context.revoked || initialAction === 'resubscribe').toBe(true);
  },
  calls: {
    loading: { fetchConsents: undefined },
    saving: {
      updateConsents: (c: { pending: PendingChange | null }) => ({
        consentSelections: { [c.pending!.id]: c.pending!.selected },
      }),
    },
    revoking: { revokeMarketing: undefined },
    restoring: { restoreMarketing: undefined },
  },
  // docs/product/states.md and docs/product/errors.md: save flips optimistically then confirms; failure sets an error;
  // first-time update says 'Saved! Thanks…'; unsubscribe and resubscribe each end in success
  // or error (unsubscribed, subscribed, unsubscribedErrors, subscribedErrors).
  states: {
    loading: (check) => {
      const { snapshot, context, event } = check;
      expect(snapshot.hasTag('busy')).toBe(true);
      if (event.type === 'xstate.init') expect(context).toEqual({ ...opening, initialAction: null });
      // An answer that says whether marketing is revoked is believed either way.
      for (const revoked of [true, false]) {
        const told = stepFrom(check, {
          type: 'xstate.done.actor.fetchConsents',
          output: list(revoked),
        } as never).snapshot;
        expect([told.value, told.context.revoked]).toEqual(['loaded', revoked]);
      }
      // GET consents of docs/product/api.md does not say: after this visit's unsubscribe (its answer
      // was revoked) restore is offered, after its resubscribe (restored) revoke is; otherwise
      // what was known before the reload stays.
      const silent = stepFrom(check, {
        type: 'xstate.done.actor.fetchConsents',
        output: { consents: list(false).consents },
      } as never).snapshot;
      const known =
        context.outcome === 'unsubscribed' ? true : context.outcome === 'subscribed' ? false : context.revoked;
      expect([silent.value, silent.context.revoked], `after ${context.outcome ?? 'no marketing action'}`).toEqual([
        'loaded',
        known,
      ]);
      expect(context.fetchError).toBe(false);
      if (event.type === 'xstate.done.actor.revokeMarketing') expect(context.outcome).toBe('unsubscribed');
      if (event.type === 'xstate.error.actor.revokeMarketing') expect(context.outcome).toBe('unsubscribedErrors');
      if (event.type === 'xstate.done.actor.restoreMarketing') expect(context.outcome).toBe('subscribed');
      if (event.type === 'xstate.error.actor.restoreMarketing') expect(context.outcome).toBe('subscribedErrors');
      if (event.type === 'xstate.init') expect(context.initialAction).toBeNull();
    },
    failed: ({ snapshot, context, event }) => {
      // The route's failed load starts here, with the same flag and retry as the chart's own.
      if (event.type === 'xstate.init') expect(context.first).toEqual({ error: { status: 500 } });
      else expect(event.type).toBe('xstate.error.actor.fetchConsents');
      expect(context.fetchError).toBe(true);
      expect(snapshot.hasTag('busy')).toBe(false);
      expect(snapshot.can({ type: 'consents.retry' })).toBe(true);
    },
    loaded: (check) => {
      const { snapshot, context, event } = check;
      expect(snapshot.hasTag('busy')).toBe(false);
      expect(context.consents.map((c) => c.id)).toEqual(ids);
      // Unsubscribe or resubscribe starts afresh: the last save's or action's message goes.
      const marketing = stepFrom(check, { type: context.revoked ? 'marketing.restore' : 'marketing.revoke' }).snapshot;
      expect(marketing.value).toBe(context.revoked ? 'restoring' : 'revoking');
      expect([marketing.context.updateError, marketing.context.saved, marketing.context.outcome]).toEqual([
        false,
        null,
        null,
      ]);
      // The route's list starts the screen as the chart's own fetch does, with nothing said yet.
      if (event.type === 'xstate.init')
        expect(context).toEqual({ ...opening, initialAction: null, first: { data: list(false) }, ...list(false) });
      if (event.type === 'xstate.done.actor.fetchConsents') {
        expect(context.consents).toEqual((outputOf(event) as ConsentsResponse).consents);
        expect(context.revoked).toBe((outputOf(event) as ConsentsResponse).revoked);
      }
      if (event.type === 'xstate.done.actor.updateConsents') expect(context.updateError).toBe(false);
      if (event.type === 'xstate.error.actor.updateConsents') expect(context.saved).toBeNull();
      expect(snapshot.can({ type: context.revoked ? 'marketing.restore' : 'marketing.revoke' })).toBe(true);
      expect(snapshot.can({ type: context.revoked ? 'marketing.revoke' : 'marketing.restore' })).toBe(false);
    },
    saving: ({ snapshot, context, event }) => {
      expect(event.type).toBe('consent.select');
      // Only the consent changed flips; the others stay as they are.
      expect(context.consents.map((c) => c.id)).toEqual(ids);
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(context).toMatchObject({
        updateError: false,
        saved: null,
        outcome: null,
        lastChangedId: context.pending?.id,
      });
      // The save's answer without `revoked` (a local-server extra, not in docs/product/api.md): what the page
      // knew stays, so a revoke is still offered its restore.
      const saved = stepFrom({ snapshot }, {
        type: 'xstate.done.actor.updateConsents',
        output: { consents: context.consents },
      } as never).snapshot;
      expect(saved.context.revoked).toBe(context.revoked);
    },
    revoking: ({ snapshot, context, event }) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      if (event.type === 'xstate.init') expect(context).toEqual({ ...opening, initialAction: 'unsubscribe' });
      else expect(event.type).toBe('marketing.revoke');
      expect(context.outcome).toBeNull();
    },
    restoring: ({ snapshot, context, event }) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      if (event.type === 'xstate.init') expect(context).toEqual({ ...opening, initialAction: 'resubscribe' });
      else expect(event.type).toBe('marketing.restore');
      expect(context.outcome).toBeNull();
    },
  },
});

const run = (impl: { update?: () => Promise<ConsentsResponse>; fetch?: () => Promise<ConsentsResponse> }) =>
  createActor(
    contactPreferencesMachine.provide({
      actors: {
        fetchConsents: fromPromise(impl.fetch ?? (async () => list(false))),
        updateConsents: fromPromise(impl.update ?? (async () => list(false))),
        revokeMarketing: fromPromise(async () => ({ revoked: true })),
        restoreMarketing: fromPromise(async () => ({ restored: true })),
      },
    }),
    { input: { action: null } },
  ).start();

describe('contactPreferencesMachine details', () => {
  it("says 'Saved! Thanks…' only after a consent's first update", async () => {
    const first = run({
      update: async () => ({
        consents: [consent('email-offers', true, true), consent('partner-offers', true, true)],
        revoked: false,
      }),
    });
    await waitFor(first, (s) => s.matches('loaded'));
    first.send({ type: 'consent.select', id: 'partner-offers', selected: true });
    await waitFor(first, (s) => s.matches('loaded'));
    expect(first.getSnapshot().context.saved).toBe('firstTime');
    first.send({ type: 'consent.select', id: 'email-offers', selected: false });
    await waitFor(first, (s) => s.matches('loaded'));
    expect(first.getSnapshot().context.saved).toBe('updated');
  });

  it('sends only the changed consent and ignores changes while a save is under way', async () => {
    const sent: unknown[] = [];
    let finish: (value: ConsentsResponse) => void = () => {};
    const actor = createActor(
      contactPreferencesMachine.provide({
        actors: {
          fetchConsents: fromPromise(async () => list(false)),
          updateConsents: fromPromise(({ input }) => {
            sent.push(input);
            return new Promise<ConsentsResponse>((resolve) => (finish = resolve));
          }),
        },
      }),
      { input: {} },
    ).start();
    await waitFor(actor, (s) => s.matches('loaded'));
    actor.send({ type: 'consent.select', id: 'email-offers', selected: false });
    actor.send({ type: 'consent.select', id: 'partner-offers', selected: true });
    expect(actor.getSnapshot().matches('saving')).toBe(true);
    expect(sent).toEqual([{ consentSelections: { 'email-offers': false } }]);
    finish(list(false));
    await waitFor(actor, (s) => s.matches('loaded'));
    // Nothing of the ignored change was applied; the server's answer is the list.
    expect(actor.getSnapshot().context.consents).toEqual(list(false).consents);
  });

  it('opens the list when the page gives no input at all', () => {
    const actor = createActor(
      contactPreferencesMachine.provide({
        actors: { fetchConsents: fromPromise(() => new Promise<ConsentsResponse>(() => {})) },
      }),
      { input: undefined },
    ).start();
    expect([actor.getSnapshot().status, actor.getSnapshot().value]).toEqual(['active', 'loading']);
    expect(actor.getSnapshot().context.initialAction).toBeNull();
    actor.stop();
  });

  it('ignores a select that changes nothing or names an unknown consent', async () => {
    const actor = run({});
    await waitFor(actor, (s) => s.matches('loaded'));
    actor.send({ type: 'consent.select', id: 'email-offers', selected: true });
    actor.send({ type: 'consent.select', id: 'carrier-pigeon', selected: true });
    expect(actor.getSnapshot().matches('loaded')).toBe(true);
  });
});
