import { m } from '#src/paraglide/messages.js';

/**
 * Copy for the verified change of email (decision 150; not in the spec), from the message
 * catalogue. Getters, so each read follows the page's locale.
 */
export const changeEmailSentCopy = {
  get title() {
    return m.account_controls_change_email_sent_title();
  },
  body: (email: string) => m.account_controls_change_email_sent_body({ email }),
};

export const confirmEmailCopy = {
  get pageTitle() {
    return m.confirm_email_page_title();
  },
  get checking() {
    return m.confirm_email_checking();
  },
  confirmed: (email: string) => m.confirm_email_confirmed({ email }),
  signInRequired: (email: string) => m.confirm_email_sign_in_required({ email }),
  get expired() {
    return m.confirm_email_expired();
  },
  get emailTaken() {
    return m.confirm_email_email_taken();
  },
  get failed() {
    return m.confirm_email_failed();
  },
  get retry() {
    return m.common_try_again();
  },
  get toAccountControls() {
    return m.confirm_email_to_account_controls();
  },
  get toSignIn() {
    return m.common_sign_in();
  },
};
