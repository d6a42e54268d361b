import { blocked, formEvents, signedOut, type MachineWords } from './words';

/** Where the emails of the local server land: the outbox page, and the server's log. */
const outbox = "the local server's outbox (/__outbox) or its log";

/** The providers' names as the buttons and messages show them, by the id the test data carries. */
const providerNames: Record<string, string> = { google: 'Google' };

export const login: MachineWords = {
  slots: { provider: (data) => providerNames[data.provider ?? 'google'] ?? data.provider ?? 'Google' },
  screen: 'the page [[login_page_sign_in_or_create_an]] (/my-account/login), its part [[common_sign_in]]',
  background: signedOut(
    'README, "Demo data": demo@example.com with RailDemo!2026; the local stand-in for Google runs too',
  ),
  events: {
    ...formEvents(
      '[[common_email_address]] or [[login_page_password]]',
      '[[common_sign_in]]',
      'an email address and a password (demo@example.com, RailDemo!2026)',
    ),
    'form.change': 'they type into [[common_email_address]] or [[login_page_password]] (a message shown before goes)',
    'provider.choose': 'they press [[login_page_continue_with_google]]',
    'provider.returned': "on the provider's page they press the browser's Back button, back to this page",
    'signInLink.request [isSlowedDown]':
      'after the too-many-attempts message, they press [[login_page_email_me_a_sign_in_link]]',
  },
  states: {
    editing:
      '[[common_sign_in]]: [[common_email_address]], [[login_page_password]], [[common_sign_in]] (disabled until both are filled in), [[login_page_forgotten_your_password]], and under [[login_page_other_ways_to_sign_in]] [[login_page_continue_with_google]]; after a refusal [[login_invalid_credentials]] or [[login_generic]], or e.g. [[throttle_too_many_attempts_minutes]] with [[login_page_sign_in_link_offer]] and [[login_page_email_me_a_sign_in_link]]; after asking for a link [[login_page_sign_in_link_sent]] (or [[login_page_sign_in_link_failed]]); what they typed is kept',
    sendingSignInLink: 'the link button reads [[login_page_sending_sign_in_link]]',
    checkingProvider:
      "the button reads [[login_page_going_to_provider]] while the page checks the provider's sign-in is offered here",
    leavingForProvider: "the button reads [[login_page_going_to_provider]], then the provider's own sign-in page opens",
    submitting: 'the button reads [[login_page_signing_in]]; what they typed stays',
    signedIn: 'their bookings open (or the page they were sent here from)',
  },
  outcomes: {
    'requestSignInLink answers': `the account service emails a sign-in link if the address has an account (the link is in ${outbox}; its own plan: sign-in-link)`,
    'requestSignInLink fails': blocked('account service', 'customer/sign-in-link', 'before pressing'),
    'checkProvider answers': 'the server answers that sign-in with the provider starts here',
    'checkProvider fails [isProviderMissing]': {
      use: "a host without the provider's sign-in (developer tools: answer 404 to the HEAD of oidc/google/start)",
      text: 'the server says sign-in with the provider is not offered here: [[login_page_provider_unavailable]]',
    },
    'checkProvider fails': blocked('server', 'oidc/google/start (HEAD)', 'before pressing'),
    'login answers': 'the account service signs them in',
    'login fails [isInvalidCredentials]':
      'the account service says the email or password is wrong (any other password)',
    'login fails [isThrottled]':
      'the account service refuses: too many wrong passwords (429: 5 wrong passwords for sam.patel@example.com, then a sixth within 30 seconds)',
    'login fails': blocked('account service', 'login', 'before pressing'),
  },
};

export const register: MachineWords = {
  screen:
    'the page [[login_page_sign_in_or_create_an]] (/my-account/login, or /my-account/register), its part [[login_page_new_customer_create_an_account]]',
  background: signedOut(),
  events: formEvents(
    '[[common_first_name]], [[common_last_name]], [[common_email_address]] or [[login_page_create_a_password]]',
    '[[login_page_create_account]]',
    'a first and last name, an email address no account has (e.g. tester2026@example.com) and a password of at least 8 characters with a letter and a number (e.g. Tester2026)',
  ),
  states: {
    editing:
      '[[login_page_new_customer_create_an_account]]: [[common_first_name]], [[common_last_name]], [[common_email_address]], [[login_page_create_a_password]] ([[common_at_least_8_characters_with_a_letter_and_a_number]]) and [[login_page_create_account]]; after a refusal [[register_email_already_exists]], [[register_password_too_weak]] or [[register_generic]], with what they typed kept',
    submitting: 'the button reads [[login_page_creating_your_account]]; what they typed stays',
    confirmationSent: `the form goes; [[register_confirmation_sent]] takes the focus (the confirmation link is in ${outbox})`,
    registered: 'they are signed in and their bookings open',
  },
  outcomes: {
    'register answers [isConfirmationSent]':
      "the account service sends a confirmation email and signs nobody in (the local server's way, whether or not the address has an account)",
    'register answers':
      'the account service creates the account and signs them in at once (a retailer without email confirmation; not the local server)',
    'register fails [isEmailTaken]':
      'the account service says an account has this email (a retailer that says so; the local server sends the owner a notice instead)',
    'register fails [isPasswordTooWeak]':
      "the account service says the password is too weak (a retailer with stricter rules than the page; the local server's rule is the page's own)",
    'register fails': blocked('account service', 'register', 'before pressing'),
  },
};

