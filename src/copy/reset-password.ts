/**
 * The words for the outcomes machines/reset-password.ts names, from the message catalogue: its screens
 * show these; the chart carries only codes (docs/decisions/710).
 */
import { m } from '#src/paraglide/messages.js';

export const resetPasswordMessages = {
  get invalidToken() {
    return m.reset_password_invalid_token();
  },
  get checkFailed() {
    return m.reset_password_check_failed();
  },
  get failed() {
    return m.reset_password_failed();
  },
  get done() {
    return m.reset_password_done();
  },
} as const;
