import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env.ts';

/**
 * The names this server answers to (decision 565). A page on another site can make its own name
 * resolve to 127.0.0.1 (DNS rebinding); the browser then treats this server as that site and lets
 * its script read the answers. The Host header still carries the other site's name, so a request is
 * answered only when Host names:
 * - the host of the public origin (PUBLIC_ORIGIN, decision 153), with its port, or without one when
 *   the origin uses its scheme's default port;
 * - 127.0.0.1 or localhost with the port the connection arrived on, when it arrived on a loopback
 *   address (where `npm start` and the test server listen).
 * Anything else, a missing Host included, is answered 421 Misdirected Request with no body, before
 * any route runs. X-Forwarded-Host is never read: a proxy in front passes the customer's Host
 * through, or names this server by its loopback address and port.
 */
export type ArrivedOn = { address: string; port: number };

const LOOPBACK = /^(?:127(?:\.\d{1,3}){3}|::1|::ffff:127(?:\.\d{1,3}){3})$/;

/** The Host values the public origin is reached by: `host:port`, and the bare host on a default port. */
export function publicHosts(publicOrigin: string): string[] {
  const url = new URL(publicOrigin);
  if (url.port !== '') return [url.host.toLowerCase()];
  const defaultPort = url.protocol === 'https:' ? 443 : 80;
  return [url.hostname.toLowerCase(), `${url.hostname.toLowerCase()}:${defaultPort}`];
}

/** Whether a request whose Host header is `host`, on a connection that arrived `on`, is for this server. */
export function isAllowedHost(host: string | undefined, publicOrigin: string, on: ArrivedOn | null): boolean {
  if (host === undefined || host === '') return false;
  const name = host.toLowerCase();
  if (publicHosts(publicOrigin).includes(name)) return true;
  if (on === null || !LOOPBACK.test(on.address)) return false;
  return name === `127.0.0.1:${on.port}` || name === `localhost:${on.port}`;
}

/** The local address and port of the request's connection (Node server), or null (in-process app.request). */
function arrivedOn(env: unknown): ArrivedOn | null {
  const socket = (env as { incoming?: { socket?: { localAddress?: string; localPort?: number } } } | undefined)
    ?.incoming?.socket;
  if (!socket || socket.localAddress === undefined || socket.localPort === undefined) return null;
  return { address: socket.localAddress, port: socket.localPort };
}

/**
 * 421 with no body for a request whose Host is not this server's. A request made in-process
 * (`app.request` in tests) came over no connection, so no browser can have sent it: it passes.
 */
export function hostGuard(publicOrigin: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const on = arrivedOn(c.env);
    if (on === null) return next();
    if (!isAllowedHost(c.req.header('host'), publicOrigin, on)) {
      return new Response(null, {
        status: 421,
        headers: { 'content-length': '0', 'cache-control': 'no-store', connection: 'close' },
      });
    }
    return next();
  };
}
