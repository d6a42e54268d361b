import { doneOutput } from './done-output';

/**
 * How an attempt invoked as submitWithLostAnswerMachine ended (machines/submit-with-lost-answer.ts):
 * the server's answer, its refusal (the error the call failed with), or the customer left while the
 * outcome was unconfirmed.
 */
export type SubmitOutcome =
  | { kind: 'answered'; answer: unknown }
  | { kind: 'refused'; error: unknown }
  | { kind: 'left' };

/** The outcome the attempt invoked as `actorId` ended with (a named guard or action on its done event only). */
const outcomeOf = (event: { type: string }, actorId: string) => doneOutput<SubmitOutcome>(event, actorId);

/** The server's answer to the attempt `actorId`, or undefined when it refused or the customer left. */
export function answerOf<TAnswer>(event: { type: string }, actorId: string): TAnswer | undefined {
  const outcome = outcomeOf(event, actorId);
  return outcome.kind === 'answered' ? (outcome.answer as TAnswer) : undefined;
}

/** The attempt `actorId` ended with an answer. */
export const isAnswered = (event: { type: string }, actorId: string): boolean =>
  outcomeOf(event, actorId).kind === 'answered';

/**
 * The attempt's refusal as the failed call's error event (`{ error }`), so the one problem module
 * (machines/lib/problems.ts: problemOfEvent, codeOf, hasStatus) reads it as any other failure; an
 * answer or a leave reads as an error-free event.
 */
export function refusalOf(event: { type: string }, actorId: string): { error?: unknown } {
  const outcome = outcomeOf(event, actorId);
  return outcome.kind === 'refused' ? { error: outcome.error } : {};
}

/**
 * What went wrong with the attempt `actorId`, for an action on both its done and its error event:
 * the refusal it ended with, or the failure of the attempt itself, read alike by problemOfEvent.
 */
export function failureOf(event: { type: string }, actorId: string): object {
  return event.type === `xstate.done.actor.${actorId}` ? refusalOf(event, actorId) : event;
}
