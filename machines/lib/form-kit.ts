import type { EventObject } from 'xstate';

/**
 * The form kit: what every form machine does with its fields, written once. Each machine passes
 * these to its own setup() under the same action names (`setValue`, `touch`,
 * `markSubmitAttempted`), so the chart still shows the names and its config stays one literal
 * object that Stately's editor opens; only the implementations are shared (decision 143).
 *
 *   setValue: assign(({ context, event }) => changePatch(context, event, { serverError: null })),
 *   touch: assign(({ context, event }) => touchPatch(context, event)),
 *   markSubmitAttempted: assign(submitAttemptPatch),
 */
/** The fields a machine's `form.change` events name (never, for a machine without one). */
type ChangedField<E> = E extends { type: 'form.change'; field: infer F extends string } ? F : never;

/**
 * `form.change`: the field's new value, and the form is no longer pristine; `reset` is what else a
 * change clears (a server error, a failed flag). Any other event changes nothing.
 *
 * The values keep the machine's own type `V` (a field typed `Direction | ''`, a list beside the
 * text fields), so the patch is a partial of that machine's context; the constraint asks only that
 * every field its `form.change` events name holds a string.
 */
export const changePatch = <
  E extends EventObject,
  V extends Record<ChangedField<E>, string>,
  R extends object = object,
>(
  context: { values: V },
  event: E,
  reset: R,
): ({ values: V; dirty: true } & R) | Record<never, never> =>
  event.type === 'form.change' &&
  'field' in event &&
  typeof event.field === 'string' &&
  'value' in event &&
  typeof event.value === 'string'
    ? { ...reset, values: { ...context.values, [event.field]: event.value }, dirty: true }
    : {};

/** `form.blur`: the field was left, so its error may show. Any other event changes nothing. */
export const touchPatch = <F extends string>(
  context: { touched: Partial<Record<F, boolean>> },
  event: EventObject,
): { touched: Partial<Record<F, boolean>> } | Record<never, never> =>
  event.type === 'form.blur' && 'field' in event && typeof event.field === 'string'
    ? { touched: { ...context.touched, [event.field]: true } }
    : {};

/** A submit was tried: every field's error shows from now on. */
export const submitAttemptPatch = { submitAttempted: true } as const;
