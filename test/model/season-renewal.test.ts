import { expect } from 'vitest';
import { seasonRenewalMachine, type SeasonRenewalData } from '#machines/season-renewal';
import { ApiError } from '#src/api/errors';
import type { SavedCard } from '#src/schemas/cards';
import type { SeasonRenewal } from '#src/schemas/season-renewals';
import { describeMachineModel, inputOf, nextFrom, type StateCheck } from './harness';

const card = (id: string, isExpired = false): SavedCard => ({
  id,
  brand: 'VISA',
  lastFourDigits: '4242',
  expiryMonth: 8,
  expiryYear: 2029,
  cardholderName: 'Alex Morgan',
  isExpired,
});
const renewal = (bookingId: string, isEnabled: boolean, cardId: string | null): SeasonRenewal => ({
  bookingId,
  orderId: `o-${bookingId}`,
  seasonKind: 'annual',
  origin: 'Reading',
  destination: 'London Paddington',
  validUntil: '2027-03-01T23:59:59.999Z',
  isEnabled,
  cardId,
});
const data: SeasonRenewalData = {
  renewals: [renewal('annual', true, 'mc'), renewal('monthly', false, null)],
  cards: [card('visa'), card('mc'), card('amex', true)],
};
const saveFailure = (status: number, codes: string[]) => ({
  type: 'xstate.error.actor.saveRenewal',
  error: new ApiError({ kind: 'http', status, codes, detail: null, body: null }),
});
type Check = StateCheck<typeof seasonRenewalMachine>;

/**
 * Every renewal's buttons from idle: one that is off turns on with a card (Visa is always offered),
 * one that is on turns off; the other way round, or a season ticket that is not in the list, sends
 * nothing. What is sent is the change the button means (the call's input).
 */
const expectButtons = (check: Check) => {
  for (const r of check.context.renewals) {
    const on = nextFrom(check, { type: 'renewal.turnOn', bookingId: r.bookingId, cardId: 'visa' });
    expect(on.matches({ ready: 'saving' }), `turn ${r.bookingId} on`).toBe(!r.isEnabled);
    if (!r.isEnabled)
      expect(inputOf(on, 'saveRenewal')).toEqual({ bookingId: r.bookingId, isEnabled: true, cardId: 'visa' });
    const off = nextFrom(check, { type: 'renewal.turnOff', bookingId: r.bookingId });
    expect(off.matches({ ready: 'saving' }), `turn ${r.bookingId} off`).toBe(r.isEnabled);
    if (r.isEnabled)
      expect(inputOf(off, 'saveRenewal')).toEqual({ bookingId: r.bookingId, isEnabled: false, cardId: null });
  }
  expect(
    nextFrom(check, { type: 'renewal.turnOn', bookingId: 'weekly', cardId: 'visa' }).matches({ ready: 'idle' }),
  ).toBe(true);
  expect(nextFrom(check, { type: 'renewal.turnOff', bookingId: 'weekly' }).matches({ ready: 'idle' })).toBe(true);
};

/**
 * The page's card list changing: a renewal that is off forgets a card that is gone (the card it
 * offers first), keeps one that is still there; a renewal that is on keeps its card (the server's
 * to refuse).
 */
const expectCardsChanged = (check: Check) => {
  const same = nextFrom(check, { type: 'renewals.cardsChanged', cards: check.context.cards });
  expect(same.context.renewals).toEqual(check.context.renewals);
  const none = nextFrom(check, { type: 'renewals.cardsChanged', cards: [] });
  expect(none.context.cards).toEqual([]);
  expect(none.context.renewals).toEqual(check.context.renewals.map((r) => (r.isEnabled ? r : { ...r, cardId: null })));
};

