/**
 * The words for the outcomes machines/change-password.ts names, from the message catalogue: its screens
 * show these; the chart carries only codes (docs/decisions/710).
 */
import { m } from '#src/paraglide/messages.js';
import { type ChangePasswordCode } from '#machines/change-password';

export const changePasswordMessages: Record<
  ChangePasswordCode | 'serverError' | 'success' | 'setServerError' | 'setSuccess' | 'alreadySet' | 'signInAgain',
  string
> = {
  PASSWORD_INCORRECT: m.change_password_password_incorrect(),
  PASSWORD_EQUALS_TO_NAME: m.change_password_password_equals_to_name(),
  PASSWORD_EQUALS_TO_EMAIL: m.change_password_password_equals_to_email(),
  PASSWORD_GENERIC_ERROR: m.change_password_password_generic_error(),
  serverError: m.change_password_server_error(),
  success: m.change_password_success(),
  setServerError: m.change_password_set_server_error(),
  setSuccess: m.change_password_set_success(),
  alreadySet: m.change_password_already_set(),
  signInAgain: m.change_password_sign_in_again(),
};
