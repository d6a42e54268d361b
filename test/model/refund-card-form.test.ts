import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { cardFormToday, cardFormView, refundCardFormMachine } from '#machines/refund-card-form';
import { cardMessages, toCardTokenRequest } from '#src/schemas/card-form';
import { describeMachineModel, nextFrom, outputOf } from './harness';
import { httpError } from './fixtures/refund-fixtures';

const change = (field: 'number' | 'expiry' | 'cvc' | 'name', value: string) => ({
  type: 'form.change' as const,
  field,
  value,
});
const validCard = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', name: 'Robin Hughes' };
/** Passes Luhn but has 12 digits: the card-token call takes 13 to 19, so the number field refuses it. */
const twelveDigits = '4242 4242 4242';

describeMachineModel(refundCardFormMachine, {
  name: 'refundCardFormMachine',
  input: { today: '2026-11-22' },
  events: {
    'form.change': (s) => {
      const v = s.context.values;
      // Fill the form one field at a time, or break a filled number (Luhn fails, or too few digits).
      if (v.number === '') return [change('number', validCard.number)];
      if (v.expiry === '') return [change('expiry', validCard.expiry)];
      if (v.cvc === '') return [change('cvc', validCard.cvc)];
      if (v.name === '') return [change('name', validCard.name)];
      return v.number === validCard.number
        ? [change('number', '4242 4242 4242 4241'), change('number', twelveDigits)]
        : [];
    },
    'form.blur': [{ type: 'form.blur', field: 'number' }],
    'xstate.done.actor.tokeniseCard': [
      {
        type: 'xstate.done.actor.tokeniseCard',
        output: {
          token: 'tok_1',
          last4: '4242',
          brand: 'Visa',
          expiryMonth: 12,
          expiryYear: 2030,
          expiresAt: '2026-11-22T23:30:00.000Z',
        },
      },
    ],
    'xstate.error.actor.tokeniseCard': [
      // About the number (decision 670): that field's refusal.
      {
        type: 'xstate.error.actor.tokeniseCard',
        error: httpError(422, 'CARD_INVALID', 'This card number is not valid.'),
      },
      // About no field: the form's message.
      {
        type: 'xstate.error.actor.tokeniseCard',
        error: httpError(422, 'CARD_REFUSED', 'This card cannot take refunds.'),
      },
    ],
  },
  serializeContext: (c) => ({
    filled: Object.values(c.values).filter(Boolean).length,
    broken: c.values.number !== '' && c.values.number !== validCard.number ? c.values.number : null,
    touched: Object.keys(c.touched).length,
    attempted: c.submitAttempted,
    error: c.tokeniseError !== null,
    refusal: c.refusal?.field ?? null,
  }),
  maxPaths: 300,
  assert: (snapshot) => {
    const c = snapshot.context;
    const view = cardFormView(c, snapshot.matches('tokenising'));
    // Spec: submit disabled while pristine, invalid or submitting.
    if (!c.dirty || snapshot.matches('tokenising')) expect(view.canSubmit).toBe(false);
    if (['4242 4242 4242 4241', twelveDigits].includes(c.values.number)) {
      // A broken number is the number field's error (never the form's), and submit stays disabled.
      expect(view.canSubmit).toBe(false);
      if (c.touched.number || c.submitAttempted) expect(view.errors.number).toBe(cardMessages.numberInvalid);
    }
    // A field's error shows only once it was left or a submit was tried.
    if (!c.submitAttempted) {
      expect(Object.keys(view.errors).filter((f) => !c.touched[f as keyof typeof c.touched])).toEqual([]);
    }
    // User input kept when the server fails.
    if (snapshot.matches('editing') && (c.tokeniseError !== null || c.refusal !== null)) {
      expect(c.values.number).toBe(validCard.number);
    }
    // A refusal is either about a field or the form's, never both.
    expect(c.tokeniseError !== null && c.refusal !== null).toBe(false);
    if (snapshot.matches('tokenised')) {
      // Only the token, brand and last four stay; the number and CVC are dropped.
      expect(snapshot.output).toEqual({ token: 'tok_1', last4: '4242', brand: 'Visa' });
      expect(c.values.number).toBe('');
      expect(c.values.cvc).toBe('');
    }
  },
  calls: { tokenising: { tokeniseCard: (c: Parameters<typeof cardFormView>[0]) => toCardTokenRequest(c.values) } },
  // ADR 081: the replacement card for a refund to a declined card (INVALID_CREDIT_CARD).
  states: {
    editing: ({ snapshot, context, event, entered }) => {
      if (entered) expect(['xstate.init', 'xstate.error.actor.tokeniseCard']).toContain(event.type);
      expect(context.card).toBeNull();
      if (event.type === 'xstate.init') {
        expect(context).toEqual({
          today: '2026-11-22',
          values: { number: '', expiry: '', cvc: '', name: '' },
          touched: {},
          dirty: false,
          submitAttempted: false,
          tokeniseError: null,
          refusal: null,
          card: null,
        });
      }
      if (event.type === 'form.blur') expect(context.touched[event.field], 'a field left shows its error').toBe(true);
      // The server's refusal: about the number it is that field's until the number changes; about
      // no field it is the form's until the customer changes a field.
      if (event.type === 'xstate.error.actor.tokeniseCard') {
        const code = (event.error as ReturnType<typeof httpError>).problem.codes[0];
        if (code === 'CARD_INVALID') {
          expect(context.refusal).toEqual({
            field: 'number',
            code: 'CARD_INVALID',
            message: 'This card number is not valid.',
          });
          expect(context.tokeniseError).toBeNull();
        } else {
          expect(context.refusal).toBeNull();
          expect(context.tokeniseError).toBe('This card cannot take refunds.');
        }
      }
      if (event.type === 'form.change') {
        expect(context.tokeniseError).toBeNull();
        if (event.field === 'number') expect(context.refusal).toBeNull();
      }
      // A refusal about the number stays until the number itself changes (decision 670): typing in
      // another field keeps it, on any path the model walks to here.
      if (context.refusal?.field === 'number') {
        expect(nextFrom({ snapshot }, change('name', 'Robin J Hughes')).context.refusal).toEqual(context.refusal);
        expect(nextFrom({ snapshot }, change('expiry', '11/31')).context.refusal).toEqual(context.refusal);
        expect(nextFrom({ snapshot }, change('number', validCard.number)).context.refusal).toBeNull();
      }
      if (event.type === 'form.submit') {
        expect(context.submitAttempted).toBe(true);
        expect(cardFormView(context, false).canSubmit).toBe(false);
      }
      expect(snapshot.can({ type: 'form.submit' })).toBe(true);
    },
    tokenising: ({ context, event }) => {
      expect(event.type).toBe('form.submit');
      expect(context.values).toEqual(validCard);
      expect(cardFormView(context, false).canSubmit).toBe(true);
      expect(context.refusal, 'a new attempt clears the last refusal').toBeNull();
    },
    tokenised: ({ snapshot, context, event }) => {
      expect(event.type).toBe('xstate.done.actor.tokeniseCard');
      expect(snapshot.status).toBe('done');
      const out = outputOf(event) as { token: string; last4: string; brand: string };
      expect(context.card).toEqual({ token: out.token, last4: out.last4, brand: out.brand });
    },
  },
});