export const forgotPassword: MachineWords = {
  screen:
    'the page [[forgot_password_page_reset_your_password]] (/my-account/forgot-password; on the sign-in page, [[login_page_forgotten_your_password]])',
  background: signedOut(),
  events: {
    ...formEvents(
      '[[common_email_address]]',
      '[[forgot_password_page_continue]]',
      'an email address (e.g. demo@example.com)',
    ),
    'forgot.restart': 'they press [[forgot_password_page_back]]',
  },
  states: {
    editing:
      '[[forgot_password_page_reset_your_password]]: [[forgot_password_page_enter_the_email_address_for]], [[common_email_address]] and [[forgot_password_page_continue]]; after a refusal [[forgot_password_were_unable_to_reset_your]] or e.g. [[throttle_too_many_attempts_minutes]], with what they typed kept',
    submitting: 'the button reads [[forgot_password_page_sending]]',
    sent: `[[forgot_password_page_check_your_email]]: [[forgot_password_page_if_theres_an_account_for]], [[forgot_password_page_the_link_is_valid_for]], [[forgot_password_page_havent_received_an_email]] with what to check, [[forgot_password_page_continue]] and [[forgot_password_page_back]] (the link is in ${outbox})`,
  },
  outcomes: {
    'requestReset answers':
      'the account service accepts the request (it sends a link only if the address has an account, and says the same either way)',
    'requestReset fails [isThrottled]':
      'the account service refuses: too many requests (429: the sixth request for one address within 15 minutes)',
    'requestReset fails': blocked('account service', 'customer/forgot-password', 'before pressing'),
  },
};

export const resetPassword: MachineWords = {
  screen: `the reset link of a password reset email (/my-account/reset-password#token=…: ask for one on [[forgot_password_page_reset_your_password]], then open it from ${outbox})`,
  background: signedOut(),
  events: {
    ...formEvents(
      '[[reset_password_page_new_password]]',
      '[[reset_password_page_save_new_password]]',
      'a new password of at least 8 characters with a letter and a number (e.g. NewRail2026)',
    ),
    'token.retry': 'they press [[common_try_again]]',
  },
  states: {
    starting: '[[reset_password_page_choose_a_new_password]]: [[common_checking_your_link]]',
    validatingToken: '[[reset_password_page_choose_a_new_password]]: [[common_checking_your_link]]',
    checkFailed: '[[reset_password_check_failed]] with [[common_try_again]]',
    editing:
      '[[reset_password_page_choose_a_new_password]]: [[reset_password_page_new_password]] ([[common_at_least_8_characters_with_a_letter_and_a_number]]) and [[reset_password_page_save_new_password]]; after a failure [[reset_password_failed]] with what they typed kept',
    submitting: 'the button reads [[common_saving]]',
    invalidToken: '[[reset_password_invalid_token]] with [[reset_password_page_request_a_new_link]]',
    done: '[[reset_password_done]] with [[reset_password_page_continue_to_sign_in]]',
  },
  outcomes: {
    'validateToken answers [isTokenValid]':
      'the account service says the link is good (a link from the last 24 hours, not used yet)',
    'validateToken answers':
      'the account service says the link has expired or was used (open the same link a second time after resetting, or /my-account/reset-password#token=nonsense; no token at all gives the same)',
    'validateToken fails': blocked('account service', 'customer/validate-reset-password-token', 'then open the link'),
    'resetPassword answers': 'the account service sets the new password',
    'resetPassword fails [isTokenRejected]':
      'the account service says the link is no longer good (use the same link in another tab first)',
    'resetPassword fails': blocked('account service', 'customer/reset-password', 'before pressing'),
  },
};

export const signInLink: MachineWords = {
  screen: `the link of a sign-in email (/my-account/sign-in-link#token=…: on the sign-in page, after too many wrong passwords, [[login_page_email_me_a_sign_in_link]]; then open it from ${outbox})`,
  background: signedOut(),
  events: {
    'signInLink.retry': 'they press [[common_try_again]]',
  },
  states: {
    starting: '[[sign_in_link_page_title]]: [[sign_in_link_checking]]',
    signingIn: '[[sign_in_link_page_title]]: [[sign_in_link_checking]]',
    failed: '[[sign_in_link_failed]] with [[common_try_again]]',
    signedIn: '[[sign_in_link_checking]], then their bookings open, signed in',
    expired: '[[sign_in_link_expired]] with [[common_sign_in]]',
  },
  outcomes: {
    'spendSignInLink answers':
      'the account service accepts the link and signs them in (a link from the last 15 minutes, not used yet)',
    'spendSignInLink fails [isTokenRejected]':
      'the account service says the link has expired or was used (open the same link a second time)',
    'spendSignInLink fails': blocked('account service', 'customer/sign-in-link/use', 'then open the link'),
  },
};
