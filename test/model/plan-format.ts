/**
 * Readable test plans from model paths. One step reads
 * "in <state>, when <event> [guard], expect <state>"; the model tests are titled with the same
 * text (harness.ts), so a failing test names the plan step, and `npm run plans` prints it.
 */
import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine, StateValue } from 'xstate';

export interface PlanStep {
  /** State value before the event, dotted ('loaded.editing'; parallel regions joined by ', '). */
  from: string;
  /** The event as a person says it: 'form.submit', 'fetchClaim answers', 'after historyPollMs'. */
  event: string;
  /** Name of the guard that chose the transition, if any. */
  guard?: string;
  to: string;
  /** What the customer sees there: the target states' descriptions (the copy of docs/product/). */
  sees: string[];
  /**
   * What the event carries besides its type: a service's answer (done), its failure (error), or
   * the customer's input (e.g. the ticks of refund.select). Absent when the event carries nothing.
   * Printed where two plan paths would otherwise read the same.
   */
  data?: unknown;
}

export function stateText(value: StateValue): string {
  if (typeof value === 'string') return value;
  return Object.entries(value)
    .map(([k, v]) =>
      v === undefined
        ? k
        : stateText(v)
            .split(', ')
            .map((s) => `${k}.${s}`)
            .join(', '),
    )
    .join(', ');
}

export function eventText(type: string): string {
  if (type.startsWith('xstate.done.actor.')) return `${type.slice(18)} answers`;
  if (type.startsWith('xstate.error.actor.')) return `${type.slice(19)} fails`;
  if (type.startsWith('xstate.after.')) return `after ${type.slice(13).split('.')[0]}`;
  return type;
}

export function guardText(guard: unknown): string | undefined {
  if (guard === undefined) return undefined;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const inner = (guard as { guards?: unknown[] }).guards;
    return inner ? `${guard.name}(${inner.map(guardText).join(', ')})` : guard.name || 'inline guard';
  }
  return typeof guard === 'object' && guard && 'type' in guard ? String(guard.type) : 'guard';
}

const activeLeaves = (s: AnyMachineSnapshot) =>
  (s._nodes as unknown as { path: string[]; description?: string; states: object }[]).filter((n) => n.path.length > 0);

/** What an event carries besides its type (a done event's output, an error event's error, a customer event's fields). */
function eventData(event: AnyEventObject): { data?: unknown } {
  if (event.type.startsWith('xstate.done.actor.'))
    return 'output' in event && event.output !== undefined ? { data: event.output } : {};
  if (event.type.startsWith('xstate.error.actor.'))
    return 'error' in event
      ? { data: event.error instanceof Error ? { message: event.error.message } : event.error }
      : {};
  const { type: _type, ...rest } = event;
  return Object.keys(rest).length ? { data: rest } : {};
}

/** The plan steps of one model path (its first step is the machine's start). */
export function planSteps(
  machine: AnyStateMachine,
  steps: readonly { event: AnyEventObject; state: AnyMachineSnapshot }[],
): PlanStep[] {
  return steps.slice(1).map((step, i) => {
    const prev = steps[i]!.state;
    let guard: string | undefined;
    try {
      guard = machine
        .getTransitionData(prev as never, step.event)
        .map((t) => guardText(t.guard))
        .find(Boolean);
    } catch {
      guard = undefined;
    }
    const before = new Set(activeLeaves(prev).map((n) => n.path.join('.')));
    const entered = activeLeaves(step.state).filter((n) => !before.has(n.path.join('.')) && n.description);
    return {
      from: stateText(prev.value),
      event: eventText(step.event.type),
      ...(guard ? { guard } : {}),
      to: stateText(step.state.value),
      sees: entered.map((n) => n.description!),
      ...eventData(step.event),
    };
  });
}

export const stepText = (s: PlanStep) =>
  `in ${s.from}, when ${s.event}${s.guard ? ` [${s.guard}]` : ''}, expect ${s.to}`;

/** The test title of a numbered path: 'path 3: in idle, when form.submit [isValid], expect requesting → …'. */
export function planTitle(number: number, start: string, steps: readonly PlanStep[], inputLabel?: string): string {
  const prefix = `path ${number}${inputLabel ? ` (${inputLabel})` : ''}: `;
  return prefix + (steps.length ? steps.map(stepText).join(' → ') : `starts in ${start}`);
}

/** A short, stable label for one of several inputs ('token: null'). */
export function inputLabel(input: unknown): string {
  if (input === undefined) return 'no input';
  const text = JSON.stringify(input);
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}
