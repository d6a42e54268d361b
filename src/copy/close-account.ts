/**
 * The words for the outcomes machines/close-account.ts names, from the message catalogue: its screens
 * show these; the chart carries only codes (docs/decisions/710).
 */
import { m } from '#src/paraglide/messages.js';

export const closeAccountMessages = {
  get passwordIncorrect() {
    return m.change_email_password_incorrect();
  },
  get genericError() {
    return m.close_account_generic_error();
  },
} as const;
