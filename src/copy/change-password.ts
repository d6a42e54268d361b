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
  get PASSWORD_INCORRECT() {
    return m.change_password_password_incorrect();
  },
  get PASSWORD_EQUALS_TO_NAME() {
    return m.change_password_password_equals_to_name();
  },
  get PASSWORD_EQUALS_TO_EMAIL() {
    return m.change_password_password_equals_to_email();
  },
  get PASSWORD_GENERIC_ERROR() {
    return m.change_password_password_generic_error();
  },
  get serverError() {
    return m.change_password_server_error();
  },
  get success() {
    return m.change_password_success();
  },
  get setServerError() {
    return m.change_password_set_server_error();
  },
  get setSuccess() {
    return m.change_password_set_success();
  },
  get alreadySet() {
    return m.change_password_already_set();
  },
  get signInAgain() {
    return m.change_password_sign_in_again();
  },
};
