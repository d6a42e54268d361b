import type { AnyMachineSnapshot } from 'xstate';
import { expect } from 'vitest';
import { schemaError, serverError } from './fixtures/passenger-assistance';
import { errorReached, nextFrom, reachedBy } from './harness';

/**
 * What every passenger assistance page's load must do (machines/lib/page-load.ts), checked alike in
 * each chart's model test: its own fetch `actorId` or its route's load (docs/decisions/730) fails
 * into loadFailed, with the retry and whether the answer had the wrong shape, or into notFound for a
 * booking that is not the customer's (403, 404), with nothing to retry. Each test adds what its page
 * keeps empty and what else it must not offer.
 */
type Check = {
  snapshot: AnyMachineSnapshot;
  context: { first?: { data: unknown } | { error: unknown } | null; schemaError: boolean };
  event: { type: string };
};

/** From loading: each failure lands in loadFailed and says whether the answer had the wrong shape (whatever the last one said). */
export const expectEachLoadFailure = (check: Check, actorId: string) => {
  for (const [error, schema] of [
    [schemaError, true],
    [serverError, false],
  ] as const) {
    const failed = nextFrom(check, { type: `xstate.error.actor.${actorId}`, error } as never);
    expect([failed.value, failed.context.schemaError]).toEqual(['loadFailed', schema]);
  }
};

/** In loadFailed: a failure other than not found, told apart when the answer had the wrong shape, with the retry; nothing loaded in `loaded`. */
export const expectLoadFailed = (check: Check, actorId: string, loaded: string) => {
  reachedBy(check, `xstate.error.actor.${actorId}`);
  expect((check.context as Record<string, unknown>)[loaded]).toBeNull();
  expect([403, 404]).not.toContain(errorReached(check)?.status);
  expect(check.context.schemaError).toBe(errorReached(check)?.problem?.kind === 'schema');
  expect(check.snapshot.can({ type: 'assistance.retry' })).toBe(true);
};

/** In notFound: a 403 or 404, the booking not the customer's, with nothing to retry; nothing loaded in `loaded`. */
export const expectNotFound = (check: Check, actorId: string, loaded: string) => {
  reachedBy(check, `xstate.error.actor.${actorId}`);
  expect((check.context as Record<string, unknown>)[loaded]).toBeNull();
  expect([403, 404]).toContain(errorReached(check)?.status);
  expect(check.snapshot.can({ type: 'assistance.retry' })).toBe(false);
};
