import { Hono, type MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import * as v from 'valibot';
import { wipe, type Db } from './db.ts';
import type { GraphqlFailures } from './graphql.ts';
import type { AppEnv, TestHooks } from './lib/app-env.ts';
import { readBody } from './lib/body.ts';
import type { Clock } from './lib/clock.ts';
import { errorBody } from './lib/errors.ts';
import type { PageDataOverrides } from './lib/page-data.ts';
import { isScenario, SCENARIOS } from './seed/context.ts';
import { seed } from './seed/index.ts';

/** State behind the test switches; exists only when createApp runs with `testSwitches: true`. */
export type TestState = {
  hooks: TestHooks;
  resetTokens: Map<string, string>;
  /** New address -> plain token of the last change-of-email link sent to it. */
  emailChangeTokens: Map<string, string>;
  pageData: PageDataOverrides;
  rawPageData: { raw?: string; omit?: boolean };
  graphqlFailures: GraphqlFailures;
  /** How many coming change-email calls change the email but issue no new session (tokenFailure). */
  tokenFailures: { remaining: number };
  /** API paths (after /my-account/api) whose next `remaining` calls hang, as a dead upstream would. */
  hangs: Map<string, { remaining: number }>;
  /** Lets every hanging call go (with 504) when the state is cleared, so no request outlives a test. */
  releaseHangs: Set<() => void>;
  /** `METHOD /path` (after /my-account/api) whose next `remaining` calls get this answer instead of the route's. */
  answers: Map<string, CannedAnswer>;
  /** Back to a clean slate (called on every scenario load). */
  clear(): void;
};

/** What POST /__test/answer makes one API call answer (an outcome the seed data cannot cause on demand). */
export type CannedAnswer = { remaining: number; status: number; body: unknown };

export function createTestState(): TestState {
  const state: TestState = {
    hooks: {
      onResetToken: (email, token) => state.resetTokens.set(email, token),
      onEmailChangeToken: (email, token) => state.emailChangeTokens.set(email, token),
      takeTokenFailure: () => {
        if (state.tokenFailures.remaining === 0) return false;
        state.tokenFailures.remaining -= 1;
        return true;
      },
    },
    resetTokens: new Map(),
    emailChangeTokens: new Map(),
    pageData: {},
    rawPageData: {},
    graphqlFailures: { remaining: 0, status: 500, delayMs: 0 },
    tokenFailures: { remaining: 0 },
    hangs: new Map(),
    releaseHangs: new Set(),
    answers: new Map(),
    clear() {
      state.tokenFailures.remaining = 0;
      state.hangs.clear();
      state.answers.clear();
      for (const release of state.releaseHangs) release();
      state.releaseHangs.clear();
      state.resetTokens.clear();
      state.emailChangeTokens.clear();
      state.pageData = {};
      state.rawPageData = {};
      Object.assign(state.graphqlFailures, { remaining: 0, status: 500, delayMs: 0 });
    },
  };
  return state;
}

const ScenarioBody = v.object({ name: v.picklist(SCENARIOS) });
const PageDataBody = v.object({
  portal: v.optional(v.string()),
  currency: v.optional(v.string()),
  features: v.optional(v.record(v.string(), v.boolean())),
  raw: v.optional(v.string()),
  omit: v.optional(v.boolean()),
});
const GraphqlFailBody = v.object({
  count: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100)),
  status: v.optional(v.union([v.literal(200), v.pipe(v.number(), v.integer(), v.minValue(400), v.maxValue(599))]), 500),
  delayMs: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(60_000)), 0),
});
const TokenFailureBody = v.object({ count: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100)) });
const ClockBody = v.object({ offsetMs: v.pipe(v.number(), v.integer()) });
const HangBody = v.object({
  path: v.pipe(v.string(), v.startsWith('/'), v.maxLength(200)),
  count: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100)),
});
const AnswerBody = v.object({
  method: v.picklist(['GET', 'POST', 'PUT', 'DELETE']),
  path: v.pipe(v.string(), v.startsWith('/'), v.maxLength(200)),
  count: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100)),
  status: v.pipe(v.number(), v.integer(), v.minValue(200), v.maxValue(599)),
  /** Default: the error body with code TEST_ANSWER. */
  body: v.optional(v.unknown()),
});
/** A hanging call answers 504 after this long at the latest (the app gives up after 10 s). */
export const HANG_MAX_MS = 60_000;

/**
 * Test-only endpoints under /__test (never mounted by `npm start`):
 * POST /scenario {name}, GET /last-reset-token?email=, GET /last-email-change-token?email=, POST /page-data, POST /graphql-fail, POST /clock,
 * POST /change-email-token-failure {count}, POST /hang {path, count}, POST /answer {method, path, count, status, body?}.
 */
