import type { Context } from 'hono';

/** Cookies are marked Secure when the request reached us over https (directly or via a proxy). */
export function isHttps(c: Context): boolean {
  if (c.req.header('x-forwarded-proto')?.split(',')[0]?.trim() === 'https') return true;
  return new URL(c.req.url).protocol === 'https:';
}
