import { ofetch, type FetchOptions } from 'ofetch';
import * as v from 'valibot';
import { requestTimeoutMessage, requestTimeoutMs } from '../config/timeouts';
import { ApiError, readErrorBody, schemaMismatchMessage } from './errors';
import { OFFLINE_HEADER } from '../offline/header';
import { parseRetryAfter } from '#src/schemas/problem';
import { apiBase } from './paths';

export const conversationIdHeader = 'x-conversationid';
export const userFlowHeader = 'x-user-flow-id';
export const csrfHeader = 'x-csrf-token';
/** One per attempt of a money-moving call; a repeat gets the server's first answer (decision 310). */
export const idempotencyHeader = 'Idempotency-Key';
/** docs/product/api.md: "The conversation id response header is remembered, keeping the last 10." */
export const maxConversationIds = 10;

type Schema = v.GenericSchema;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: Record<string, unknown> | null;
  query?: Record<string, string | number | undefined>;
  /** Put the CSRF value in the body as `_csrf` (the spec's calls that carry one). */
  csrfInBody?: boolean;
  /** Send the guest order token from the URL hash (booking, history, check-in, refund, claim calls). */
  withOrderToken?: boolean;
  /** The attempt's Idempotency-Key (refund, Delay Repay, insurance claim, passenger assistance; decision 310). */
  idempotencyKey?: string;
  /** Don't treat 401 as "signed out" (the login call itself). */
  allow401?: boolean;
  signal?: AbortSignal;
}

export interface ApiClientOptions {
  baseURL?: string;
  fetch?: typeof globalThis.fetch;
  /** Abort any call after this long (default requestTimeoutMs, the spec's 10 s). */
  timeoutMs?: number;
  /** The page's locale tag, sent as Accept-Language so emails and links reach the customer in it. */
  language?: string;
  /** The clock an adopted answer's age is read from (tests). */
  now?: () => number;
}

/** An answer the boot file asked for is given to the call that asks for it within this long of being asked for. */
export const PREFETCH_TTL_MS = 15_000;

type Answer = { status: number; body: unknown; headers: Headers };

/** A call that got no answer: a timeout (the client's deadline passed), or the network's failure. */
const networkError = (e: unknown, timedOut: boolean): ApiError =>
  new ApiError({
    kind: 'network',
    message: timedOut ? requestTimeoutMessage : e instanceof Error ? e.message : 'Network error',
  });

