import * as v from 'valibot';
import type { SpecRecord } from './spec-records.ts';

/**
 * Contact preferences (docs/product/entities.md: every field of a consent is the spec's) and the revoke/restore
 * answers (docs/product/api.md and docs/product/errors.md).
 * docs/product/validation.md: "every value coerced to boolean" - true, 1 and "true"/"1"/"on"/"yes" read as
 * true, anything else (missing included) as false; the server applies the same rule.
 */
export const coerceBoolean = (value: unknown): boolean => {
  if (value === true || value === 1) return true;
  if (typeof value === 'string') return ['true', '1', 'on', 'yes'].includes(value.trim().toLowerCase());
  return false;
};

const Flag = v.pipe(v.unknown(), v.transform(coerceBoolean));
const Text = v.pipe(
  v.optional(v.nullable(v.string())),
  v.transform((s) => s ?? ''),
);

export const MissingCategoryDescriptor = v.object({
  title: v.string(),
  description: Text,
  optInCopy: v.string(),
  optOutCopy: v.string(),
});

export const ContactPreference = v.object({
  id: v.pipe(v.string(), v.minLength(1)),
  title: v.string(),
  description: Text,
  preBody: Text,
  selected: Flag,
  hasEverBeenUpdated: Flag,
  missingCategoryDescriptor: MissingCategoryDescriptor,
});
export type ContactPreference = v.InferOutput<typeof ContactPreference>;

const consentsSpec = { consents: v.array(ContactPreference) };
export const ConsentsResponse = v.object({
  ...consentsSpec,
  /**
   * Local-server extra (docs/product/api.md has `revoked` on the revoke answer only): whether all
   * marketing consent is revoked. Absent: the flow keeps what its own revoke/restore answers said.
   */
  revoked: v.optional(Flag),
});
export type ConsentsResponse = v.InferOutput<typeof ConsentsResponse>;

/** A response lacking the revoked or restored flag is an error (docs/product/errors.md); so is `false`. */
export const RevokeResponse = v.object({ revoked: v.literal(true) });
export const RestoreResponse = v.object({ restored: v.literal(true) });

/** The spec's fields of the consents answer (spec mode, src/schemas/spec-records.ts); a consent's are all the spec's. */
export const specRecords: readonly SpecRecord[] = [[ConsentsResponse, consentsSpec]];
