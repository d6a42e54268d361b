import { expect } from 'vitest';

/**
 * What the account forms' model tests share: the failures their call may end with (the server's
 * refusals, by status and code, and a 429 with the seconds to wait, decision 155), and what the form
 * kit (machines/lib/form-kit.ts) must have done with the step that reached the form.
 */
/** A refusal: its status and its first code. */
type Refusal = [status: number, code: string | null];

/** The call `actorId` failing with each of `refusals`, in order. */
export const refusedWith = <A extends string>(actorId: A, ...refusals: Refusal[]) =>
  refusals.map(([status, code]) => ({ type: `xstate.error.actor.${actorId}` as const, error: { status, code } }));

/** The call `actorId` refused for too many attempts, with `seconds` to wait. */
export const throttledFor = <A extends string>(actorId: A, seconds: number) => ({
  type: `xstate.error.actor.${actorId}` as const,
  error: { problem: { kind: 'throttled', status: 429, codes: ['TOO_MANY_ATTEMPTS'], retryAfterSeconds: seconds } },
});

type FormStep = {
  context: { values: object; touched: object; submitAttempted: boolean };
  event: { type: string; field?: string; value?: unknown };
};

/** On the start a fresh form; then the typed value kept, the field left marked touched, a submit attempt marked. */
export const expectFormStep = ({ context, event }: FormStep) => {
  const field = event.field ?? '';
  if (event.type === 'xstate.init')
    expect(context).toMatchObject({ touched: {}, dirty: false, submitAttempted: false });
  if (event.type === 'form.change') expect((context.values as Record<string, unknown>)[field]).toBe(event.value);
  if (event.type === 'form.submit') expect(context.submitAttempted).toBe(true);
  if (event.type === 'form.blur') expect((context.touched as Record<string, unknown>)[field]).toBe(true);
};
