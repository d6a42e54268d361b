/**
 * The words for the outcomes machines/register.ts names, from the message catalogue: its screens
 * show these; the chart carries only codes (docs/decisions/710).
 */
import { m } from '#src/paraglide/messages.js';
import { type RegisterServerError } from '#machines/register';

export const registerMessages: Record<RegisterServerError, string> = {
  get emailAlreadyExists() {
    return m.register_email_already_exists();
  },
  get passwordTooWeak() {
    return m.register_password_too_weak();
  },
  get generic() {
    return m.register_generic();
  },
};

/** "Check your inbox": the same words whether or not the email already had an account (decision 303). */
export const registerConfirmationMessage = (email: string) => m.register_confirmation_sent({ email });
