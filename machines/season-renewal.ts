import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { SavedCard } from '#src/schemas/cards';
import type { SeasonRenewal } from '#src/schemas/season-renewals';
import { doneOutput } from './lib/done-output';
import { codeOf, isSchemaProblem, problemOfEvent } from './lib/problems';

/**
 * A season ticket's automatic renewal and the card that pays it (decision 440), on a season
 * ticket's booking and on /payment-methods. The renewal calls are not in docs/product/api.md: a host
 * without them gives null and the control stays out of sight (decision 342). One change at a time:
 * turning a renewal on takes one of the customer's saved cards that has not expired.
 */
export interface SeasonRenewalData {
  renewals: SeasonRenewal[];
  cards: SavedCard[];
}

export interface SeasonRenewalChange {
  bookingId: string;
  isEnabled: boolean;
  cardId: string | null;
}

export interface SeasonRenewalContext {
  renewals: SeasonRenewal[];
  cards: SavedCard[];
  /** The change being sent. */
  pending: SeasonRenewalChange | null;
  /** The last change that was saved (for the confirmation on that renewal). */
  saved: SeasonRenewalChange | null;
  /** The last change that failed: its renewal, and the message to show on it. */
  saveError: { bookingId: string; kind: SeasonRenewalSaveError } | null;
}

export type SeasonRenewalEvent =
  | { type: 'renewal.turnOn'; bookingId: string; cardId: string }
  | { type: 'renewal.turnOff'; bookingId: string }
  | { type: 'renewals.retry' }
  /** The saved cards changed on the same page (a card was deleted): offer only those. */
  | { type: 'renewals.cardsChanged'; cards: SavedCard[] };

/**
 * Why a change failed: the refusals the customer can act on (the card is no longer usable, the season
 * has ended), an answer the app could not read, else a failure to try again later.
 */
export type SeasonRenewalSaveError = 'cardExpired' | 'ended' | 'unexpected' | 'saveError';

const saveErrorKind = (event: object): SeasonRenewalSaveError => {
  if (isSchemaProblem(event)) return 'unexpected';
  switch (codeOf(problemOfEvent(event))) {
    case 'CARD_EXPIRED':
    case 'CARD_REQUIRED':
    case 'CARD_NOT_FOUND':
      return 'cardExpired';
    case 'SEASON_NOT_RENEWABLE':
      return 'ended';
    default:
      return 'saveError';
  }
};

export const seasonRenewalMachine = setup({
  types: {
    context: {} as SeasonRenewalContext,
    events: {} as SeasonRenewalEvent,
  },
  actors: {
    fetchRenewals: fromPromise<SeasonRenewalData | null>(async () => {
      throw new Error('fetchRenewals not provided');
    }),
    saveRenewal: fromPromise<SeasonRenewal, SeasonRenewalChange>(async () => {
      throw new Error('saveRenewal not provided');
    }),
  },
  guards: {
    isAbsent: ({ event }) => doneOutput<SeasonRenewalData | null>(event, 'fetchRenewals') === null,
    canTurnOn: ({ context, event }) => {
      assertEvent(event, 'renewal.turnOn');
      return (
        context.renewals.some((r) => r.bookingId === event.bookingId && !r.isEnabled) &&
        context.cards.some((c) => c.id === event.cardId && !c.isExpired)
      );
    },
    canTurnOff: ({ context, event }) => {
      assertEvent(event, 'renewal.turnOff');
      return context.renewals.some((r) => r.bookingId === event.bookingId && r.isEnabled);
    },
  },
  actions: {
    storeRenewals: assign(({ event }) => {
      // Only behind isAbsent's no: the answer is not null.
      const data = doneOutput<SeasonRenewalData>(event, 'fetchRenewals');
      return { renewals: data.renewals, cards: data.cards };
    }),
    setPending: assign(({ event }) => {
      assertEvent(event, ['renewal.turnOn', 'renewal.turnOff']);
      return {
        pending:
          event.type === 'renewal.turnOn'
            ? { bookingId: event.bookingId, isEnabled: true, cardId: event.cardId }
            : { bookingId: event.bookingId, isEnabled: false, cardId: null },
        saved: null,
        saveError: null,
      };
    }),
    storeRenewal: assign(({ context, event }) => {
      const renewal = doneOutput<SeasonRenewal>(event, 'saveRenewal');
      return {
        renewals: context.renewals.map((r) => (r.bookingId === renewal.bookingId ? renewal : r)),
        saved: context.pending,
        pending: null,
      };
    }),
    storeCards: assign(({ context, event }) => {
      assertEvent(event, 'renewals.cardsChanged');
      const ids = new Set(event.cards.map((c) => c.id));
      // A renewal that is off forgets a deleted card (the server does the same).
      const renewals = context.renewals.map((r) =>
        !r.isEnabled && r.cardId !== null && !ids.has(r.cardId) ? { ...r, cardId: null } : r,
      );
      return { cards: event.cards, renewals };
    }),
    // Runs only on leaving saving, which setPending entered with the change.
    flagSaveError: assign(({ context, event }) => ({
      saveError: { bookingId: context.pending!.bookingId, kind: saveErrorKind(event) },
      pending: null,
    })),
  },
}).createMachine({
  id: 'seasonRenewal',
  context: { renewals: [], cards: [], pending: null, saved: null, saveError: null },
  initial: 'loading',
  states: {
    loading: {
      description: "The customer's season ticket renewals and saved cards are loading.",
      invoke: {
        id: 'fetchRenewals',
        src: 'fetchRenewals',
        onDone: [
          { guard: 'isAbsent', target: 'absent' },
          { target: 'ready', actions: 'storeRenewals' },
        ],
        onError: { target: 'loadFailed' },
      },
    },
    loadFailed: {
      description: 'The renewals could not be loaded: an error with a retry.',
      on: { 'renewals.retry': { target: 'loading' } },
    },
    absent: {
      description: 'The host has no renewal calls: no control is shown.',
    },
    ready: {
      description: 'Each season ticket that can renew: on with its card, or off with a card to choose.',
      initial: 'idle',
      on: { 'renewals.cardsChanged': { actions: 'storeCards' } },
      states: {
        idle: {
          description: 'Waiting for the customer: turn a renewal on (with a card) or off.',
          on: {
            'renewal.turnOn': { guard: 'canTurnOn', target: 'saving', actions: 'setPending' },
            'renewal.turnOff': { guard: 'canTurnOff', target: 'saving', actions: 'setPending' },
          },
        },
        saving: {
          description: 'The change is being sent; the renewal shows it, or the reason it failed.',
          invoke: {
            id: 'saveRenewal',
            src: 'saveRenewal',
            // Entered only from idle through setPending, which sets the change.
            input: ({ context }) => context.pending!,
            onDone: { target: 'idle', actions: 'storeRenewal' },
            onError: { target: 'idle', actions: 'flagSaveError' },
          },
        },
      },
    },
  },
});
