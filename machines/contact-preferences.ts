import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { ConsentsResponse, ContactPreference } from '#src/schemas/consents';
import { doneOutput } from './lib/done-output';
import { firstFailed, firstLoaded, type FirstData } from './lib/first-data';

/**
 * Contact preferences (docs/product/screens.md, docs/product/states.md, docs/product/validation.md, docs/product/errors.md): load the consents; a change (a toggle, or the
 * opt-in / opt-out prompt of a consent never updated) flips the selection at once, then the server
 * confirms it (its answer replaces the list) or the flip is reverted with an update error.
 * Revoke / restore of all marketing consent are the unsubscribe / resubscribe actions, each ending
 * in success or error (messages unsubscribed, subscribed, unsubscribedErrors, subscribedErrors);
 * the marketing-email link can ask for one on arrival (input `action`). One save at a time: a
 * change made while another is being saved is ignored (the switches say they are busy). Given what
 * its route loaded (docs/decisions/730), it starts from it (the list, or the load's error with its
 * retry); without it, it fetches the list itself.
 */
export type MarketingAction = 'unsubscribe' | 'resubscribe';
export type MarketingOutcome = 'unsubscribed' | 'subscribed' | 'unsubscribedErrors' | 'subscribedErrors';

export interface ContactPreferencesInput {
  action?: MarketingAction | null;
  /** What the signed-in route's loader got (the consents or the load's error); absent, the chart fetches them. */
  first?: FirstData<ConsentsResponse> | null;
}

export interface PendingChange {
  id: string;
  selected: boolean;
  /** The consent as it was before the optimistic flip (put back on failure). */
  previous: ContactPreference;
}

export interface ContactPreferencesContext {
  initialAction: MarketingAction | null;
  /** What the route loaded (docs/decisions/730): the chart starts from it; null when it fetches itself. */
  first: FirstData<ConsentsResponse> | null;
  consents: ContactPreference[];
  /** All marketing consent was revoked and the earlier choices can be restored. */
  revoked: boolean;
  pending: PendingChange | null;
  /** The consent of the latest change (where the screen shows that change's result). */
  lastChangedId: string | null;
  fetchError: boolean;
  updateError: boolean;
  /** After a confirmed save: 'firstTime' when the consent had never been updated before. */
  saved: 'firstTime' | 'updated' | null;
  outcome: MarketingOutcome | null;
}

export type ContactPreferencesEvent =
  | { type: 'consent.select'; id: string; selected: boolean }
  | { type: 'marketing.revoke' }
  | { type: 'marketing.restore' }
  | { type: 'consents.retry' };

const replaceConsent = (consents: ContactPreference[], next: ContactPreference) =>
  consents.map((c) => (c.id === next.id ? next : c));

