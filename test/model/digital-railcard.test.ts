import { expect } from 'vitest';
import { digitalRailcardMachine } from '../../machines/digital-railcard';
import { describeMachineModel } from './harness';

const card = {
  id: 'r1', railcardId: 'two-together', name: 'Two Together Railcard', code: 'TWO', discount: '1/3 off',
  cardNumber: 'TWO7730516', cardHolders: ['Alex Morgan', 'Jamie Morgan'], validFrom: '2025-09-01', expiryDate: '2026-09-01', status: 'valid',
};

describeMachineModel(digitalRailcardMachine, {
  name: 'digitalRailcardMachine',
  input: { railcardId: 'r1' },
  events: {
    'xstate.done.actor.fetchDigitalRailcard': [{ type: 'xstate.done.actor.fetchDigitalRailcard', output: card }],
    'xstate.error.actor.fetchDigitalRailcard': [{ type: 'xstate.error.actor.fetchDigitalRailcard', error: new Error('404') }],
  },
  assert: (snapshot) => {
    if (snapshot.matches('showing')) expect(snapshot.context.card?.cardHolders).toHaveLength(2);
  },
});
