import { blocked, signedInAs, signedOut, type MachineWords } from './words';

/** The confirmation link of a change of email, and the contact preferences link of a marketing email. */
export const confirmEmail: MachineWords = {
  screen:
    "the link of a change-of-email email (/my-account/confirm-email#token=…: on Account controls they change their email address, then open the link from the local server's outbox (/__outbox) or its log)",
  background: signedInAs(
    undefined,
    'the change-email feature is on; for the steps that need it, open the link in a browser that is not signed in',
  ),
  events: {
    'confirmEmail.retry': 'they press [[common_try_again]]',
  },
  states: {
    starting: '[[confirm_email_page_title]]: [[confirm_email_checking]]',
    confirming: '[[confirm_email_page_title]]: [[confirm_email_checking]]',
    failed: '[[confirm_email_failed]] with [[common_try_again]]',
    confirmed: '[[confirm_email_confirmed]] with [[confirm_email_to_account_controls]]',
    signInRequired: '[[confirm_email_sign_in_required]] with a button to sign in',
    expired: '[[confirm_email_expired]] with [[confirm_email_to_account_controls]]',
    emailTaken: '[[confirm_email_email_taken]]',
  },
  outcomes: {
    'confirmEmailChange answers [hasNewTokens]':
      'the account service changes the email and keeps them signed in (the link opened in the browser signed in to the account)',
    'confirmEmailChange answers':
      'the account service changes the email but signs nobody in (the link opened in a browser not signed in, e.g. a private window)',
    'confirmEmailChange fails [isTokenRejected]':
      'the account service says the link has expired or was used (open the same link a second time; a link with no token gives the same)',
    'confirmEmailChange fails [isEmailTaken]':
      'the account service says another account took the address meanwhile (register that address, and confirm it, before opening the link)',
    'confirmEmailChange fails': blocked('account service', 'customer/change-email/confirm', 'then open the link'),
  },
};

export const preferencesToken: MachineWords = {
  screen:
    'the unsubscribe or preferences link of a marketing email (/my-account/contact-preferences-token#token=…, printed by npm start), signed out',
  background: signedOut(),
  events: {
    'token.retry': 'they press [[common_try_again]]',
  },
  states: {
    checking: '[[common_contact_preferences]]: [[common_checking_your_link]]',
    exchanging: '[[common_contact_preferences]]: [[common_checking_your_link]]',
    failed: '[[preferences_token_failed]] with [[common_try_again]]',
    noToken:
      '[[route_contact_preferences_token_we_couldnt_open_your_contact]]: [[preferences_token_no_token]], with [[route_contact_preferences_token_sign_in_to_manage_your]]',
    invalidToken:
      '[[route_contact_preferences_token_we_couldnt_open_your_contact]]: [[preferences_token_invalid_token]], with [[route_contact_preferences_token_sign_in_to_manage_your]]',
    linkNotOffered:
      '[[route_contact_preferences_token_we_couldnt_open_your_contact]]: [[preferences_token_link_not_offered]], with [[route_contact_preferences_token_sign_in_to_manage_your]]',
    ready:
      '[[common_contact_preferences]]: [[route_contact_preferences_token_choose_the_marketing_youd_like]], then their preferences (their own plan: contact-preferences)',
  },
  outcomes: {
    'startCustomerFlow answers': 'the preferences service accepts the email link',
    'startCustomerFlow fails [isInvalidToken]':
      'the preferences service refuses the link as unknown or expired (open /my-account/contact-preferences-token#token=no-such-token)',
    'startCustomerFlow fails [hostLacksLinkSessions]':
      'the retailer does not open preferences from email links (404: start the local server with API_SHAPE=spec, then open the link)',
    'startCustomerFlow fails': blocked('preferences service', 'user-flow-access', 'then open the link'),
  },
};
