import { outputOf } from './harness';

/**
 * The events a form's submit ends with when it is one attempt of the lost-answer chart
 * (machines/submit-with-lost-answer.ts; its checks after a lost answer are its own model test): the
 * server's answer or its refusal, as the done event of the form's `actorId`, and each attempt's
 * Idempotency-Key from the form's key seed.
 */
export const attemptEvents = <A extends string>(actorId: A, keySeed: string) => ({
  keyOf: (c: { attempt: number }) => `${keySeed}.${c.attempt}`,
  answered: (answer: unknown) => ({
    type: `xstate.done.actor.${actorId}` as const,
    output: { kind: 'answered' as const, answer },
  }),
  refused: (error: unknown) => ({
    type: `xstate.done.actor.${actorId}` as const,
    output: { kind: 'refused' as const, error },
  }),
});

/** The refusal an attempt's done event carries (its status and code), if it was refused. */
export const refusalOf = (event: { type: string }) =>
  (outputOf(event) as { error?: { status?: unknown; code?: unknown } } | undefined)?.error;
