import { assign, fromPromise, setup } from 'xstate';
import type { DigitalRailcard } from '#src/schemas/railcards';
import { doneOutput } from './lib/done-output';
import { firstFailed, firstLoaded, type FirstData } from './lib/first-data';

/**
 * The digital railcard for inspection: loading, showing (the card, with a moving element), failed
 * (retry). `showing` can enlarge the card for an inspector and back. Given what its route loaded
 * (docs/decisions/730), the chart starts from it; without it, it loads the card.
 */
export interface DigitalRailcardContext {
  railcardId: string;
  card: DigitalRailcard | null;
  error: unknown;
  /** What the route loaded (docs/decisions/730): the chart starts from it; null when it fetches itself. */
  first: FirstData<DigitalRailcard> | null;
}

export interface DigitalRailcardInput {
  railcardId: string;
  first?: FirstData<DigitalRailcard> | null | undefined;
}

export type DigitalRailcardEvent = { type: 'card.retry' } | { type: 'card.enlarge' } | { type: 'card.shrink' };

export const digitalRailcardMachine = setup({
  types: {
    context: {} as DigitalRailcardContext,
    events: {} as DigitalRailcardEvent,
    input: {} as DigitalRailcardInput,
  },
  actors: {
    fetchDigitalRailcard: fromPromise<DigitalRailcard, { railcardId: string }>(async () => {
      throw new Error('fetchDigitalRailcard not provided');
    }),
  },
  guards: {
    firstLoaded: ({ context }) => firstLoaded(context.first),
    firstFailed: ({ context }) => firstFailed(context.first),
  },
  actions: {
    /** The route's card, as `storeCard` stores a fetched one. */
    storeFirstCard: assign(({ context }) =>
      firstLoaded(context.first) ? { card: context.first.data, error: null } : {},
    ),
    /** The route's failure, as `storeError` stores the chart's own. */
    storeFirstError: assign(({ context }) => (firstFailed(context.first) ? { error: context.first.error } : {})),
    storeCard: assign(({ event }) => ({
      card: doneOutput<DigitalRailcard>(event, 'fetchDigitalRailcard'),
      error: null,
    })),
    storeError: assign({ error: ({ event }) => ('error' in event ? event.error : null) }),
  },
}).createMachine({
  id: 'digitalRailcard',
  context: ({ input }) => ({ railcardId: input.railcardId, card: null, error: null, first: input.first ?? null }),
  initial: 'starting',
  states: {
    starting: {
      description: 'Where the page starts: from what the route loaded (the card, or the error), else it loads it.',
      always: [
        { guard: 'firstLoaded', target: 'showing', actions: 'storeFirstCard' },
        { guard: 'firstFailed', target: 'failed', actions: 'storeFirstError' },
        { target: 'loading' },
      ],
    },
    loading: {
      description: 'The digital railcard is loading.',
      invoke: {
        id: 'fetchDigitalRailcard',
        src: 'fetchDigitalRailcard',
        input: ({ context }) => ({ railcardId: context.railcardId }),
        onDone: { target: 'showing', actions: 'storeCard' },
        onError: { target: 'failed', actions: 'storeError' },
      },
    },
    showing: {
      description: 'The railcard is shown with its moving element, for inspection.',
      initial: 'normal',
      states: {
        normal: { description: 'The card at its normal size.', on: { 'card.enlarge': 'enlarged' } },
        enlarged: {
          description: 'The card enlarged for an inspector; back to normal size on request.',
          on: { 'card.shrink': 'normal' },
        },
      },
    },
    failed: {
      description: 'The railcard could not be loaded: an error with a retry.',
      on: { 'card.retry': 'loading' },
    },
  },
});
