// @vitest-environment node
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { hostRoutes, specRoutes } from '#server/api/spec-calls.ts';
import { specCallFor, type Shape } from '#server/lib/spec-shape.ts';
import { SavePassengerAnswer } from '#src/schemas/passengers.ts';
import { CatalogueRailcard, DigitalRailcard, RailcardsListResponse } from '#src/schemas/railcards.ts';

/**
 * Spec mode (server/lib/spec-shape.ts, decisions 340 and 886) cuts every answer to the spec's fields of
 * the schema its route names (server/api/spec-calls.ts), and the app reads every answer with its valibot
 * schema (src/schemas). The fields kept come from those schemas, so the two cannot name different
 * fields; what can still go wrong is a field a schema requires that is not one of the spec's (a field
 * added as required beside the spread spec fields): every spec-mode answer would then fail the app.
 * Fields the spec does not name are optional in the schemas and stripped by spec mode, by design.
 */
type AnySchema = v.GenericSchema & {
  type: string;
  entries?: Record<string, AnySchema>;
  item?: AnySchema;
  wrapped?: AnySchema;
  options?: readonly AnySchema[];
};
const OPTIONAL = new Set(['optional', 'exact_optional', 'nullish', 'undefinedable']);
const WRAPPERS = new Set([...OPTIONAL, 'nullable', 'non_nullable', 'non_optional', 'non_nullish']);

/** The schema without its optional/nullable wrappers and arrays: what one element of the field is. */
const core = (schema: AnySchema): AnySchema => {
  let s = schema;
  for (;;) {
    if (WRAPPERS.has(s.type) && s.wrapped) s = s.wrapped;
    else if (s.type === 'array' && s.item) s = s.item;
    else return s;
  }
};
/** The object schemas a value may be (a union's or variant's options each), none for a scalar. */
const objectsOf = (schema: AnySchema): AnySchema[] => {
  const s = core(schema);
  if (s.entries) return [s];
  return (s.options ?? []).flatMap(objectsOf);
};

/** Where spec mode drops a field the schema requires (for a union: a field every option requires). */
function drift(schema: AnySchema, shape: Shape, at: string): string[] {
  if (shape === true) return [];
  const objects = objectsOf(schema);
  if (objects.length === 0) return [`${at}: spec mode gives fields, the schema a scalar`];
  const problems: string[] = [];
  for (const [field, inner] of Object.entries(shape)) {
    for (const o of objects) {
      const s = o.entries?.[field];
      if (s) problems.push(...drift(s, inner, `${at}.${field}`));
    }
  }
  const required = (o: AnySchema) =>
    Object.entries(o.entries ?? {})
      .filter(([field, s]) => !OPTIONAL.has(s.type) && !(field in shape))
      .map(([field]) => `${at}.${field}: required by the schema, stripped by spec mode`);
  const perOption = objects.map(required);
  // A union is read if one of its options is: report only when every option loses a required field.
  if (perOption.every((p) => p.length > 0)) problems.push(...perOption.flat());
  return [...new Set(problems)];
}

/** Where the app reads an answer with another schema than the spec's record the route names. */
const appReads: Record<string, v.GenericSchema> = {
  'GET /passenger/:passengerId/railcardslist': RailcardsListResponse,
  'GET /railcard/:railcardId': CatalogueRailcard,
  'GET /passengers-and-railcards/digital-railcard/:railcardId': DigitalRailcard,
};

describe('spec mode and the app’s response schemas', () => {
  const routes = [...specRoutes, ...hostRoutes].filter((r) => typeof r.answer !== 'string');

  it.each(routes.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s: spec mode keeps what the schema requires',
    (key, route) => {
      const path = route.path.replace(
        /:(\w+)(\{([\w-]+)[^}]*\})?/g,
        (_, name: string, __, first?: string) => first ?? name,
      );
      const response = specCallFor(route.method, path)?.response;
      expect(response).toBeDefined();
      const schema = (appReads[key] ?? route.answer) as AnySchema;
      expect(drift(schema, response === 'none' || response === undefined ? true : response, key)).toEqual([]);
    },
  );

  it('catches a required field left out of the spec fields', () => {
    const entries = { id: { type: 'string' }, extra: { type: 'optional', wrapped: { type: 'string' } } };
    const schema = { type: 'object', entries } as unknown as AnySchema;
    expect(drift(schema, { id: true }, 'x')).toEqual([]);
    expect(drift(schema, { extra: true }, 'x')).toEqual(['x.id: required by the schema, stripped by spec mode']);
  });

  it('reads a passenger save as the spec answers it: the add with no body, the edit with accountUpdateFailed alone', () => {
    expect(v.parse(SavePassengerAnswer, null)).toEqual({ accountUpdateFailed: false });
    expect(v.parse(SavePassengerAnswer, { accountUpdateFailed: true })).toEqual({ accountUpdateFailed: true });
    expect(v.parse(SavePassengerAnswer, {})).toEqual({ accountUpdateFailed: false });
    expect(v.safeParse(SavePassengerAnswer, { accountUpdateFailed: 'no' }).success).toBe(false);
  });
});

describe('a saved personal details answer in spec-nulls mode', () => {
  it('reads shouldUpdatePassenger and updatePassengerFailed sent as null (named fields that do not apply) or left out as false', async () => {
    const { SavePersonalDetailsResponse } = await import('#src/schemas/customer-profile.ts');
    const saved = { firstName: 'Alexa', lastName: 'Morgan', email: 'demo@example.com' };
    expect(
      v.parse(SavePersonalDetailsResponse, { ...saved, shouldUpdatePassenger: null, updatePassengerFailed: null }),
    ).toMatchObject({ shouldUpdatePassenger: false, updatePassengerFailed: false });
    expect(v.parse(SavePersonalDetailsResponse, saved).updatePassengerFailed).toBe(false);
    expect(v.parse(SavePersonalDetailsResponse, { ...saved, updatePassengerFailed: true }).updatePassengerFailed).toBe(
      true,
    );
  });
});
