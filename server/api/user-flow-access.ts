import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../lib/app-env.ts';
import { readBody } from '../lib/body.ts';
import { ApiError } from '../lib/errors.ts';
import { createUfacSession, findOrderByGuestToken } from '../lib/ufac.ts';

const Body = v.object({ token: v.pipe(v.string(), v.maxLength(512)) });

/** POST /user-flow-access: exchanges a guest order token for a session scoped to that one order. */
export function userFlowAccessApi(): Hono<AppEnv> {
  const api = new Hono<AppEnv>();

  api.post('/user-flow-access', async (c) => {
    const { db, clock } = c.get('deps');
    const { token } = await readBody(c, Body);
    const order = await findOrderByGuestToken(db, token);
    if (!order) throw new ApiError(401, 'TOKEN_INVALID');
    const session = await createUfacSession(db, { flow: 'order', orderId: order.id }, clock.now());
    return c.json({ session: session.id, flow: 'order' as const, orderId: order.id });
  });

  return api;
}
