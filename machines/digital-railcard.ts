import { assign, fromPromise, setup } from 'xstate';
import type { DigitalRailcard } from '#src/schemas/railcards';
import { doneOutput } from './lib/done-output';

/**
 * The digital railcard for inspection: loading, showing (the card, with a moving element), failed
 * (retry). `showing` can enlarge the card for an inspector and back.
 */
export interface DigitalRailcardContext {
  railcardId: string;
  card: DigitalRailcard | null;
  error: unknown;
}

export type DigitalRailcardEvent = { type: 'card.retry' } | { type: 'card.enlarge' } | { type: 'card.shrink' };

export const digitalRailcardMachine = setup({
  types: {
    context: {} as DigitalRailcardContext,
    events: {} as DigitalRailcardEvent,
    input: {} as { railcardId: string },
  },
  actors: {
    fetchDigitalRailcard: fromPromise<DigitalRailcard, { railcardId: string }>(async () => {
      throw new Error('fetchDigitalRailcard not provided');
    }),
  },
  actions: {
    storeCard: assign(({ event }) => ({
      card: doneOutput<DigitalRailcard>(event, 'fetchDigitalRailcard'),
      error: null,
    })),
    storeError: assign({ error: ({ event }) => ('error' in event ? event.error : null) }),
  },
}).createMachine({
  id: 'digitalRailcard',
  context: ({ input }) => ({ railcardId: input.railcardId, card: null, error: null }),
  initial: 'loading',
  states: {
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
