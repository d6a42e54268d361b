/**
 * The words for the outcomes machines/reset-password.ts names, from the message catalogue: its screens
 * show these; the chart carries only codes (docs/decisions/710).
 */
import { m } from '#src/paraglide/messages.js';

export const resetPasswordMessages = {
  invalidToken: m.reset_password_invalid_token(),
  checkFailed: m.reset_password_check_failed(),
  failed: m.reset_password_failed(),
  done: m.reset_password_done(),
} as const;
