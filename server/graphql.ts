import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import * as v from 'valibot';
import type { AppEnv } from './lib/app-env.ts';
import { readBody } from './lib/body.ts';
import { errorBody } from './lib/errors.ts';
import { can } from './lib/policy.ts';

/** Test switch state: the next `remaining` calls wait `delayMs` then answer `status` (200 = answer normally). */
export type GraphqlFailures = { remaining: number; status: number; delayMs: number };

const Body = v.object({
  operationName: v.pipe(v.string(), v.minLength(1)),
  documentId: v.optional(v.string()),
  variables: v.optional(v.record(v.string(), v.unknown())),
});

type Resolver = (variables: Record<string, unknown>) => Promise<unknown> | unknown;

/** Operations by name; later issues add theirs. */
const operations: Record<string, Resolver> = {
  ping: () => ({ ping: 'pong' }),
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** POST /graphql: `{operationName, documentId, variables}` -> `{data}`; CSRF is checked by the app middleware. */
export function graphqlRoutes(failures: GraphqlFailures | null): Hono<AppEnv> {
  const api = new Hono<AppEnv>();

  api.post('/', can('public'), async (c) => {
    if (failures && failures.remaining > 0) {
      failures.remaining -= 1;
      if (failures.delayMs > 0) await sleep(failures.delayMs);
      if (failures.status !== 200) {
        return c.json(
          errorBody('TEST_FAILURE', 'Failure injected by /__test/graphql-fail'),
          failures.status as ContentfulStatusCode,
        );
      }
    }
    const body = await readBody(c, Body);
    const resolve = operations[body.operationName];
    if (!resolve) return c.json(errorBody('UNKNOWN_OPERATION', `Unknown operation ${body.operationName}`), 400);
    return c.json({ data: await resolve(body.variables ?? {}) });
  });

  api.all('/', (c) => c.json(errorBody('METHOD_NOT_ALLOWED'), 405));

  return api;
}
