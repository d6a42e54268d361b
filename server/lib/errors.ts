import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** The error body every API call uses: `{"errors":[{"code":"..."}]}`. */
export type ErrorBody = { errors: { code: string; message?: string }[] };

export function errorBody(code: string, message?: string): ErrorBody {
  return { errors: [message === undefined ? { code } : { code, message }] };
}

/**
 * A refusal whose sentence the screen shows as it is: `{"errors":[{"code"}],"detail"}` (passenger
 * assistance, like edit-passengers). The app's error handler answers it.
 */
export class Refusal extends Error {
  constructor(
    readonly status: 403 | 404 | 409 | 422,
    readonly code: string,
    readonly detail: string,
  ) {
    super(code);
  }
}

/** Thrown by handlers and helpers; the app's error handler turns it into `status` + ErrorBody. */
export class ApiError extends Error {
  readonly status: ContentfulStatusCode;
  readonly code: string;

  constructor(status: ContentfulStatusCode, code: string, message?: string) {
    super(message ?? code);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}