describe('refundCardFormMachine: a card in its last month, on both sides of midnight in London (decision 880)', () => {
  /** The form filled with a card that expires in July 2026, opened at `at` as the screens open it. */
  const filledAt = (at: string) => {
    const actor = createActor(refundCardFormMachine, { input: { today: cardFormToday(new Date(at)) } }).start();
    for (const [field, value] of Object.entries({ ...validCard, expiry: '07/26' }))
      actor.send(change(field as keyof typeof validCard, value));
    actor.send({ type: 'form.submit' });
    return actor.getSnapshot();
  };

  it('sends the card at 23:59 on 31 July in London (22:59 UTC)', () => {
    const snapshot = filledAt('2026-07-31T22:59:00Z');
    expect(snapshot.value).toBe('tokenising');
    expect(cardFormView(snapshot.context, false).errors).toEqual({});
  });

  it('refuses it as expired at 00:00 on 1 August in London, though UTC still reads 31 July', () => {
    const snapshot = filledAt('2026-07-31T23:00:00Z');
    expect(snapshot.value).toBe('editing');
    expect(snapshot.context.submitAttempted).toBe(true);
    expect(cardFormView(snapshot.context, false)).toEqual({
      errors: { expiry: cardMessages.expiryPast },
      canSubmit: false,
    });
  });
});

describe('refundCardFormMachine: a refusal about no field (decision 883)', () => {
  const refusedWith = (error: unknown) => {
    const actor = createActor(refundCardFormMachine, { input: { today: '2026-11-22' } }).start();
    for (const [field, value] of Object.entries(validCard)) actor.send(change(field as keyof typeof validCard, value));
    actor.send({ type: 'form.submit' });
    actor.send({ type: 'xstate.error.actor.tokeniseCard', error } as never);
    return actor.getSnapshot().context;
  };

  it('keeps no server English for a refusal that says only that the card could not be checked', () => {
    for (const [status, code] of [
      [400, 'VALIDATION'],
      [403, 'EMAIL_NOT_VERIFIED'],
      [403, 'FORBIDDEN'],
    ] as const) {
      const context = refusedWith(httpError(status, code, 'Invalid type: Expected number at expiryMonth'));
      expect([context.tokeniseError, context.refusal], code).toEqual([true, null]);
      expect(context.values, 'input kept').toEqual(validCard);
    }
  });

  it('keeps the server’s sentence only for a code the form does not know', () => {
    const context = refusedWith(httpError(422, 'CARD_REFUSED', 'This card cannot take refunds.'));
    expect(context.tokeniseError).toBe('This card cannot take refunds.');
  });
});
