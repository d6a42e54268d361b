import * as v from 'valibot';

/**
 * A response field that may not apply: absent and `null` read alike, as `null` (decision 341).
 * A retailer's API may leave such a field out or send it as null (docs/product/entities.md and docs/product/api.md name fields,
 * not whether a field that does not apply is sent), so every nullable field of a response schema goes
 * through this one helper, never `v.nullable` alone: a one-way booking's `inward`, an order's
 * `replacementOrder`, a quote's `creditCardForm` read the same whichever way they come.
 */
export const maybe = <const S extends v.GenericSchema>(schema: S) => v.optional(v.nullable(schema), null);
