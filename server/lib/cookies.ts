import type { Context } from 'hono';
import type { AppEnv } from './app-env.ts';
import { forwardedProto } from './proxy.ts';

/**
 * Cookies are marked Secure when the request reached us over https: its own URL, or the scheme a
 * trusted proxy reports (X-Forwarded-Proto is read only with TRUST_PROXY; any client can send it).
 */
export function isHttps(c: Context<AppEnv>): boolean {
  if (forwardedProto(c) === 'https') return true;
  return new URL(c.req.url).protocol === 'https:';
}
