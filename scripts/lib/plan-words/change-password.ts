import { blocked, signedInAs, type MachineWords } from './words';

/** The form in either mode: change (current and new password) or set a first one (new password only). */
const passwordForm =
  'the form [[change_password_form_change_password]] with [[change_password_form_current_password]], [[change_password_form_new_password]] ([[common_at_least_8_characters_with_a_letter_and_a_number]]) and [[change_password_form_change_password]] (disabled until both are filled in); for an account made with Google, [[change_password_form_set_a_password]]: [[change_password_form_set_intro]], only [[change_password_form_new_password]], and [[change_password_form_set_a_password]]';

export const changePassword: MachineWords = {
  screen:
    'the page [[route_change_password_change_your_password]] (/my-account/change-password; for an account without a password it is titled [[change_password_form_set_a_password]])',
  background: signedInAs(
    undefined,
    'for the set-a-password steps, signed in instead with [[login_page_continue_with_google]] as jo.taylor@example.com, an account with no password, within the last 10 minutes',
  ),
  events: {
    'form.change':
      'they type into [[change_password_form_current_password]] or [[change_password_form_new_password]] (a message shown before goes)',
    'form.blur': 'they leave a field (Tab to the next one); a field left empty or too weak shows its message',
    'form.submit [isValidToSet]':
      'with a new password of at least 8 characters with a letter and a number (e.g. Trains2027, the password the test data types), they press [[change_password_form_set_a_password]]',
    'form.submit [isValid]':
      'with their current password RailDemo!2026 and a new one of at least 8 characters with a letter and a number (e.g. Trains2027, the password the test data types), they press [[change_password_form_change_password]]',
    'form.submit':
      "with a field empty or too weak, they press Enter in the form (the button stays disabled); the fields' messages show",
  },
  states: {
    notRequested: passwordForm,
    requesting: 'the button reads [[change_password_form_changing_password]]; what they typed stays',
    settingPassword: 'the button reads [[change_password_form_setting_password]]; what they typed stays',
    passwordSet:
      '[[change_password_set_success]], and the form is the normal [[change_password_form_change_password]] one',
    alreadySet: '[[change_password_already_set]], and the form asks for [[change_password_form_current_password]] too',
    signInRequired:
      '[[change_password_sign_in_again]] with [[change_password_form_sign_in_again]]; what they typed is kept',
    success: `[[change_password_success]] above ${passwordForm}`,
    validationError:
      "above the form the service's reason: [[change_password_password_incorrect]], [[change_password_password_equals_to_name]], [[change_password_password_equals_to_email]] or [[change_password_password_generic_error]]; what they typed is kept",
    throttled: 'e.g. [[throttle_too_many_attempts_minutes]] above the form; what they typed is kept',
    serverError:
      '[[change_password_server_error]] (setting a first password: [[change_password_set_server_error]]) above the form; what they typed is kept',
  },
  outcomes: {
    'changePassword answers': 'the account service changes the password',
    'changePassword fails [isValidationError]':
      'the account service refuses the password with a reason (a wrong current password, e.g. Wrong2026; the email reason needs an account whose address holds a digit, e.g. one registered as tester2026@example.com, with tester2026 as the new password)',
    'changePassword fails [isThrottled]':
      'the account service refuses: too many attempts (429: after 5 wrong current passwords within 15 minutes)',
    'changePassword fails': blocked('account service', 'customer/change-password', 'before pressing'),
    'setPassword answers': 'the account service sets the first password',
    'setPassword fails [isAlreadySet]':
      'the account service says the account has a password already (409: set one from another tab first)',
    'setPassword fails [isSignInRequired]':
      'the account service asks them to sign in again first (403: more than 10 minutes since they signed in)',
    'setPassword fails [isValidationError]':
      'the account service refuses the password with a reason (e.g. the part of their email address before the @, when it holds a letter and a digit)',
    'setPassword fails [isThrottled]': 'the account service refuses: too many attempts (429)',
    'setPassword fails': blocked('account service', 'customer/set-password', 'before pressing'),
  },
};
