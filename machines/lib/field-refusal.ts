import { codeOf, problemOfEvent } from './problems';

/**
 * A server refusal about one field of a form (decision 670): the field it is about, the refusal's
 * code and the server's own sentence. The screen words it by its code from the catalogue
 * (src/copy/field-refusal.ts, docs/decisions/883-field-refusals-by-code.md) and ties it to the field
 * (`withRefusal`, src/ui/error-summary.tsx); the sentence is shown only for a code the screen does not
 * know. A refusal that is about no field is not one.
 */
export interface FieldRefusal<F extends string> {
  field: F;
  code: string;
  /** The server's sentence about the field (its `detail`, else its first `errors[].message`, without the field's name before a colon), or null. */
  message: string | null;
}

/** The code of the text rule's refusal (server/lib/text-rules.ts): its message starts with the field's name. */
export const INVALID_CHARACTERS = 'INVALID_CHARACTERS';

const firstMessage = (body: unknown): string | null => {
  const errors = (body as { errors?: { message?: unknown }[] } | null | undefined)?.errors;
  const message = Array.isArray(errors) ? errors[0]?.message : undefined;
  return typeof message === 'string' ? message : null;
};

/** A field's name before a colon at the start of a sentence ("line1: …"), and what follows it. */
const NAMED = /^\s*([A-Za-z0-9]+)\s*:\s*/;

/** The server's sentence, without the field's name it starts with; null when there is none. */
const sentenceOf = (detail: string | null, body: unknown): string | null => {
  const text = (detail ?? firstMessage(body) ?? '').replace(NAMED, '').trim();
  return text === '' ? null : text;
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
  const message = sentenceOf(problem.detail, problem.body);
  if (code === INVALID_CHARACTERS) {
    const named = NAMED.exec(firstMessage(problem.body) ?? '')?.[1];
    const field = fields.find((f) => f === named);
    return field ? { field, code, message } : null;
  }
  const field = byCode[code];
  return field && fields.includes(field) ? { field, code, message } : null;
};
