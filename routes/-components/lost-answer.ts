import { useSelector } from '@xstate/react';
import { fromPromise, type ActorRefFrom, type AnyActorRef } from 'xstate';
import { submitWithLostAnswerMachine } from '#machines/submit-with-lost-answer';
import { defineFlow } from '#src/flow';
import type { AppServices } from '#src/services';

/**
 * The screens' side of the lost-answer attempt (machines/submit-with-lost-answer.ts, decision 575):
 * each money-moving flow invokes that chart for its attempt; the flow's binding gives it the one call
 * and its screen reads where the attempt is.
 */
type SubmitActor = ActorRefFrom<typeof submitWithLostAnswerMachine>;

/** Where the attempt is while its flow waits: sent, being checked after a lost answer, or unconfirmed. */
export type LostAnswerPhase = 'sending' | 'checking' | 'unconfirmed';

/**
 * The attempt's binding (src/flow.tsx) with this app's call as its `submit` actor, made once per
 * money-moving flow beside that flow's own binding, which hands the parent chart
 * `attempt.bind(services)` for the invoke. `Request` is what the flow passes as the attempt's
 * request (its Idempotency-Key included): the flow's exported request type.
 */
export function lostAnswerAttempt<Request>(call: (services: AppServices) => (request: Request) => Promise<unknown>) {
  return defineFlow(submitWithLostAnswerMachine)((services) => {
    const submit = call(services);
    return { actors: { submit: fromPromise(({ input }) => submit(input as Request)) } };
  });
}

/**
 * The phase of the attempt invoked as `attempt` (the flow snapshot's child of that invoke id, which
 * XState types as any of the flow's children), or null when none is running.
 */
export function useLostAnswerPhase(attempt: AnyActorRef | undefined): LostAnswerPhase | null {
  return useSelector(attempt as SubmitActor | undefined, (snapshot) => {
    if (!snapshot || snapshot.status !== 'active') return null;
    if (snapshot.matches('checking')) return 'checking';
    if (snapshot.matches('unconfirmed')) return 'unconfirmed';
    return 'sending';
  });
}
