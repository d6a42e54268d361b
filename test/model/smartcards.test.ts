import { expect } from 'vitest';
import { smartcardsMachine } from '../../machines/smartcards';
import type { Smartcard } from '../../src/schemas/smartcards';
import { describeMachineModel } from './harness';

const smartcards: Smartcard[] = [
  {
    id: 's1',
    numberLastFour: '8901',
    operator: 'Northern',
    status: 'ACTIVE',
    expiryDate: '2030-01-31',
    productsAwaitingCollection: [],
  },
];

describeMachineModel(smartcardsMachine, {
  name: 'smartcardsMachine',
  events: {
    'xstate.done.actor.fetchSmartcards': [{ type: 'xstate.done.actor.fetchSmartcards', output: smartcards }],
    'xstate.error.actor.fetchSmartcards': [{ type: 'xstate.error.actor.fetchSmartcards', error: { status: 500 } }],
  },
  assert: (snapshot) => {
    if (snapshot.matches('loaded')) expect(snapshot.context.smartcards).toEqual(smartcards);
  },
});
