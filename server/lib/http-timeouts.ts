import type { ServerOptions } from 'node:http';

/**
 * How long the Node server waits for a client (decision 565). Without limits, a client that opens
 * connections and sends a request line slowly, or nothing at all, holds each one open for minutes,
 * and a few hundred such connections are enough to starve the server.
 * - `headersTimeoutMs`: the request line and headers must arrive within this time of the connection
 *   (or of the request's start on a kept-alive connection);
 * - `requestTimeoutMs`: the whole request, body included (bodies are at most 100 KiB);
 * - `keepAliveTimeoutMs`: an idle kept-alive connection is closed after this;
 * - `checkIntervalMs`: how often Node looks for connections past the first two limits, so a
 *   connection is closed at most this long after its limit.
 */
export type HttpTimeouts = {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  checkIntervalMs: number;
};

export const HTTP_TIMEOUTS: HttpTimeouts = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  checkIntervalMs: 1_000,
};

/** The options for `http.createServer` (`serve({ serverOptions })`) that apply these limits. */
export function httpServerOptions(timeouts: Partial<HttpTimeouts> = {}): ServerOptions {
  const t = { ...HTTP_TIMEOUTS, ...timeouts };
  return {
    headersTimeout: t.headersTimeoutMs,
    requestTimeout: t.requestTimeoutMs,
    keepAliveTimeout: t.keepAliveTimeoutMs,
    connectionsCheckingInterval: t.checkIntervalMs,
  };
}
