import { expect } from 'vitest';
import { submitWithLostAnswerMachine } from '#machines/submit-with-lost-answer';
import { ApiError } from '#src/api/errors';
import { describeMachineModel, errorOf, outputOf } from './harness';

/** Any flow's request: what matters is that the check sends exactly what the attempt sent. */
const request = { bookingId: 'b-1', idempotencyKey: 'seed.1' };
const answer = { status: 'PROCESSING', refundId: 'r-1' };
/** No answer: the connection was reset after the server got the request. */
const lost = { problem: { kind: 'network', message: 'Failed to fetch' } };
/** A gateway answered instead of the server: the request may have been acted on. */
const gateway = new ApiError({ kind: 'http', status: 504, codes: [], detail: null, body: null });
/** The server's own refusal, and its own 500: the outcome is known. */
const refused = new ApiError({ kind: 'http', status: 409, codes: ['ALREADY_CANCELLED'], detail: null, body: null });
const serverFailed = new ApiError({ kind: 'http', status: 500, codes: ['INTERNAL_ERROR'], detail: null, body: null });
const unknown = [lost, gateway];
const known = [refused, serverFailed];

describeMachineModel(submitWithLostAnswerMachine, {
  name: 'submitWithLostAnswerMachine',
  input: { request },
  events: {
    'xstate.done.actor.submit': [{ type: 'xstate.done.actor.submit', output: answer }],
    'xstate.error.actor.submit': [...unknown, ...known].map((error) => ({ type: 'xstate.error.actor.submit', error })),
  },
  serializeContext: (c) => c.outcome,
  assert: (snapshot) => {
    // The request is never rebuilt: every check repeats the attempt's own, key included.
    expect(snapshot.context.request).toBe(request);
    if (snapshot.status === 'done') expect(snapshot.output).toEqual(snapshot.context.outcome);
  },
  calls: {
    sending: { submit: request },
    checking: { submit: request },
  },
  // docs/decisions/310: check before speaking; "couldn't confirm" only when the check fails too.
  states: {
    sending: ({ snapshot, event, context }) => {
      expect(event.type).toBe('xstate.init');
      expect(context.outcome).toBeNull();
      expect(snapshot.can({ type: 'submit.check' })).toBe(false);
      expect(snapshot.can({ type: 'submit.leave' }), 'no leaving while the attempt is in flight').toBe(false);
    },
    checking: ({ snapshot, event, context }) => {
      expect(['xstate.error.actor.submit', 'submit.check']).toContain(event.type);
      if (event.type === 'xstate.error.actor.submit') expect(unknown).toContain(errorOf(event));
      expect(context.outcome).toBeNull();
      expect(snapshot.can({ type: 'submit.leave' }), 'no leaving while the check is in flight').toBe(false);
    },
    unconfirmed: ({ snapshot, event, context }) => {
      expect(event.type).toBe('xstate.error.actor.submit');
      expect(unknown).toContain(errorOf(event));
      expect(context.outcome).toBeNull();
      expect(snapshot.can({ type: 'submit.check' })).toBe(true);
      expect(snapshot.can({ type: 'submit.leave' })).toBe(true);
    },
    answered: ({ snapshot, event }) => {
      expect(event.type).toBe('xstate.done.actor.submit');
      expect(snapshot.status).toBe('done');
      expect(snapshot.output).toEqual({ kind: 'answered', answer: outputOf(event) });
    },
    refused: ({ snapshot, event }) => {
      expect(event.type).toBe('xstate.error.actor.submit');
      expect(known, 'a lost answer is never taken for a refusal').toContain(errorOf(event));
      expect(snapshot.status).toBe('done');
      expect(snapshot.output).toEqual({ kind: 'refused', error: errorOf(event) });
    },
    left: ({ snapshot, event }) => {
      expect(event.type).toBe('submit.leave');
      expect(snapshot.output).toEqual({ kind: 'left' });
    },
  },
});
