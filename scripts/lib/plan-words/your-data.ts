import { blocked, formEvents, signedInAs, type MachineWords } from './words';

/** The account seeded for these flows (server/seed/your-data.ts): nothing under way, so it can close. */
const leaving = 'leaving@example.com';

export const dataExport: MachineWords = {
  screen: 'Account controls (/my-account/account-controls), its part [[your_data_export_heading]]',
  background: signedInAs(
    leaving,
    'README, "Demo data": the account to try Your data on; emails land in the outbox, /__outbox',
  ),
  events: {
    'export.retry': 'they press [[common_try_again]]',
    'export.request': 'they press [[your_data_export_request]]',
    'after exportPollMs': 'by itself, 2 seconds later (the page asks again while the file is prepared)',
  },
  states: {
    starting:
      '[[your_data_export_heading]]: the export from what the route loaded (none, being prepared, ready or expired), [[your_data_unavailable]] for a retailer without it, or [[your_data_export_load_error]] when it could not; a loading indicator while it is fetched',
    loading:
      '[[your_data_export_heading]]: [[your_data_export_intro]] [[your_data_export_format]], and a loading indicator',
    answered:
      'what the answer says, straight away: [[your_data_export_preparing]], [[your_data_export_ready]], [[your_data_export_expired]], or [[your_data_export_request]]',
    absent:
      "[[your_data_heading]]: [[your_data_unavailable]] with the retailer's email, phone and postal address; no button",
    loadFailed: '[[your_data_export_load_error]] with [[common_try_again]]',
    none: '[[your_data_export_request]]; after a failed request, [[your_data_export_request_error]]',
    requested: 'the button reads [[your_data_export_requesting]]',
    preparing: '[[your_data_export_preparing]] [[your_data_export_requested_at]]',
    checking: '[[your_data_export_preparing]] [[your_data_export_requested_at]] (unchanged while the page asks)',
    ready:
      '[[your_data_export_ready]], [[your_data_export_download]] and [[your_data_export_available_until]]; the outbox has [[email_data_export_subject]]',
    expired: '[[your_data_export_expired]] and [[your_data_export_request]]',
  },
  outcomes: {
    'fetchExport answers [isPreparing]':
      'the account service says the file is still being prepared (within 3 seconds of asking)',
    'fetchExport answers':
      'the account service says where the file is: none yet, being prepared (within 3 seconds of asking), ready (3 seconds after asking) or expired (7 days after it was ready)',
    'fetchExport fails [hostLacksExport]':
      'the retailer offers no such call (404: start the local server with API_SHAPE=spec)',
    'fetchExport fails': blocked('account service', 'customer/data-export', 'then open the page'),
    'requestExport answers': 'the account service starts preparing the file',
    'requestExport fails [alreadyRequested]':
      'the account service refuses a second file while one is prepared or ready (ask in another tab first)',
    'requestExport fails': blocked('account service', 'customer/data-export', 'before pressing'),
  },
};

export const closeAccount: MachineWords = {
  screen: 'Account controls (/my-account/account-controls), its part [[close_account_heading]]',
  background: signedInAs(
    leaving,
    'README, "Demo data": the account to try Your data on; closing it is final until the data is reseeded',
  ),
  events: {
    'close.start': 'they press [[close_account_start]]',
    'close.cancel': 'they press [[common_cancel]]',
    ...formEvents(
      '[[close_account_password_label]]',
      '[[close_account_confirm]]',
      'their password typed (or, with no password, nothing to type)',
    ),
  },
  states: {
    idle: '[[close_account_heading]]: [[close_account_intro]] [[close_account_ends_sign_in]]; [[close_account_deletes]]; [[close_account_keeps_orders]]. [[close_account_open_matters_note]] [[close_account_download_first]] and [[close_account_start]]',
    confirming:
      '[[close_account_confirm_heading]], [[close_account_password_label]] (with no password: [[close_account_provider_note]]), [[close_account_confirm]] and [[common_cancel]]; after a wrong password, [[change_email_password_incorrect]], the password still typed',
    closing: 'the button reads [[close_account_closing]]',
    refused:
      '[[close_account_refused_title]]: [[close_account_refused_intro]] and each with its booking reference, e.g. [[close_account_matter_refund]]; [[common_cancel]]',
    signInAgain:
      '[[close_account_sign_in_again]] with [[account_controls_change_email_form_sign_in_again]] and [[common_cancel]]',
    throttled: 'e.g. [[throttle_too_many_attempts_minutes]] and [[common_cancel]]',
    closed:
      '[[close_account_closed_title]]: [[close_account_closed_body]] and [[common_find_a_booking]]; the outbox has [[email_account_closed_subject]]',
  },
  outcomes: {
    'closeAccount answers': 'the account service closes the account (its orders stay findable with Find a booking)',
    'closeAccount fails [isPasswordIncorrect]':
      'the account service says the password is wrong (type another one, e.g. Wrong!2026)',
    'closeAccount fails [hasOpenMatters]': {
      text: 'the account service refuses: a refund or claim is still under way',
      use: 'refunds@example.com (its Norwich → Liverpool Street refund is in progress)',
    },
    'closeAccount fails [needsRecentSignIn]':
      'the account service asks for a recent sign-in (an account made with Google, signed in more than 10 minutes ago)',
    'closeAccount fails [isThrottled]':
      'the account service refuses: too many wrong passwords (429: a sixth wrong password within 15 minutes)',
    'closeAccount fails': blocked('account service', 'customer/close-account', 'before pressing'),
  },
};
