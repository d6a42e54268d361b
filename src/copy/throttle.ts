import { m } from '#src/paraglide/messages.js';

/**
 * Copy for a 429 refusal (docs/decisions/155), shared by every form the server throttles, from the
 * message catalogue (plurals there, not here).
 */

/** The message: says when to try again when the server said (Retry-After), else "later". */
export const tooManyAttemptsMessage = (retryAfterSeconds: number | null): string => {
  if (retryAfterSeconds === null) return m.throttle_too_many_attempts_later();
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  if (minutes < 60) return m.throttle_too_many_attempts_minutes({ minutes });
  return m.throttle_too_many_attempts_hours({ hours: Math.ceil(minutes / 60) });
};
