import type { Context } from 'hono';
import * as v from 'valibot';
import { ApiError } from './errors.ts';

/** Reads the JSON body and validates it; anything malformed is 400 VALIDATION. */
export async function readBody<S extends v.GenericSchema>(c: Context, schema: S): Promise<v.InferOutput<S>> {
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    throw new ApiError(400, 'VALIDATION', 'Body must be JSON');
  }
  const result = v.safeParse(schema, raw);
  if (!result.success) throw new ApiError(400, 'VALIDATION', v.summarize(result.issues));
  return result.output;
}

/** Trimmed, lower-cased email address of sensible length. */
export const emailSchema = v.pipe(v.string(), v.trim(), v.toLowerCase(), v.maxLength(254), v.email());

/** Any password-shaped string (rules are checked separately so they get their own codes). */
export const passwordSchema = v.pipe(v.string(), v.minLength(1), v.maxLength(256));
