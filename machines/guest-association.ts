import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import { codeOf, hasStatus, problemOfEvent } from './lib/problems';
import { doneOutput } from './lib/done-output';

/**
 * Guest order association (docs/product/states.md, docs/product/roles.md, docs/product/api.md, docs/product/errors.md, docs/product/constants.md): a guest token (from the URL hash of
 * /bookings/guest) imports the guest orders placed with the customer's email. Outcomes success,
 * partial, none and error; 403 is quiet. After associationRedirectMs the customer goes to the target
 * page, with bookingsImported=true | partial | none | false (none for a 403). One 403 is not quiet:
 * EMAIL_NOT_VERIFIED (a booking opened with Find a booking, decision 303) stays on the page and asks
 * the customer to confirm their email first, as nothing can be added until then.
 */
export type AssociationOutcome = 'success' | 'partial' | 'none' | 'error' | 'forbidden' | 'unverified';

export interface GuestAssociationContext {
  guestToken: string | null;
  outcome: AssociationOutcome | null;
  count: number;
}

export type GuestAssociationEvent = { type: 'association.start' };

export type AssociationOutput = { outcome: 'success' | 'partial'; count: number } | { outcome: 'none'; count: 0 };

/** docs/product/constants.md: "Guest association delay 1000 ms before redirect." */
export const associationRedirectMs = 1000;

export const guestAssociationMachine = setup({
  types: {
    context: {} as GuestAssociationContext,
    events: {} as GuestAssociationEvent,
    input: {} as { guestToken: string | null },
    output: {} as { outcome: AssociationOutcome | null; count: number },
  },
  actors: {
    associateGuestOrders: fromPromise<AssociationOutput, { guestToken: string }>(async () => {
      throw new Error('associateGuestOrders not provided');
    }),
  },
  delays: {
    associationRedirectMs,
  },
  guards: {
    hasToken: ({ context }) => !!context.guestToken,
    isForbidden: ({ event }) => hasStatus(event, 403),
    isUnverified: ({ event }) => hasStatus(event, 403) && codeOf(problemOfEvent(event)) === 'EMAIL_NOT_VERIFIED',
  },
  actions: {
    storeOutcome: assign(({ event }) => {
      const { outcome, count } = doneOutput<AssociationOutput>(event, 'associateGuestOrders');
      return { outcome, count };
    }),
    setError: assign({ outcome: 'error' as const, count: 0 }),
    setForbidden: assign({ outcome: 'forbidden' as const, count: 0 }),
    setUnverified: assign({ outcome: 'unverified' as const, count: 0 }),
    /** Provided by the route: go to the target page with bookingsImported for this outcome (none for 403). */
    redirectToTarget: (_, _params: { outcome: AssociationOutcome }) => {},
  },
})
  .extend<{ redirectWithOutcome: undefined }>({
    actions: {
      /** The outcome in context, handed to the route's redirectToTarget as its params. */
      redirectWithOutcome: enqueueActions(({ context, enqueue }) => {
        enqueue({ type: 'redirectToTarget', params: { outcome: context.outcome ?? 'error' } });
      }),
    },
  })
  .createMachine({
    id: 'guestAssociation',
    context: ({ input }) => ({ guestToken: input.guestToken, outcome: null, count: 0 }),
    initial: 'ready',
    states: {
      ready: {
        description: 'Waiting for the start; without a guest token nothing happens.',
        on: { 'association.start': { guard: 'hasToken', target: 'associating' } },
      },
      associating: {
        description: "The guest orders placed with the customer's email are being imported.",
        invoke: {
          id: 'associateGuestOrders',
          src: 'associateGuestOrders',
          // Entered only behind hasToken, and nothing clears the token.
          input: ({ context }) => ({ guestToken: context.guestToken! }),
          onDone: { target: 'finished', actions: 'storeOutcome' },
          onError: [
            { guard: 'isUnverified', target: 'unverified', actions: 'setUnverified' },
            { guard: 'isForbidden', target: 'finished', actions: 'setForbidden' },
            { target: 'finished', actions: 'setError' },
          ],
        },
      },
      unverified: {
        description:
          "The account's email is not verified (403 EMAIL_NOT_VERIFIED): the page asks to confirm it first; no redirect.",
      },
      finished: {
        description: 'The outcome is on screen; the redirect follows after associationRedirectMs.',
        after: { associationRedirectMs: { target: 'redirected' } },
      },
      redirected: {
        description:
          'The customer has gone to the target page with bookingsImported=true | partial | none | false (output: the outcome).',
        type: 'final',
        entry: 'redirectWithOutcome',
      },
    },
    output: ({ context }) => ({ outcome: context.outcome, count: context.count }),
  });
