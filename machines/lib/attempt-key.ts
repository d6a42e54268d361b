import { problemOfEvent, statusOf } from './problems';

/**
 * Idempotency keys of the money-moving calls (docs/decisions/310-idempotency-keys-and-lost-answers.md).
 * A machine that sends one holds `keySeed` (made once per screen by its route, e.g. a random UUID,
 * and given as input, so the machine stays pure and its tests deterministic) and `attempt`, counted
 * up by a named action each time the customer makes a new attempt. The key of an attempt is the two
 * together: a retry of the same attempt after a lost answer sends the same key, and the server
 * answers it with its first answer instead of acting twice.
 */
export interface AttemptKeyContext {
  keySeed: string;
  attempt: number;
}

/** The Idempotency-Key header value of the current attempt. */
export const attemptKey = (context: AttemptKeyContext): string => `${context.keySeed}.${context.attempt}`;

/** Patch for a `beginAttempt` assign action: the customer's next attempt gets the next key. */
export const nextAttempt = (context: AttemptKeyContext): Pick<AttemptKeyContext, 'attempt'> => ({
  attempt: context.attempt + 1,
});

/**
 * No answer, or a gateway's instead of the server's (502, 504): the request may have been acted on,
 * so the outcome is unknown and must be checked before the screen says anything about it.
 */
export const isOutcomeUnknown = (event: object): boolean => {
  const problem = problemOfEvent(event);
  if (problem.kind === 'network') return true;
  const status = statusOf(problem);
  return status === 502 || status === 504;
};
