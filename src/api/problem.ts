import { isApiError } from './errors';

/** Words a failed call for the screen: an unexpected response shape says so; anything else gets `fallback`. */
export const problemMessage = (error: unknown, fallback: string): string =>
  isApiError(error) && error.problem.kind === 'schema' ? error.message : fallback;

/** True when the call answered 404 (an unknown or someone else's passenger or railcard). */
export const isNotFound = (error: unknown): boolean => isApiError(error) && error.status === 404;