/** A reply's body as the client reads one: JSON, else its text, and no body as null. */
const readBody = (text: string): unknown => {
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

/** A GET the page asked for before the app's code had arrived (src/api/boot-requests.ts, decision 247): its raw reply. */
export interface EarlyReply {
  status: number;
  text: string;
  headers: Headers;
}

/**
 * The one configured HTTP client: JSON, cookies, CSRF header on every state-changing call,
 * the guest user-flow header, conversation ids, valibot-checked responses.
 */
export const createApiClient = (options: ApiClientOptions = {}) => {
  let csrfToken: string | null = null;
  let userFlowId: string | null = null;
  let orderToken: string | null = null;
  let conversationIds: string[] = [];
  const unauthorisedListeners = new Set<() => void>();
  const answerListeners = new Set<(savedAt: string | null) => void>();
  const timeoutMs = options.timeoutMs ?? requestTimeoutMs;
  const now = options.now ?? Date.now;
  /** GETs the boot file asked for ahead of their screen (`adopt`), by path and query, each given out once. */
  const prefetched = new Map<string, { answer: Promise<Answer>; at: number }>();

  const $fetch = ofetch.create(
    {
      baseURL: options.baseURL ?? apiBase,
      credentials: 'same-origin',
      headers: { accept: 'application/json', ...(options.language ? { 'accept-language': options.language } : {}) },
      retry: 0,
    } as FetchOptions,
    options.fetch ? { fetch: options.fetch } : undefined,
  );

  const remember = (headers: Headers) => {
    const id = headers.get(conversationIdHeader);
    if (id) conversationIds = [...conversationIds, id].slice(-maxConversationIds);
    // The local server binds the CSRF value to the session and sends a new one when the session changes.
    const rotated = headers.get(csrfHeader);
    if (rotated) csrfToken = rotated;
    // A copy the service worker kept answers when the network cannot (decision 250).
    const savedAt = headers.get(OFFLINE_HEADER);
    for (const l of answerListeners) l(savedAt);
  };

  const queryOf = (opts: RequestOptions): Record<string, string | number> => {
    const query: Record<string, string | number> = {};
    for (const [k, val] of Object.entries(opts.query ?? {})) if (val !== undefined) query[k] = val;
    if (opts.withOrderToken && orderToken) query.token = orderToken;
    return query;
  };
  /** The same GET, whatever order its query was written in. */
  const prefetchKey = (path: string, opts: RequestOptions): string =>
    `${path}?${new URLSearchParams(
      Object.entries(queryOf(opts))
        .map(([k, val]) => [k, String(val)] as [string, string])
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    )}`;

  const send = async (path: string, opts: RequestOptions): Promise<Answer> => {
    const method = opts.method ?? 'GET';
    const headers: Record<string, string> = {};
    if (method !== 'GET' && csrfToken) headers[csrfHeader] = csrfToken;
    if (userFlowId) headers[userFlowHeader] = userFlowId;
    if (opts.idempotencyKey !== undefined) headers[idempotencyHeader] = opts.idempotencyKey;
    let body: Record<string, unknown> | null | undefined = opts.body;
    if (opts.csrfInBody) body = { ...(body ?? {}), _csrf: csrfToken ?? '' };
    const query = queryOf(opts);
    let response;
    // Every call has a deadline: a hung server ends in the screen's error state, never a wait forever.
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), timeoutMs);
    const signal = opts.signal ? AbortSignal.any([opts.signal, deadline.signal]) : deadline.signal;
    try {
      response = await $fetch.raw(path, {
        method,
        headers,
        query,
        ...(body !== undefined && method !== 'GET' ? { body: body ?? {} } : {}),
        ignoreResponseError: true,
        // 'follow', not 'manual': browsers turn any 3xx into an unreadable opaque redirect under
        // 'manual', while a 308 without Location (the API's "moved", e.g. booking detail) comes back
        // as-is under 'follow', body and all, for requestByStatus to read.
        redirect: 'follow',
        signal,
      });
    } catch (e) {
      throw networkError(e, deadline.signal.aborted);
    } finally {
      clearTimeout(timer);
    }
    remember(response.headers);
    return { status: response.status, body: response._data ?? null, headers: response.headers };
  };

  /**
   * A GET's answer: the boot file's (`adopt`) when there is one for it, else the network's. That
   * answer is taken once, and only within PREFETCH_TTL_MS. A 401 there is asked again, so the
   * caller's own 401 handling runs on an answer to its own call. Any other failure, a timeout
   * included, is the caller's answer: a hung server shows the screen's error after one deadline,
   * counted from the boot file's call, not after two.
   */
  const answer = async (path: string, opts: RequestOptions): Promise<Answer> => {
    if ((opts.method ?? 'GET') === 'GET' && prefetched.size > 0) {
      const key = prefetchKey(path, opts);
      const hit = prefetched.get(key);
      prefetched.delete(key);
      if (hit && now() - hit.at <= PREFETCH_TTL_MS) {
        const early = await hit.answer;
        if (early.status !== 401) return early;
      }
    }
    return send(path, opts);
  };

  const fail = (status: number, body: unknown, allow401: boolean | undefined, headers: Headers): never => {
    if (status === 401 && !allow401) for (const l of unauthorisedListeners) l();
    const { codes, detail } = readErrorBody(body);
    if (status === 429) {
      const retryAfterSeconds = parseRetryAfter(headers.get('retry-after'), new Date());
      throw new ApiError({ kind: 'throttled', status, codes, retryAfterSeconds, message: 'Too many attempts' });
    }
    throw new ApiError({ kind: 'http', status, codes, detail, body });
  };

  const check = <S extends Schema>(schema: S, body: unknown): v.InferOutput<S> => {
    const parsed = v.safeParse(schema, body);
    if (!parsed.success) {
      throw new ApiError({ kind: 'schema', message: schemaMismatchMessage });
    }
    return parsed.output;
  };

  return {
    /** A call whose 2xx body must match `schema`; anything else throws ApiError. */
    async request<S extends Schema>(schema: S, path: string, opts: RequestOptions = {}): Promise<v.InferOutput<S>> {
      const { status, body, headers } = await answer(path, opts);
      if (status < 200 || status >= 300) return fail(status, body, opts.allow401, headers);
      return check(schema, body);
    },
    /**
     * A call whose meaningful statuses go beyond 2xx (204/206, 308): `schemas` maps each accepted
     * status to its body schema; any other status throws ApiError.
     */
    async requestByStatus<M extends { [status: number]: Schema }>(
      schemas: M,
      path: string,
      opts: RequestOptions = {},
    ): Promise<
      { [K in keyof M & number]: { status: K; data: v.InferOutput<M[K] & Schema>; headers: Headers } }[keyof M & number]
    > {
      const { status, body, headers } = await answer(path, opts);
      const schema = schemas[status];
      if (!schema) return fail(status, body, opts.allow401, headers);
      return { status, data: check(schema, body), headers } as never;
    },
    /**
     * Take a GET the page asked for before this client existed (the boot file, decision 247):
     * `path` with its query as sent, `reply` its raw reply. It is taken once, by the first call to
     * the same GET within PREFETCH_TTL_MS (a route's loader), checked against that call's schema; its
     * headers are read as any answer's (CSRF value, conversation id); a failed request is a network
     * error, and no reply within the deadline, counted from now, a timeout.
     */
    adopt(path: string, reply: Promise<EarlyReply>) {
      const [pathname = path, search = ''] = path.split('?');
      const query = Object.fromEntries(new URLSearchParams(search));
      let timer: ReturnType<typeof setTimeout> | undefined;
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(networkError(null, true)), timeoutMs);
      });
      const answer = Promise.race([
        reply.then(
          ({ status, text, headers }): Answer => {
            remember(headers);
            return { status, body: readBody(text), headers };
          },
          (e: unknown) => {
            // The boot file's own deadline (the same as this client's) ends a hung call as a timeout.
            throw networkError(
              e,
              typeof e === 'object' && e !== null && (e as { name?: unknown }).name === 'TimeoutError',
            );
          },
        ),
        deadline,
      ]).finally(() => clearTimeout(timer));
      // Held until taken; a failure is the taker's, never an unhandled rejection.
      answer.catch(() => undefined);
      prefetched.set(prefetchKey(pathname, { query }), { answer, at: now() });
    },
    /** Who is signed in changed: what the boot file asked for the one before is never given out. */
    forgetPrefetched() {
      prefetched.clear();
    },
    setCsrfToken(token: string | null) {
      csrfToken = token;
    },
    get csrfToken() {
      return csrfToken;
    },
    /** `order.{session}` or `customer.{session}` (docs/product/roles.md), or null to stop sending it. */
    setUserFlowId(value: string | null) {
      userFlowId = value;
    },
    get userFlowId(): string | null {
      return userFlowId;
    },
    setOrderToken(token: string | null) {
      orderToken = token;
    },
    get orderToken() {
      return orderToken;
    },
    get conversationIds(): readonly string[] {
      return conversationIds;
    },
    /** Every answer: when the service worker saved it (a kept copy, offline), or null (the network's). */
    onAnswer(listener: (savedAt: string | null) => void) {
      answerListeners.add(listener);
      return () => answerListeners.delete(listener);
    },
    onUnauthorised(listener: () => void) {
      unauthorisedListeners.add(listener);
      return () => unauthorisedListeners.delete(listener);
    },
  };
};

export type ApiClient = ReturnType<typeof createApiClient>;
