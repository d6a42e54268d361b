import type { Context } from 'hono';
import type { AppDeps, AppEnv } from './app-env.ts';

/**
 * Behind trusted proxies (TRUST_PROXY, decision 300): how many proxies in front of the
 * server may be believed. `true` is one proxy; 0 or false, none (the socket is the client).
 */
export function trustedHops(deps: Pick<AppDeps, 'trustProxy'>): number {
  const value = deps.trustProxy;
  if (value === true) return 1;
  if (typeof value === 'number' && Number.isInteger(value) && value > 0) return value;
  return 0;
}

/**
 * The entry a trusted proxy chain vouches for in a comma-separated forwarding header, as Express's
 * `trust proxy = N` reads it: each proxy appends the address it received the request from, so the
 * last `hops` entries were written by our proxies and the one they appended first (counting from the
 * right, entry number `hops`) is the client. Entries to its left were sent by the client itself and
 * prove nothing. With fewer entries than hops, the leftmost (the furthest address known).
 */
export function trustedForwardedEntry(header: string | undefined, hops: number): string | null {
  if (hops <= 0 || header === undefined) return null;
  const entries = header
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (entries.length === 0) return null;
  const entry = entries[Math.max(0, entries.length - hops)] ?? null;
  return entry === null ? null : entry.slice(0, 100);
}

/** The client address according to the trusted proxies, or null (not behind one, or no header). */
export function forwardedClient(c: Context<AppEnv>): string | null {
  return trustedForwardedEntry(c.req.header('x-forwarded-for'), trustedHops(c.get('deps')));
}

/** The scheme the client used according to the trusted proxies, or null (not behind one, or no header). */
export function forwardedProto(c: Context<AppEnv>): string | null {
  return trustedForwardedEntry(c.req.header('x-forwarded-proto'), trustedHops(c.get('deps')))?.toLowerCase() ?? null;
}

/**
 * TRUST_PROXY from the environment: unset, empty or 0 = no proxy; a whole number 1-10 = that many
 * trusted proxies in front (1: one load balancer that appends to X-Forwarded-For). Anything else
 * stops the start, rather than guessing how far to trust a header.
 */
export function trustProxyFrom(value: string | undefined): number {
  if (value === undefined || value === '' || value === '0') return 0;
  if (!/^(?:[1-9]|10)$/.test(value)) throw new Error(`TRUST_PROXY=${value} is not a number of proxies (0-10)`);
  return Number(value);
}
