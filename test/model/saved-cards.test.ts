import { expect } from 'vitest';
import { savedCardsMachine } from '#machines/saved-cards';
import type { SavedCard } from '#src/schemas/cards';
import { describeMachineModel, nextFrom } from './harness';
import { ApiError } from '#src/api/errors';

const card = (id: string, brand: string, lastFourDigits: string): SavedCard => ({
  id,
  brand,
  lastFourDigits,
  expiryMonth: 8,
  expiryYear: 2029,
  cardholderName: 'Alex Morgan',
  isExpired: false,
});
const cards = [card('visa', 'VISA', '4242'), card('mc', 'MASTERCARD', '5454')];

describeMachineModel(savedCardsMachine, {
  name: 'savedCardsMachine',
  // The route's loader may have fetched the cards already (docs/decisions/730): the chart starts
  // from them or from its error, and asks only on a retry.
  inputs: [{}, { first: { data: cards } }, { first: { error: { status: 500 } } }],
  events: {
    'card.delete': (snap) => [
      { type: 'card.delete', id: snap.context.cards[0]?.data.id ?? 'visa' } as const,
      { type: 'card.delete', id: 'unknown' } as const,
    ],
    'xstate.done.actor.fetchCards': [{ type: 'xstate.done.actor.fetchCards', output: cards }],
    'xstate.error.actor.fetchCards': [{ type: 'xstate.error.actor.fetchCards', error: { status: 500 } }],
    'xstate.done.actor.deleteCard': [{ type: 'xstate.done.actor.deleteCard', output: undefined }],
    'xstate.error.actor.deleteCard': [
      { type: 'xstate.error.actor.deleteCard', error: { status: 409, code: 'CARD_IN_USE' } },
    ],
  },
  serializeContext: (c) => ({
    cards: c.cards.map((e) => `${e.data.id}:${e.isDeleting ? 'deleting' : ''}:${e.hasDeleteError ? 'error' : ''}`),
    pendingId: c.pendingId,
    deletedId: c.deletedId,
  }),
  assert: (snapshot) => {
    const { cards: entries, pendingId, deletedId } = snapshot.context;
    const deleting = entries.filter((e) => e.isDeleting).map((e) => e.data.id);
    // The spec's entity: only the card being deleted is marked deleting, and only while it is.
    expect(deleting).toEqual(snapshot.matches({ ready: 'deleting' }) ? [pendingId] : []);
    if (deletedId) expect(entries.map((e) => e.data.id)).not.toContain(deletedId);
    for (const e of entries) expect(e.isDeleting && e.hasDeleteError).toBe(false);
  },
  calls: {
    loading: { fetchCards: undefined },
    'ready.deleting': { deleteCard: (c: { pendingId: string | null }) => ({ id: c.pendingId }) },
  },
  // docs/product/states.md: saved card delete marks the card deleting, then removes it on success or
  // flags an error; loading, error with retry.
  states: {
    loading: ({ context, event }) => {
      expect(['xstate.init', 'cards.retry']).toContain(event.type);
      expect(context.cards).toEqual([]);
    },
    loadFailed: ({ snapshot, event }) => {
      expect(['xstate.init', 'xstate.error.actor.fetchCards']).toContain(event.type);
      expect(snapshot.can({ type: 'cards.retry' })).toBe(true);
    },
    ready: ({ context }) => expect(context.cards.length).toBeLessThanOrEqual(cards.length),
    'ready.idle': ({ context, event }) => {
      expect(context.pendingId).toBeNull();
      if (event.type === 'xstate.done.actor.fetchCards' || event.type === 'xstate.init')
        expect(context.cards.map((c) => c.data)).toEqual(cards);
      if (event.type === 'xstate.done.actor.deleteCard') {
        expect(context.deletedId).not.toBeNull();
        expect(context.cards.map((c) => c.data.id)).not.toContain(context.deletedId);
      }
      if (event.type === 'xstate.error.actor.deleteCard') {
        // The refused card stays, flagged.
        expect(context.cards.filter((c) => c.hasDeleteError)).toHaveLength(1);
      }
      if (event.type === 'delete.cancel') expect(context.cards.some((c) => c.isDeleting)).toBe(false);
    },
    'ready.confirming': ({ snapshot, context, event }) => {
      expect(event.type).toBe('card.delete');
      expect(context.pendingId).toBe((event as { id: string }).id);
      expect(context.deletedId).toBeNull();
      expect(snapshot.can({ type: 'delete.cancel' })).toBe(true);
    },
    'ready.deleting': (check) => {
      const { context, event } = check;
      expect(event.type).toBe('delete.confirm');
      expect(context.cards.find((c) => c.data.id === context.pendingId)?.isDeleting).toBe(true);
      const ids = context.cards.map((c) => c.data.id);
      // Deleted: that card leaves the list, the others stay in order, and the page can say which went.
      const deleted = nextFrom(check, { type: 'xstate.done.actor.deleteCard', output: undefined } as never);
      expect(deleted.context.cards.map((c: { data: SavedCard }) => c.data.id)).toEqual(
        ids.filter((id) => id !== context.pendingId),
      );
      expect(deleted.context.deletedId).toBe(context.pendingId);
      // Refused with a reason (a card paying for a renewal): the card stays, with the reason and code.
      const reason =
        'This card pays for your season ticket renewal on 1 March. Choose another card for the renewal first.';
      const refused = nextFrom(check, {
        type: 'xstate.error.actor.deleteCard',
        error: new ApiError({ kind: 'http', status: 409, codes: ['CARD_IN_USE'], detail: reason, body: null }),
      } as never);
      expect(refused.context.cards.find((c: { data: SavedCard }) => c.data.id === context.pendingId)).toMatchObject({
        isDeleting: false,
        hasDeleteError: true,
        deleteRefusal: { code: 'CARD_IN_USE', reason },
      });
    },
  },
});
