import { codeOf, problemOfEvent } from './problems';

/**
 * A server refusal about one field of a form (decision 670): the field it is about and the refusal's
 * code. Charts keep this (names, not words); the screen words it from its copy module and ties it to
 * the field (`withRefusal`, src/ui/error-summary.tsx). A refusal that is about no field is not one.
 */
export interface FieldRefusal<F extends string> {
  field: F;
  code: string;
}

/** The code of the text rule's refusal (server/lib/text-rules.ts): its message starts with the field's name. */
export const INVALID_CHARACTERS = 'INVALID_CHARACTERS';

const firstMessage = (body: unknown): string | null => {
  const errors = (body as { errors?: { message?: unknown }[] } | null | undefined)?.errors;
  const message = Array.isArray(errors) ? errors[0]?.message : undefined;
  return typeof message === 'string' ? message : null;
};

/**
 * The field a failed call's refusal is about, or null: a 422 `INVALID_CHARACTERS` names its field
 * before a colon ("line1: …"); other codes are about the field `byCode` gives them. Only the form's
 * own `fields` count: a refusal naming any other is left to the form's message above the fields.
 */
export const fieldRefusalOf = <F extends string>(
  event: object,
  fields: readonly F[],
  byCode: Partial<Record<string, F>> = {},
): FieldRefusal<F> | null => {
  const problem = problemOfEvent(event);
  const code = codeOf(problem);
  if (code === null || problem.kind !== 'http') return null;
  if (code === INVALID_CHARACTERS) {
    const named = /^\s*([A-Za-z0-9]+)\s*:/.exec(firstMessage(problem.body) ?? '')?.[1];
    const field = fields.find((f) => f === named);
    return field ? { field, code } : null;
  }
  const field = byCode[code];
  return field && fields.includes(field) ? { field, code } : null;
};
