import type { MiddlewareHandler } from 'hono';
import { TrieRouter } from 'hono/router/trie-router';
import { specRecords as auth } from '#src/schemas/auth.ts';
import { specRecords as booking } from '#src/schemas/booking.ts';
import { specRecords as bookingActions } from '#src/schemas/booking-actions.ts';
import { specRecords as bookingsList } from '#src/schemas/bookings-list.ts';
import { specRecords as cards } from '#src/schemas/cards.ts';
import { specRecords as consents } from '#src/schemas/consents.ts';
import { specRecords as customerProfile } from '#src/schemas/customer-profile.ts';
import { specRecords as delayRepay } from '#src/schemas/delay-repay.ts';
import { specRecords as findBooking } from '#src/schemas/find-booking.ts';
import { specRecords as insurance } from '#src/schemas/insurance.ts';
import { specRecords as passengerAssistance } from '#src/schemas/passenger-assistance.ts';
import { specRecords as passengers } from '#src/schemas/passengers.ts';
import { specRecords as railcards } from '#src/schemas/railcards.ts';
import { specRecords as refunds } from '#src/schemas/refunds.ts';
import type { SpecRecord } from '#src/schemas/spec-records.ts';
import { hostRoutes, specRoutes, type SpecAnswer, type SpecRoute } from '../api/spec-calls.ts';
import type { AppEnv } from './app-env.ts';
import { errorBody } from './errors.ts';

/**
 * The spec-shape modes of the local server (API_SHAPE=spec, API_SHAPE=spec-nulls; decisions 340 and 886):
 * the same data and rules, but every answer carries only the fields docs/product/entities.md and
 * docs/product/api.md name, and every call docs/product/api.md does not list answers 404, as a
 * retailer's API that implements the spec and nothing more would. One strip step at the edge
 * (`specShape`). Which calls: the route list, server/api/spec-calls.ts. Which fields: the response
 * schemas the app reads the answers with (src/schemas), each record's spec fields named beside it
 * (src/schemas/spec-records.ts).
 *
 * - `full` (default): the local server's own answers, extras included.
 * - `spec`: a field the spec does not name is left out; so is a named field whose value is null
 *   ("absent where it does not apply", as JSON APIs commonly do).
 * - `spec-nulls`: a field the spec does not name is left out; a named field that is absent or null
 *   is sent as `null`.
 */
export const apiShapes = ['full', 'spec', 'spec-nulls'] as const;
export type ApiShape = (typeof apiShapes)[number];

export const apiShapeFrom = (value: string | undefined): ApiShape => {
  if (value === undefined || value === '') return 'full';
  if ((apiShapes as readonly string[]).includes(value)) return value as ApiShape;
  throw new Error(`API_SHAPE=${value} is not one of ${apiShapes.join(', ')}`);
};

/**
 * What a field may carry: `true` keeps its value as it is (a scalar, or a value whose inner shape
 * the spec does not give: it is ours, decision 230); an object names the fields kept inside it. An
 * array takes its elements' shape: `{ results: Entry }` keeps `Entry`'s fields of every result.
 */
export type Shape = true | { readonly [field: string]: Shape };

/** `none`: docs/product/api.md names no response: the call answers 204 with no body (decision 230's Acknowledged). */
export type SpecCall = {
  readonly method: SpecRoute['method'];
  /** After /my-account/api, as the server's routes write it (`:name` one segment, `:name{a|b}` one of those). */
  readonly path: string;
  readonly response: Shape | 'none';
};

/** What shapeOf reads of a valibot schema: an object's entries, an array's item, a wrapper's wrapped schema, a pipe's first. */
type SchemaLike = {
  readonly type: string;
  readonly entries?: object;
  readonly item?: unknown;
  readonly wrapped?: unknown;
  readonly pipe?: readonly unknown[];
};
const WRAPPERS = new Set(['optional', 'exact_optional', 'nullish', 'nullable', 'undefinedable', 'non_nullable']);

/** Every record's spec fields and whole fields, by its schema (src/schemas/*.ts `specRecords`). */
const records = new Map<object, { fields: object; whole: ReadonlySet<string> }>(
  [
    auth,
    booking,
    bookingActions,
    bookingsList,
    cards,
    consents,
    customerProfile,
    delayRepay,
    findBooking,
    insurance,
    passengerAssistance,
    passengers,
    railcards,
    refunds,
  ]
    .flat()
    .map(([record, fields, whole]: SpecRecord) => [record, { fields, whole: new Set(whole) }]),
);