export function testSwitchRoutes(state: TestState, deps: { db: Db; clock: Clock }): Hono<AppEnv> {
  const api = new Hono<AppEnv>();

  api.post('/scenario', async (c) => {
    const { name } = await readBody(c, ScenarioBody);
    if (!isScenario(name)) return c.json(errorBody('VALIDATION'), 400);
    state.clear();
    deps.clock.setOffset(0);
    await wipe(deps.db);
    const report = await seed(deps.db, name, { now: deps.clock.now() });
    return c.json({ scenario: name, ...report });
  });

  api.get('/last-reset-token', (c) => {
    const email = (c.req.query('email') ?? '').trim().toLowerCase();
    const token = state.resetTokens.get(email);
    return token ? c.json({ token }) : c.json(errorBody('NOT_FOUND'), 404);
  });

  api.get('/last-email-change-token', (c) => {
    const email = (c.req.query('email') ?? '').trim().toLowerCase();
    const token = state.emailChangeTokens.get(email);
    return token ? c.json({ token }) : c.json(errorBody('NOT_FOUND'), 404);
  });

  api.post('/page-data', async (c) => {
    const { raw, omit, ...overrides } = await readBody(c, PageDataBody);
    state.pageData = overrides;
    state.rawPageData = { ...(raw === undefined ? {} : { raw }), ...(omit === undefined ? {} : { omit }) };
    return c.json({ pageData: state.pageData, rawPageData: state.rawPageData });
  });

  api.post('/graphql-fail', async (c) => {
    const body = await readBody(c, GraphqlFailBody);
    // Mutated in place: the /graphql route holds this object.
    Object.assign(state.graphqlFailures, { remaining: body.count, status: body.status, delayMs: body.delayMs });
    return c.json({ graphqlFailures: state.graphqlFailures });
  });

  api.post('/change-email-token-failure', async (c) => {
    state.tokenFailures.remaining = (await readBody(c, TokenFailureBody)).count;
    return c.json({ tokenFailures: state.tokenFailures });
  });

  api.post('/hang', async (c) => {
    const { path, count } = await readBody(c, HangBody);
    state.hangs.set(path, { remaining: count });
    return c.json({ path, remaining: count });
  });

  api.post('/answer', async (c) => {
    const { method, path, count, status, body } = await readBody(c, AnswerBody);
    state.answers.set(`${method} ${path}`, { remaining: count, status, body: body ?? errorBody('TEST_ANSWER') });
    return c.json({ method, path, remaining: count, status });
  });

  api.post('/clock', async (c) => {
    const { offsetMs } = await readBody(c, ClockBody);
    deps.clock.setOffset(offsetMs);
    return c.json({ now: deps.clock.now().toISOString() });
  });

  return api;
}

/**
 * Test-only middleware on the API: a call to a path given to POST /__test/hang waits, without an
 * answer, until the state is cleared or HANG_MAX_MS pass (then 504), while its count lasts.
 */
export function hangSwitch(state: TestState, apiBase: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const hang = state.hangs.get(c.req.path.slice(apiBase.length));
    if (!hang || hang.remaining === 0) return next();
    hang.remaining -= 1;
    await new Promise<void>((resolve) => {
      const release = () => {
        clearTimeout(timer);
        state.releaseHangs.delete(release);
        resolve();
      };
      const timer = setTimeout(release, HANG_MAX_MS);
      state.releaseHangs.add(release);
    });
    return c.json(errorBody('GATEWAY_TIMEOUT'), 504);
  };
}

/**
 * Test-only middleware on the API: the next calls to a method and path given to POST /__test/answer
 * get its status and body (a 500, a 400, a schema-invalid 200) without reaching the route, while its
 * count lasts. It runs after the API's own middleware: CSRF and sign-in are still checked first.
 */
export function answerSwitch(state: TestState, apiBase: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const answer = state.answers.get(`${c.req.method} ${c.req.path.slice(apiBase.length)}`);
    if (!answer || answer.remaining === 0) return next();
    answer.remaining -= 1;
    return c.json(answer.body as object, answer.status as ContentfulStatusCode);
  };
}

/** Test-only API routes (mounted under /my-account/api when switches are on). */
export function testApiRoutes(): Hono<AppEnv> {
  const api = new Hono<AppEnv>();
  api.get('/__test/error', () => {
    throw new Error('Deliberate failure from the /__test/error switch');
  });
  return api;
}
