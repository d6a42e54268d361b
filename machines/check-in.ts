import { assign, fromPromise, setup } from 'xstate';
import { codeOf, problemOfEvent, statusOf, type Problem } from './lib/problems';
import { doneOutput } from './lib/done-output';

/**
 * Check-in for a booking (docs/product/screens.md, docs/product/api.md): POST booking/checkIn with the booking's uri, then go
 * to the returned url. States: checking in, done (redirect), error with retry, not available.
 */
export type CheckInUnavailableReason = 'CHECK_IN_NOT_OPEN' | 'CHECK_IN_CLOSED' | 'CHECK_IN_NOT_SUPPORTED' | 'FORBIDDEN';

export interface CheckInInput {
  /** The booking's check-in resource, `/bookings/{bookingId}`. */
  uri: string;
}

export interface CheckInContext {
  uri: string;
  url: string | null;
  unavailableReason: CheckInUnavailableReason | null;
  /** Why the last attempt failed: the problem's kind (server, network, an unexpected answer…). */
  failure: Problem['kind'] | null;
}

export type CheckInEvent = { type: 'checkIn.retry' };

const unavailableCodes = ['CHECK_IN_NOT_OPEN', 'CHECK_IN_CLOSED', 'CHECK_IN_NOT_SUPPORTED'] as const;

const unavailableReason = (event: object): CheckInUnavailableReason | null => {
  const problem = problemOfEvent(event);
  const status = statusOf(problem);
  if (status === 403 || status === 404) return 'FORBIDDEN';
  const code = codeOf(problem);
  return status === 409 ? (unavailableCodes.find((c) => c === code) ?? null) : null;
};

export const checkInMachine = setup({
  types: {
    context: {} as CheckInContext,
    events: {} as CheckInEvent,
    input: {} as CheckInInput,
    output: {} as { url: string },
  },
  actors: {
    checkIn: fromPromise<{ url: string }, { uri: string }>(async () => {
      throw new Error('checkIn not provided');
    }),
  },
  guards: {
    isUnavailable: ({ event }) => unavailableReason(event) !== null,
  },
  actions: {
    storeUrl: assign(({ event }) => ({ url: doneOutput<{ url: string }>(event, 'checkIn').url })),
    storeUnavailableReason: assign({ unavailableReason: ({ event }) => unavailableReason(event) }),
    storeError: assign({ failure: ({ event }) => problemOfEvent(event).kind }),
    clearError: assign({ failure: null }),
  },
}).createMachine({
  id: 'checkIn',
  context: ({ input }) => ({ uri: input.uri, url: null, unavailableReason: null, failure: null }),
  initial: 'checkingIn',
  states: {
    checkingIn: {
      description: 'Check-in is being requested for the booking (POST booking/checkIn).',
      invoke: {
        id: 'checkIn',
        src: 'checkIn',
        input: ({ context }) => ({ uri: context.uri }),
        onDone: { target: 'done', actions: 'storeUrl' },
        onError: [
          { guard: 'isUnavailable', target: 'notAvailable', actions: 'storeUnavailableReason' },
          { target: 'failed', actions: 'storeError' },
        ],
      },
    },
    failed: {
      description: 'Check-in failed: an error with a retry.',
      on: { 'checkIn.retry': { target: 'checkingIn', actions: 'clearError' } },
    },
    /** Nothing to retry: the booking can't be checked in (yet, any more, or at all). */
    notAvailable: { description: 'Check-in is not available for this booking: a notice, no retry.' },
    done: {
      description: 'Checked in: the customer goes to the returned url (output: the url).',
      type: 'final',
    },
  },
  // The output is read only in the final state, entered only after the url was stored.
  output: ({ context }) => ({ url: context.url! }),
});
