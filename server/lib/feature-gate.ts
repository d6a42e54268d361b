import type { Hono, MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env.ts';
import { errorBody } from './errors.ts';

/** Answers 404 NOT_FOUND while feature `name` is off, as the app's screens do. */
export const requireFeature =
  (name: string): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    if (!c.get('deps').feature(name)) return c.json(errorBody('NOT_FOUND'), 404);
    await next();
  };

/** Gates every path under each prefix (the prefix itself included) behind feature `name`. */
export const gateFeature = (api: Hono<AppEnv>, name: string, prefixes: readonly string[]) => {
  const gate = requireFeature(name);
  for (const prefix of prefixes) {
    api.use(prefix, gate);
    api.use(`${prefix}/*`, gate);
  }
};
