import * as v from 'valibot';
import { ApiError, readErrorBody, schemaMismatchMessage } from './errors';
import { requestTimeoutMs } from '../config/timeouts';

/** docs/product/constants.md: GraphQL timeout 10000 ms; retry delay 1000 ms, one retry. */
export const graphqlTimeoutMs = requestTimeoutMs;
export const graphqlRetryDelayMs = 1_000;
export const graphqlRetries = 1;

export interface GraphqlHeaders {
  clientName: string;
  platformType: string;
  managedGroup: string;
  appVersion: string;
  language: string;
}

export interface GraphqlOptions {
  endpoint?: string;
  headers: GraphqlHeaders;
  csrfToken?: () => string | null;
  fetch?: typeof globalThis.fetch;
  sleep?: (ms: number) => Promise<void>;
  timeoutMs?: number;
  retryDelayMs?: number;
}

/**
 * POST /graphql with operation name, document id and variables, and the five headers.
 * Each attempt gets its own AbortController (ofetch 1.5 reuses an aborted signal when timeout
 * and retry are combined, so retries are done here, by hand). Non-2xx answers other than 403 are
 * retried once after 1 s; a timeout is retried the same way.
 */
export const createGraphqlClient = (options: GraphqlOptions) => {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const timeoutMs = options.timeoutMs ?? graphqlTimeoutMs;
  const retryDelayMs = options.retryDelayMs ?? graphqlRetryDelayMs;

  const attempt = async (body: string): Promise<Response> => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      const h = options.headers;
      const csrf = options.csrfToken?.();
      return await doFetch(options.endpoint ?? '/graphql', {
        method: 'POST',
        credentials: 'same-origin',
        signal: controller.signal,
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          'x-client-name': h.clientName,
          'x-platform-type': h.platformType,
          'x-managed-group': h.managedGroup,
          'x-app-version': h.appVersion,
          'accept-language': h.language,
          ...(csrf ? { 'x-csrf-token': csrf } : {}),
        },
        body,
      });
    } finally {
      clearTimeout(timer);
    }
  };

  return async <S extends v.GenericSchema>(
    schema: S,
    operationName: string,
    documentId: string,
    variables: Record<string, unknown> = {},
  ): Promise<v.InferOutput<S>> => {
    const body = JSON.stringify({ operationName, documentId, variables });
    let lastError: ApiError | null = null;
    for (let n = 0; n <= graphqlRetries; n++) {
      if (n > 0) await sleep(retryDelayMs);
      let response: Response;
      try {
        response = await attempt(body);
      } catch (e) {
        lastError = new ApiError({ kind: 'network', message: e instanceof Error ? e.message : 'Network error' });
        continue;
      }
      const json: unknown = await response.json().catch(() => null);
      if (response.ok) {
        const parsed = v.safeParse(schema, json);
        if (!parsed.success) throw new ApiError({ kind: 'schema', message: schemaMismatchMessage });
        return parsed.output;
      }
      const { codes, detail } = readErrorBody(json);
      lastError = new ApiError({ kind: 'http', status: response.status, codes, detail, body: json });
      if (response.status === 403) break;
    }
    throw lastError ?? new ApiError({ kind: 'network', message: 'GraphQL request failed' });
  };
};