describeMachineModel(seasonRenewalMachine, {
  name: 'seasonRenewalMachine',
  events: {
    'renewal.turnOn': [
      { type: 'renewal.turnOn', bookingId: 'monthly', cardId: 'visa' },
      // Not sent: an expired card, or a renewal that is already on.
      { type: 'renewal.turnOn', bookingId: 'monthly', cardId: 'amex' },
      { type: 'renewal.turnOn', bookingId: 'annual', cardId: 'visa' },
    ],
    'renewal.turnOff': [
      { type: 'renewal.turnOff', bookingId: 'annual' },
      // Not sent: a renewal that is already off.
      { type: 'renewal.turnOff', bookingId: 'monthly' },
    ],
    // The page deleted a card: the Mastercard goes (Visa and the expired Amex stay).
    'renewals.cardsChanged': [{ type: 'renewals.cardsChanged', cards: [card('visa'), card('amex', true)] }],
    'xstate.done.actor.fetchRenewals': [
      { type: 'xstate.done.actor.fetchRenewals', output: data },
      // A host without the renewal calls (not in docs/product/api.md): the API gives null (decision 342).
      { type: 'xstate.done.actor.fetchRenewals', output: null },
    ],
    'xstate.error.actor.fetchRenewals': [{ type: 'xstate.error.actor.fetchRenewals', error: { status: 500 } }],
    'xstate.done.actor.saveRenewal': (snap) => {
      const pending = snap.context.pending;
      const before = snap.context.renewals.find((r) => r.bookingId === pending?.bookingId);
      return before && pending
        ? [
            {
              type: 'xstate.done.actor.saveRenewal',
              output: { ...before, isEnabled: pending.isEnabled, cardId: pending.cardId ?? before.cardId },
            },
          ]
        : [];
    },
    'xstate.error.actor.saveRenewal': [
      {
        type: 'xstate.error.actor.saveRenewal',
        error: new ApiError({ kind: 'http', status: 422, codes: ['CARD_EXPIRED'], detail: null, body: null }),
      },
    ],
  },
  serializeContext: (c) => ({
    renewals: c.renewals.map((r) => `${r.bookingId}:${r.isEnabled ? 'on' : 'off'}:${r.cardId ?? ''}`),
    pending: c.pending?.bookingId ?? null,
    saved: c.saved?.bookingId ?? null,
    error: c.saveError?.bookingId ?? null,
  }),
  calls: {
    loading: { fetchRenewals: undefined },
    'ready.saving': { saveRenewal: (c: { pending: unknown }) => c.pending },
  },
  // Decision 440: a season ticket's renewal is on with its card, or off; turning it on needs a saved
  // card that has not expired; a host without the calls shows nothing.
  states: {
    loading: ({ context, event }) => {
      expect(['xstate.init', 'renewals.retry']).toContain(event.type);
      expect(context.renewals).toEqual([]);
    },
    loadFailed: ({ snapshot, event }) => {
      expect(event.type).toBe('xstate.error.actor.fetchRenewals');
      expect(snapshot.can({ type: 'renewals.retry' })).toBe(true);
    },
    absent: ({ context, event }) => {
      expect(event).toMatchObject({ type: 'xstate.done.actor.fetchRenewals', output: null });
      expect(context.renewals).toEqual([]);
    },
    ready: (check) => {
      const { context, event } = check;
      expect(context.renewals.map((r) => r.bookingId)).toEqual(['annual', 'monthly']);
      expectCardsChanged(check);
      if (event.type === 'renewals.cardsChanged') {
        expect(context.cards).toEqual(event.cards);
        // An off renewal does not keep a card that is gone; an enabled one is the server's to refuse.
        for (const r of context.renewals)
          if (!r.isEnabled && r.cardId) expect(event.cards.map((c) => c.id)).toContain(r.cardId);
      }
    },
    'ready.idle': (check) => {
      const { snapshot, context, event } = check;
      expect(context.pending).toBeNull();
      // An expired card is never offered to pay.
      expect(snapshot.can({ type: 'renewal.turnOn', bookingId: 'monthly', cardId: 'amex' })).toBe(false);
      expectButtons(check);
      if (event.type === 'xstate.done.actor.fetchRenewals') {
        expect(context.renewals).toEqual(data.renewals);
        expect(context.cards).toEqual(data.cards);
      }
      if (event.type === 'xstate.done.actor.saveRenewal') {
        expect(context.saved).not.toBeNull();
        const saved = context.renewals.find((r) => r.bookingId === context.saved?.bookingId);
        expect(saved?.isEnabled).toBe(context.saved?.isEnabled);
        expect(context.saveError).toBeNull();
      }
      if (event.type === 'xstate.error.actor.saveRenewal') {
        // A card the server will not take: say so on that renewal, and leave it as it was.
        expect(context.saveError?.kind).toBe('cardExpired');
        expect(context.saved).toBeNull();
      }
    },
    'ready.saving': (check) => {
      const { context, event } = check;
      expect(context.pending).not.toBeNull();
      // Entered by a turn on or off (a card deleted meanwhile keeps the change going).
      if (check.entered) {
        expect(['renewal.turnOn', 'renewal.turnOff']).toContain(event.type);
        expect(context.pending).toMatchObject({
          bookingId: (event as { bookingId: string }).bookingId,
          isEnabled: event.type === 'renewal.turnOn',
        });
      } else expect(event.type).toBe('renewals.cardsChanged');
      expect(context.saved).toBeNull();
      expect(context.saveError).toBeNull();
      // Any other failure: try again later, and the renewal is unchanged.
      const failed = nextFrom(check, saveFailure(500, []) as never);
      expect(failed.context.saveError).toEqual({ bookingId: context.pending?.bookingId, kind: 'saveError' });
      expect(failed.context.renewals).toEqual(context.renewals);
      const ended = nextFrom(check, saveFailure(409, ['SEASON_NOT_RENEWABLE']) as never);
      expect(ended.context.saveError?.kind).toBe('ended');
      // A card the server will not take, however it says so: choose another card.
      for (const code of ['CARD_EXPIRED', 'CARD_REQUIRED', 'CARD_NOT_FOUND']) {
        expect(nextFrom(check, saveFailure(422, [code]) as never).context.saveError?.kind, code).toBe('cardExpired');
      }
      // An answer that does not match the schema: the unexpected-response message.
      const garbled = nextFrom(check, {
        type: 'xstate.error.actor.saveRenewal',
        error: new ApiError({ kind: 'schema', message: 'renewal' }),
      } as never);
      expect(garbled.context.saveError).toEqual({ bookingId: context.pending?.bookingId, kind: 'unexpected' });
    },
  },
});