export const contactPreferencesMachine = setup({
  types: {
    context: {} as ContactPreferencesContext,
    events: {} as ContactPreferencesEvent,
    input: {} as ContactPreferencesInput | undefined,
  },
  actors: {
    fetchConsents: fromPromise<ConsentsResponse>(async () => {
      throw new Error('fetchConsents not provided');
    }),
    updateConsents: fromPromise<ConsentsResponse, { consentSelections: Record<string, boolean> }>(async () => {
      throw new Error('updateConsents not provided');
    }),
    revokeMarketing: fromPromise<{ revoked: true }>(async () => {
      throw new Error('revokeMarketing not provided');
    }),
    restoreMarketing: fromPromise<{ restored: true }>(async () => {
      throw new Error('restoreMarketing not provided');
    }),
  },
  guards: {
    isUnsubscribeRequested: ({ context }) => context.initialAction === 'unsubscribe',
    isResubscribeRequested: ({ context }) => context.initialAction === 'resubscribe',
    isChange: ({ context, event }) => {
      assertEvent(event, 'consent.select');
      const consent = context.consents.find((c) => c.id === event.id);
      return consent !== undefined && (!consent.hasEverBeenUpdated || consent.selected !== event.selected);
    },
    canRevoke: ({ context }) => !context.revoked,
    canRestore: ({ context }) => context.revoked,
    firstLoaded: ({ context }) => firstLoaded(context.first),
    firstFailed: ({ context }) => firstFailed(context.first),
  },
  actions: {
    storeConsents: assign(({ context, event }) => {
      const response = doneOutput<ConsentsResponse>(event, 'fetchConsents');
      return {
        consents: response.consents,
        // `revoked` on this answer is a local-server extra: without it, what this flow's own revoke or restore answered.
        revoked:
          response.revoked ??
          (context.outcome === 'unsubscribed' ? true : context.outcome === 'subscribed' ? false : context.revoked),
        fetchError: false,
      };
    }),
    /** The route's list, as `storeConsents` stores a fetched one (nothing was revoked or restored yet). */
    storeFirstConsents: assign(({ context }) =>
      firstLoaded(context.first)
        ? { consents: context.first.data.consents, revoked: context.first.data.revoked ?? false, fetchError: false }
        : {},
    ),
    setFetchError: assign({ fetchError: true }),
    clearFetchError: assign({ fetchError: false }),
    clearMessages: assign({ updateError: false, saved: null, outcome: null }),
    flipOptimistically: assign(({ context, event }) => {
      assertEvent(event, 'consent.select');
      const previous = context.consents.find((c) => c.id === event.id);
      if (!previous) return {};
      return {
        consents: replaceConsent(context.consents, { ...previous, selected: event.selected, hasEverBeenUpdated: true }),
        pending: { id: event.id, selected: event.selected, previous },
        lastChangedId: event.id,
      };
    }),
    confirmSave: assign(({ context, event }) => {
      const response = doneOutput<ConsentsResponse>(event, 'updateConsents');
      return {
        consents: response.consents,
        // A local-server extra here too (docs/product/api.md): without it, what the page knew stays.
        revoked: response.revoked ?? context.revoked,
        saved: context.pending?.previous.hasEverBeenUpdated === false ? ('firstTime' as const) : ('updated' as const),
        pending: null,
      };
    }),
    revertSave: assign(({ context }) => ({
      consents: context.pending ? replaceConsent(context.consents, context.pending.previous) : context.consents,
      pending: null,
      updateError: true,
    })),
    setUnsubscribed: assign({ outcome: 'unsubscribed' as const, initialAction: null }),
    setUnsubscribeError: assign({ outcome: 'unsubscribedErrors' as const, initialAction: null }),
    setSubscribed: assign({ outcome: 'subscribed' as const, initialAction: null }),
    setSubscribeError: assign({ outcome: 'subscribedErrors' as const, initialAction: null }),
  },
}).createMachine({
  id: 'contactPreferences',
  context: ({ input }) => ({
    initialAction: input?.action ?? null,
    first: input?.first ?? null,
    consents: [],
    revoked: false,
    pending: null,
    lastChangedId: null,
    fetchError: false,
    updateError: false,
    saved: null,
    outcome: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      description:
        "A marketing-email link may ask to unsubscribe or resubscribe on arrival; otherwise the screen starts from what the route loaded (the list, or the load's error), else it fetches the list.",
      always: [
        { guard: 'isUnsubscribeRequested', target: 'revoking' },
        { guard: 'isResubscribeRequested', target: 'restoring' },
        { guard: 'firstLoaded', target: 'loaded', actions: 'storeFirstConsents' },
        { guard: 'firstFailed', target: 'failed', actions: 'setFetchError' },
        { target: 'loading' },
      ],
    },
    loading: {
      description: 'The contact preferences (consents) are loading.',
      tags: ['busy'],
      invoke: {
        id: 'fetchConsents',
        src: 'fetchConsents',
        onDone: { target: 'loaded', actions: 'storeConsents' },
        onError: { target: 'failed', actions: 'setFetchError' },
      },
    },
    failed: {
      description: 'The consents could not be fetched (a flag): an error with a retry.',
      on: { 'consents.retry': { target: 'loading', actions: 'clearFetchError' } },
    },
    loaded: {
      description:
        "Each consent's switch is shown; 'Saved! Thanks for updating your contact preferences' after a first-time update; a failed save shows its error and the switch flips back.",
      on: {
        'consent.select': { guard: 'isChange', target: 'saving', actions: ['clearMessages', 'flipOptimistically'] },
        'marketing.revoke': { guard: 'canRevoke', target: 'revoking', actions: 'clearMessages' },
        'marketing.restore': { guard: 'canRestore', target: 'restoring', actions: 'clearMessages' },
      },
    },
    saving: {
      description: 'A change has flipped its switch at once and is being confirmed; the switches say they are busy.',
      tags: ['busy'],
      invoke: {
        id: 'updateConsents',
        src: 'updateConsents',
        input: ({ context }) => ({
          consentSelections: context.pending ? { [context.pending.id]: context.pending.selected } : {},
        }),
        onDone: { target: 'loaded', actions: 'confirmSave' },
        onError: { target: 'loaded', actions: 'revertSave' },
      },
    },
    revoking: {
      description: 'Unsubscribe: every marketing consent off. Either way the list is fetched again to show the truth.',
      tags: ['busy'],
      invoke: {
        id: 'revokeMarketing',
        src: 'revokeMarketing',
        onDone: { target: 'loading', actions: 'setUnsubscribed' },
        onError: { target: 'loading', actions: 'setUnsubscribeError' },
      },
    },
    restoring: {
      description: 'Resubscribe: the choices held before the revoke come back.',
      tags: ['busy'],
      invoke: {
        id: 'restoreMarketing',
        src: 'restoreMarketing',
        onDone: { target: 'loading', actions: 'setSubscribed' },
        onError: { target: 'loading', actions: 'setSubscribeError' },
      },
    },
  },
});
