import { firstFailed, firstLoaded, type FirstData } from './first-data';
import { hasStatus, isSchemaProblem } from './problems';

/**
 * A page's load as the passenger assistance charts read it: the answer its route loaded
 * (docs/decisions/730) or its own fetch's, a load that is not the customer's (403, 404), and a
 * failed load that says whether the answer had the wrong shape (`schemaError`), read once (decision
 * 869). Each chart names
 * its guards and actions in its own setup() and wraps these in one line, as with the form kit
 * (decision 143):
 *
 *   firstNotFound: ({ context }) => firstFailedWith(context.first, 403, 404),
 *   storeLoadError: assign(({ event }) => loadErrorPatch(event)),
 *   storeFirstError: assign(({ context }) => firstErrorPatch(context.first)),
 */
/** The route's failed load as the event a failed fetch is (`{ error }`); any other start has no error. */
export const firstFailure = <T>(first: FirstData<T> | null): { error?: unknown } =>
  firstFailed(first) ? { error: first.error } : {};

/** The route's load failed with one of `statuses` (a loaded or absent start did not fail at all). */
export const firstFailedWith = <T>(first: FirstData<T> | null, ...statuses: number[]): boolean =>
  hasStatus(firstFailure(first), ...statuses);

/** What the route loaded, or `none` when it did not load it. */
export const firstDataOr = <T, N>(first: FirstData<T> | null, none: N): T | N =>
  firstLoaded(first) ? first.data : none;

/** The chart's own load failed: whether its answer had the wrong shape (any other failure clears it). */
export const loadErrorPatch = (event: object) => ({ schemaError: isSchemaProblem(event) });

/** The route's load failed: the same, from what the route got. */
export const firstErrorPatch = <T>(first: FirstData<T> | null) => loadErrorPatch(firstFailure(first));