/**
 * The shape a response schema gives: a record's spec fields (every field of a record no entry
 * names), an array's elements' shape, anything else kept whole.
 */
export const shapeOf = (schema: SchemaLike): Shape => {
  let s = schema;
  for (;;) {
    if (records.has(s)) break;
    const inner = WRAPPERS.has(s.type) && s.wrapped ? s.wrapped : s.type === 'array' && s.item ? s.item : s.pipe?.[0];
    if (!inner || inner === s) break;
    s = inner as SchemaLike;
  }
  const record = records.get(s);
  const fields = record?.fields ?? s.entries;
  if (!fields) return true;
  return Object.fromEntries(
    Object.entries(fields as Record<string, SchemaLike>).map(([field, inner]) => [
      field,
      record?.whole.has(field) ? true : shapeOf(inner),
    ]),
  );
};

const responseOf = (answer: SpecAnswer): Shape | 'none' =>
  answer === 'none' || answer === 'whole' ? (answer === 'none' ? 'none' : true) : shapeOf(answer as SchemaLike);
const callOf = (route: SpecRoute): SpecCall => ({
  method: route.method,
  path: route.path,
  response: responseOf(route.answer),
});

/** Every call docs/product/api.md lists, with the fields its 2xx answer may carry. */
export const specCalls: readonly SpecCall[] = specRoutes.map(callOf);
/** Calls the spec does not list that stay open in spec mode (decision 571; server/api/spec-calls.ts). */
export const hostCalls: readonly SpecCall[] = hostRoutes.map(callOf);

// The server's own router finds a call; literal paths first (GET /booking/token is not GET /booking/:bookingId).
const router = new TrieRouter<SpecCall>();
const allCalls = [...specCalls, ...hostCalls];
for (const call of [...allCalls.filter((c) => !c.path.includes(':')), ...allCalls.filter((c) => c.path.includes(':'))])
  router.add(call.method, call.path, call);

/** The listed call `method path` (path after /my-account/api) is, or null when the spec does not list it. */
export const specCallFor = (method: string, path: string): SpecCall | null => {
  const bare = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  return router.match(method, bare)[0][0]?.[0] ?? null;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `value` with only the fields `shape` names; named fields absent or null are left out (`spec`) or null (`spec-nulls`). */
export const stripToShape = (value: unknown, shape: Shape, mode: Exclude<ApiShape, 'full'>): unknown => {
  if (shape === true) return value;
  if (Array.isArray(value)) return value.map((item) => stripToShape(item, shape, mode));
  if (!isRecord(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [field, inner] of Object.entries(shape)) {
    const present = value[field];
    if (present === undefined || present === null) {
      if (mode === 'spec-nulls') out[field] = null;
      continue;
    }
    out[field] = stripToShape(present, inner, mode);
  }
  return out;
};

/**
 * The strip step, on every /my-account/api call, before any handler runs: a call the route list
 * does not name answers 404 (nothing of it runs); a listed call's 2xx JSON answer is cut to its shape.
 * `allow` lets through paths that are not the retailer's API at all (the test switches).
 */
export const specShape =
  (
    mode: Exclude<ApiShape, 'full'>,
    apiBase: string,
    allow: (path: string) => boolean = () => false,
  ): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const path = c.req.path.slice(apiBase.length) || '/';
    if (allow(path)) return next();
    const call = specCallFor(c.req.method, path);
    if (!call) return c.json(errorBody('NOT_FOUND'), 404);
    await next();
    const { res } = c;
    if (res.status < 200 || res.status >= 300) return;
    const headers = new Headers(res.headers);
    headers.delete('content-length');
    // Hono copies the old answer's headers onto a new one: let go of the old answer first.
    const replace = (answer: Response) => {
      c.res = undefined;
      c.res = answer;
    };
    if (call.response === 'none') {
      headers.delete('content-type');
      replace(new Response(null, { status: 204, headers }));
      return;
    }
    if (!(res.headers.get('content-type') ?? '').includes('application/json')) return;
    const body = (await res.json()) as unknown;
    replace(new Response(JSON.stringify(stripToShape(body, call.response, mode)), { status: res.status, headers }));
  };
