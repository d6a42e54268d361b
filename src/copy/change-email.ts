/**
 * The words for the outcomes machines/change-email.ts names, from the message catalogue: its screens
 * show these; the chart carries only codes (docs/decisions/710).
 */
import { m } from '#src/paraglide/messages.js';

export const changeEmailMessages = {
  get passwordIncorrect() {
    return m.change_email_password_incorrect();
  },
  get emailAlreadyExists() {
    return m.change_email_email_already_exists();
  },
  /** 403 EMAIL_NOT_VERIFIED (decision 560): the account's own email must be confirmed before it can move. */
  get emailNotVerified() {
    return m.change_email_email_not_verified();
  },
  get genericError() {
    return m.change_email_generic_error();
  },
  tokenFailure: (email: string) => m.change_email_your_email_address_has_been({ email }),
  success: (email: string) => m.change_email_success_with_email({ email }),
} as const;
