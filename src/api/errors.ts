import { m } from '#src/paraglide/messages.js';
import type { Problem } from '#src/schemas/problem';

/**
 * What went wrong with a call, in a form screens can show: the kinds of src/schemas/problem.ts that
 * the machines' guards read too, less 'unknown'.
 */
export type ApiProblem = Exclude<Problem, { kind: 'unknown' }>;

export class ApiError extends Error {
  readonly problem: ApiProblem;
  constructor(problem: ApiProblem) {
    super(
      problem.kind === 'http'
        ? `Request failed with status ${problem.status}${problem.codes.length ? ` (${problem.codes.join(', ')})` : ''}`
        : problem.message,
    );
    this.name = 'ApiError';
    this.problem = problem;
  }
  get status(): number | null {
    return this.problem.kind === 'http' || this.problem.kind === 'throttled' ? this.problem.status : null;
  }
  /** First error code of an `{errors:[{code}]}` body (spec: "the first code is used"). */
  get code(): string | null {
    return this.problem.kind === 'http' || this.problem.kind === 'throttled' ? (this.problem.codes[0] ?? null) : null;
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

/** Reads `errors[].code` / `detail` out of an error body without trusting its shape. */
export const readErrorBody = (body: unknown): { codes: string[]; detail: string | null } => {
  const codes: string[] = [];
  let detail: string | null = null;
  if (body && typeof body === 'object') {
    const errors = (body as { errors?: unknown }).errors;
    if (Array.isArray(errors)) {
      for (const e of errors) {
        if (e && typeof e === 'object' && typeof (e as { code?: unknown }).code === 'string')
          codes.push((e as { code: string }).code);
      }
    }
    const d = (body as { detail?: unknown }).detail;
    if (typeof d === 'string') detail = d;
  }
  return { codes, detail };
};

/** Text for an unexpected-shape response: never a crash or a blank page. */
export const schemaMismatchMessage = m.api_errors_unexpected_response();

/**
 * A call beyond docs/product/api.md (docs/integrators.md): a host that does not have it answers 404, and
 * the feature is absent, not failed (decision 342). Resolves to null then; any other failure throws.
 */
export const absentOn404 = async <T>(call: Promise<T>): Promise<T | null> => {
  try {
    return await call;
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return null;
    throw e;
  }
};
