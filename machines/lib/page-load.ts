import type { EventObject } from 'xstate';
import { doneOutput } from './done-output';
import { firstFailed, firstLoaded, type FirstData } from './first-data';
import { hasStatus, isSchemaProblem } from './problems';

/**
 * A page's load as the passenger assistance charts read it: the answer its route loaded
 * (docs/decisions/730) or its own fetch's, a load that is not the customer's (403, 404), and a
 * failed load that says whether the answer had the wrong shape (`schemaError`), read once (decision
 * 869); and, for the changes' charts too, a host without the page's call (decision 863). Each chart names
 * its guards and actions in its own setup() and wraps these in one line, as with the form kit
 * (decision 143):
 *
 *   firstNotFound: ({ context }) => firstFailedWith(context.first, 403, 404),
 *   storeLoadError: assign(({ event }) => loadErrorPatch(event)),
 *   storeFirstError: assign(({ context }) => firstErrorPatch(context.first)),
 *   firstNotOffered: ({ context }) => firstAbsent(context.first),
 *   notOffered: ({ event }) => loadedAbsent(event, 'fetchOptions'),
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

/**
 * The route's load found the host without the page's call: its loader answered null, an absent
 * feature rather than a failed load (docs/decisions/342; the changes' options, decision 863).
 */
export const firstAbsent = <T>(first: FirstData<T | null> | null | undefined): boolean =>
  firstLoaded(first) && first.data === null;

/** The chart's own load (the actor `actorId`) found the same: it finished with null. */
export const loadedAbsent = (event: EventObject, actorId: string): boolean => doneOutput(event, actorId) === null;
