/**
 * The words for the outcomes machines/login.ts names, from the message catalogue: its screens
 * show these; the chart carries only codes (docs/decisions/710).
 */
import { m } from '#src/paraglide/messages.js';

export const loginMessages = {
  get invalidCredentials() {
    return m.login_invalid_credentials();
  },
  get generic() {
    return m.login_generic();
  },
} as const;
