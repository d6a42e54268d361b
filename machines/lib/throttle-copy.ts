/**
 * Copy for a 429 refusal (docs/decisions/155), shared by every form the server throttles. Plain
 * functions so the message catalogue can take them over mechanically.
 */

/** "in 1 minute", "in 15 minutes", "in 2 hours"; rounded up to whole minutes. */
export const retryWhen = (retryAfterSeconds: number): string => {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  if (minutes < 60) return `in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  const hours = Math.ceil(minutes / 60);
  return `in ${hours} ${hours === 1 ? 'hour' : 'hours'}`;
};

/** The message: says when to try again when the server said (Retry-After), else "later". */
export const tooManyAttemptsMessage = (retryAfterSeconds: number | null): string =>
  retryAfterSeconds === null
    ? 'Too many attempts. For your security, please wait a while and try again later.'
    : `Too many attempts. For your security, please try again ${retryWhen(retryAfterSeconds)}.`;
