import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** The error body every API call uses: `{"errors":[{"code":"..."}]}`. */
export type ErrorBody = { errors: { code: string; message?: string }[] };

export function errorBody(code: string, message?: string): ErrorBody {
  return { errors: [message === undefined ? { code } : { code, message }] };
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
