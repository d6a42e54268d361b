import { expect } from 'vitest';
import { cardFormView, refundCardFormMachine } from '#machines/refund-card-form';
import { cardMessages } from '#src/schemas/card-form';
import { describeMachineModel } from './harness';
import { httpError } from './fixtures/refund-fixtures';

const change = (field: 'number' | 'expiry' | 'cvc' | 'name', value: string) => ({ type: 'form.change' as const, field, value });
const validCard = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', name: 'Robin Hughes' };

describeMachineModel(refundCardFormMachine, {
  name: 'refundCardFormMachine',
  input: { today: '2026-11-22' },
  events: {
    'form.change': (s) => {
      const v = s.context.values;
      // Fill the form one field at a time, or break a filled number (Luhn fails).
      if (v.number === '') return [change('number', validCard.number)];
      if (v.expiry === '') return [change('expiry', validCard.expiry)];
      if (v.cvc === '') return [change('cvc', validCard.cvc)];
      if (v.name === '') return [change('name', validCard.name)];
      return v.number === validCard.number ? [change('number', '4242 4242 4242 4241')] : [];
    },
    'form.blur': [{ type: 'form.blur', field: 'number' }],
    'xstate.done.actor.tokeniseCard': [
      {
        type: 'xstate.done.actor.tokeniseCard',
        output: { token: 'tok_1', last4: '4242', brand: 'Visa', expiryMonth: 12, expiryYear: 2030, expiresAt: '2026-11-22T23:30:00.000Z' },
      },
    ],
    'xstate.error.actor.tokeniseCard': [
      { type: 'xstate.error.actor.tokeniseCard', error: httpError(422, 'CARD_INVALID', 'This card number is not valid.') },
    ],
  },
  serializeContext: (c) => ({
    filled: Object.values(c.values).filter(Boolean).length,
    broken: c.values.number !== '' && c.values.number !== validCard.number,
    touched: Object.keys(c.touched).length,
    attempted: c.submitAttempted,
    error: c.tokeniseError !== null,
  }),
  maxPaths: 300,
  assert: (snapshot) => {
    const c = snapshot.context;
    const view = cardFormView(c, snapshot.matches('tokenising'));
    // Spec: submit disabled while pristine, invalid or submitting.
    if (!c.dirty || snapshot.matches('tokenising')) expect(view.canSubmit).toBe(false);
    if (c.values.number === '4242 4242 4242 4241' && (c.touched.number || c.submitAttempted)) {
      expect(view.errors.number).toBe(cardMessages.numberInvalid);
    }
    // User input kept when the server fails.
    if (snapshot.matches('editing') && c.tokeniseError !== null) {
      expect(c.tokeniseError).toBe('This card number is not valid.');
      expect(c.values.number).toBe(validCard.number);
    }
    if (snapshot.matches('tokenised')) {
      // Only the token, brand and last four stay; the number and CVC are dropped.
      expect(snapshot.output).toEqual({ token: 'tok_1', last4: '4242', brand: 'Visa' });
      expect(c.values.number).toBe('');
      expect(c.values.cvc).toBe('');
    }
  },
});
