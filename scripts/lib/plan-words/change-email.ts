import { blocked, formEvents, signedInAs, type MachineWords } from './words';

/** The change email form, as it stands with what they typed. */
const changeEmailForm =
  '[[account_controls_change_email_form_change_email_address]]: [[account_controls_change_email_form_your_email_address_is]] [[account_controls_change_email_form_youll_use_your_new_email]], [[account_controls_change_email_form_new_email_address]], [[account_controls_change_email_form_current_password]] and [[account_controls_change_email_form_change_email_address]] (disabled until both are filled in)';

export const changeEmail: MachineWords = {
  screen:
    'Account controls (/my-account/account-controls), its part [[account_controls_change_email_form_change_email_address]]',
  background: signedInAs(undefined, 'the change-email feature is on'),
  events: {
    ...formEvents(
      '[[account_controls_change_email_form_new_email_address]] or [[account_controls_change_email_form_current_password]]',
      '[[account_controls_change_email_form_change_email_address]]',
      'a new email address (e.g. alex.new@example.com) and their password RailDemo!2026',
    ),
    'form.change':
      'they type into [[account_controls_change_email_form_new_email_address]] or [[account_controls_change_email_form_current_password]] (a message shown before goes)',
    'changeEmail.signIn': 'they press [[account_controls_change_email_form_sign_in_again]]',
  },
  states: {
    notRequested: changeEmailForm,
    requesting: 'the button reads [[account_controls_change_email_form_changing_email_address]]; what they typed stays',
    success: `[[change_email_success_with_email]] above the emptied form ${changeEmailForm}`,
    confirmationSent: `[[account_controls_change_email_sent_title]] — [[account_controls_change_email_sent_body]] above the emptied form (the address changes only once the link is followed)`,
    validationError: `[[change_email_password_incorrect]] (or [[change_email_email_already_exists]]) above the form; what they typed is kept`,
    throttled: 'e.g. [[throttle_too_many_attempts_minutes]] above the form; what they typed is kept',
    serverError:
      '[[change_email_generic_error]] (an account whose email is not confirmed yet: [[change_email_email_not_verified]]) above the form; what they typed is kept',
    signInRequired:
      '[[account_controls_change_email_form_please_sign_in_again]]: [[change_email_your_email_address_has_been]], with [[account_controls_change_email_form_sign_in_again]]',
  },
  outcomes: {
    'changeEmail answers [isConfirmationSent]':
      "the account service sends a confirmation link to the new address (the local server's way: the link is in the outbox and the server log)",
    'changeEmail answers [hasNewTokens]':
      'the account service changes the email at once and keeps them signed in (a retailer that follows the spec without a confirmation link; not the local server)',
    'changeEmail answers':
      'the account service changes the email at once but does not renew their session (a retailer that follows the spec without a confirmation link; not the local server)',
    'changeEmail fails [isPasswordIncorrect]':
      'the account service says the password is wrong (403: type any other password)',
    'changeEmail fails [isEmailAlreadyExists]':
      "the account service says an account already has this email (422: the account's own address, demo@example.com)",
    'changeEmail fails [isThrottled]':
      'the account service refuses: too many attempts (429: after 5 wrong passwords within 15 minutes, or a 4th change of email within an hour)',
    'changeEmail fails': blocked('account service', 'customer/change-email', 'before pressing'),
  },
};
