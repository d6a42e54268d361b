import type { DoneActorEvent, EventObject } from 'xstate';

/**
 * The output an invoked actor finished with, read inside a named guard or action in setup().
 *
 * Charts reference those by name with no function-valued `params` (docs/architecture.md: Stately's
 * extractor drops function-valued params, so a designer would see the action without its data).
 * setup() types `event` as the machine's own events, which do not list `xstate.done.actor.<id>`,
 * so this checks the event type and casts in one place.
 */
export function doneOutput<TOutput>(event: EventObject, actorId: string): TOutput {
  const expected = `xstate.done.actor.${actorId}`;
  if (event.type !== expected) throw new Error(`expected ${expected}, got ${event.type}`);
  return (event as DoneActorEvent<TOutput>).output;
}
