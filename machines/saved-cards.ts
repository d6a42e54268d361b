import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { SavedCard } from '#src/schemas/cards';
import { codeOf, problemOfEvent, reasonOf } from './lib/problems';
import { doneOutput } from './lib/done-output';
import { firstFailed, firstLoaded, type FirstData } from './lib/first-data';

/**
 * Saved payment cards (/payment-methods). Each entry is the spec's credit card entity
 * (docs/product/entities.md: data.id, isDeleting, hasDeleteError). Delete asks first; confirming marks the
 * card deleting, then removes it on success or flags an error on it (docs/product/states.md). One delete
 * runs at a time: the other cards' delete buttons wait for it.
 */
export interface CreditCardEntry {
  data: SavedCard;
  isDeleting: boolean;
  hasDeleteError: boolean;
  /**
   * A refusal with a reason (e.g. 409 CARD_IN_USE: the card pays a season renewal): the server's
   * words, shown instead of "try again later", and its code. Null for a failure without one.
   */
  deleteRefusal: { code: string | null; reason: string } | null;
}

export interface SavedCardsContext {
  cards: CreditCardEntry[];
  /** The card the confirm modal is about. */
  pendingId: string | null;
  /** The card just removed (for the confirmation message). */
  deletedId: string | null;
  /** What the route loaded (docs/decisions/730): the chart starts from it; null when it fetches itself. */
  first: FirstData<SavedCard[]> | null;
}

export interface SavedCardsInput {
  first?: FirstData<SavedCard[]> | undefined;
}

const entries = (cards: SavedCard[]): CreditCardEntry[] =>
  cards.map((data) => ({ data, isDeleting: false, hasDeleteError: false, deleteRefusal: null }));

export type SavedCardsEvent =
  | { type: 'card.delete'; id: string }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' }
  | { type: 'cards.retry' };

export const savedCardsMachine = setup({
  types: {
    context: {} as SavedCardsContext,
    events: {} as SavedCardsEvent,
    input: {} as SavedCardsInput,
  },
  actors: {
    fetchCards: fromPromise<SavedCard[]>(async () => {
      throw new Error('fetchCards not provided');
    }),
    deleteCard: fromPromise<void, { id: string }>(async () => {
      throw new Error('deleteCard not provided');
    }),
  },
  guards: {
    firstLoaded: ({ context }) => firstLoaded(context.first),
    firstFailed: ({ context }) => firstFailed(context.first),
    isKnownCard: ({ context, event }) => {
      assertEvent(event, 'card.delete');
      return context.cards.some((c) => c.data.id === event.id);
    },
  },
  actions: {
    storeCards: assign(({ event }) => ({ cards: entries(doneOutput<SavedCard[]>(event, 'fetchCards')) })),
    /** The route's cards, as `storeCards` stores fetched ones (run only where firstLoaded said yes). */
    storeFirstCards: assign(({ context }) => ({ cards: entries((context.first as { data: SavedCard[] }).data) })),
    setPending: assign(({ event }) => {
      assertEvent(event, 'card.delete');
      return { pendingId: event.id, deletedId: null };
    }),
    clearPending: assign({ pendingId: null }),
    markDeleting: assign({
      cards: ({ context }) =>
        context.cards.map((c) =>
          c.data.id === context.pendingId ? { ...c, isDeleting: true, hasDeleteError: false, deleteRefusal: null } : c,
        ),
    }),
    removeCard: assign({
      cards: ({ context }) => context.cards.filter((c) => c.data.id !== context.pendingId),
      deletedId: ({ context }) => context.pendingId,
      pendingId: null,
    }),
    flagDeleteError: assign({
      cards: ({ context, event }) => {
        const problem = problemOfEvent(event);
        const reason = reasonOf(problem);
        const deleteRefusal = reason ? { code: codeOf(problem), reason } : null;
        return context.cards.map((c) =>
          c.data.id === context.pendingId ? { ...c, isDeleting: false, hasDeleteError: true, deleteRefusal } : c,
        );
      },
      pendingId: null,
    }),
  },
}).createMachine({
  id: 'savedCards',
  context: ({ input }) => ({ cards: [], pendingId: null, deletedId: null, first: input.first ?? null }),
  initial: 'starting',
  states: {
    starting: {
      description:
        'Where the screen starts: from what the route loaded (the cards or its error), else it fetches them.',
      always: [
        { guard: 'firstLoaded', target: 'ready', actions: 'storeFirstCards' },
        { guard: 'firstFailed', target: 'loadFailed' },
        { target: 'loading' },
      ],
    },
    loading: {
      description: 'The saved payment cards are loading.',
      invoke: {
        id: 'fetchCards',
        src: 'fetchCards',
        onDone: { target: 'ready', actions: 'storeCards' },
        onError: { target: 'loadFailed' },
      },
    },
    loadFailed: {
      description: 'The cards could not be loaded: an error with a retry.',
      on: { 'cards.retry': { target: 'loading' } },
    },
    ready: {
      description: 'The saved cards, or the empty state.',
      initial: 'idle',
      states: {
        idle: {
          description: 'The list as is; delete asks first.',
          on: { 'card.delete': { guard: 'isKnownCard', target: 'confirming', actions: 'setPending' } },
        },
        confirming: {
          description: 'The delete confirmation for one card.',
          on: {
            'delete.confirm': { target: 'deleting', actions: 'markDeleting' },
            'delete.cancel': { target: 'idle', actions: 'clearPending' },
          },
        },
        deleting: {
          description: 'The card is marked deleting; removed on success, or its delete error flagged on it.',
          invoke: {
            id: 'deleteCard',
            src: 'deleteCard',
            // Entered only from confirming, which setPending entered with the card's id; nothing clears it before.
            input: ({ context }) => ({ id: context.pendingId! }),
            onDone: { target: 'idle', actions: 'removeCard' },
            onError: { target: 'idle', actions: 'flagDeleteError' },
          },
        },
      },
    },
  },
});
