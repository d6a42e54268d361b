import { blocked, signedInAs, type MachineWords } from './words';

export const calendarFeed: MachineWords = {
  screen: 'Account controls (/my-account/account-controls), its part [[calendar_feed_heading]]',
  background: signedInAs(undefined, 'README, "Account": the calendar feed starts off'),
  events: {
    'feed.retry': 'they press [[common_try_again]]',
    'feed.enable': 'they press [[calendar_feed_turn_on]]',
    'feed.regenerate': 'they press [[calendar_feed_new_address]]',
    'feed.disable': 'they press [[calendar_feed_turn_off]]',
    'feed.confirm':
      'in the dialog they press its confirming button ([[calendar_feed_new_address]] or [[calendar_feed_turn_off]])',
    'feed.cancel': 'in the dialog they press [[common_cancel]]',
  },
  states: {
    starting:
      '[[calendar_feed_heading]]: the feed on or off from what the route loaded, no such part for a retailer without it, or [[calendar_feed_load_error]] when it could not; a loading indicator while it is fetched',
    loading:
      '[[calendar_feed_heading]]: [[calendar_feed_intro]] [[calendar_feed_ends_on_recovery]], and a loading indicator',
    absent: 'no [[calendar_feed_heading]] part at all',
    loadFailed: '[[calendar_feed_load_error]] with [[common_try_again]]',
    off: '[[calendar_feed_privacy]] and [[calendar_feed_turn_on]]; after turning it off, [[calendar_feed_turned_off]]; after a failure, [[calendar_feed_change_error]]',
    creating: 'the button reads [[calendar_feed_turning_on]]',
    on: '[[calendar_feed_on_since]]; right after making it, [[calendar_feed_address_label]] with the address, [[calendar_feed_copy_now]], [[calendar_feed_copy]] and [[calendar_feed_subscribe]] (shown once: not after reloading); then [[calendar_feed_new_address]] and [[calendar_feed_turn_off]]; after a failure, [[calendar_feed_change_error]]',
    confirmingRegenerate:
      'a dialog [[calendar_feed_new_address_title]]: [[calendar_feed_old_address_stops]], with [[calendar_feed_new_address]] and [[common_cancel]]',
    confirmingDisable:
      'a dialog [[calendar_feed_turn_off_title]]: [[calendar_feed_old_address_stops]], with [[calendar_feed_turn_off]] and [[common_cancel]]',
    removing: 'in the dialog the button reads [[calendar_feed_turning_off]]',
  },
  outcomes: {
    'fetchFeed answers [feedIsOn]': 'the calendar service says the feed is on (after they turned it on)',
    'fetchFeed answers': 'the calendar service says the feed is off',
    'fetchFeed fails [hostLacksFeed]':
      'the retailer has no calendar feed (404: start the local server with API_SHAPE=spec)',
    'fetchFeed fails': blocked('calendar service', 'customer/calendar-feed', 'then open the page'),
    'createFeed answers': 'the calendar service makes a new private address',
    'createFeed fails [feedWasOn]': blocked(
      'calendar service',
      'customer/calendar-feed',
      'before confirming a new address (the feed stays on with its old address)',
    ),
    'createFeed fails': blocked('calendar service', 'customer/calendar-feed', 'before pressing'),
    'removeFeed answers': 'the calendar service turns the feed off (the old address answers “not found” from now on)',
    'removeFeed fails': blocked('calendar service', 'customer/calendar-feed', 'before confirming'),
  },
};

export const resendEmail: MachineWords = {
  screen:
    'the page of a booking (Bookings → the booking), its part [[booking_actions_booking_email]] with [[booking_actions_resend_booking_email]]',
  background: signedInAs(
    undefined,
    'README, "Tickets, receipts and the outbox": sent emails land in the outbox, /__outbox',
  ),
  events: {
    'modal.open': 'they press [[booking_actions_resend_booking_email]]',
    'modal.close': "they press [[common_cancel]] (after sending: [[common_close]]; or the dialog's × or Escape)",
    'emails.change': 'they type into an email address field of the dialog',
    'emails.blur': 'they leave an email address field (Tab); an address left empty or wrong shows its message',
    'emails.add [canAddAddress]': 'they press [[booking_actions_resend_email_modal_add_another_email_address]]',
    'emails.remove [canRemoveAddress]':
      'beside a second address they press [[booking_actions_resend_email_modal_remove_button]]',
    'form.submit [isValid]':
      "with every address filled in (the booking's own address, e.g. demo@example.com), they press [[booking_actions_resend_email_modal_send_email]]",
    'form.submit':
      'with an address empty or wrong, they press Enter in the dialog ([[booking_actions_resend_email_modal_send_email]] stays disabled); its message shows',
  },
  states: {
    closed:
      'the booking with [[booking_actions_booking_email]]: [[booking_actions_lost_your_booking_confirmation_we]] and [[booking_actions_resend_booking_email]]',
    open: 'a dialog [[booking_actions_resend_email_modal_resend_booking_email]]',
    'open.editing':
      'a dialog [[booking_actions_resend_email_modal_resend_booking_email]]: [[booking_actions_resend_email_modal_well_send_your_booking_confirmation]], [[common_email_address]] filled in with theirs (more as [[booking_actions_resend_email_modal_email_address]], each with [[booking_actions_resend_email_modal_remove_button]]), [[booking_actions_resend_email_modal_add_another_email_address]], [[booking_actions_resend_email_modal_send_email]] and [[common_cancel]]; an address the service refused shows [[resend_email_recipient_not_allowed]] until it is changed',
    'open.sending': 'the button reads [[booking_actions_resend_email_modal_sending]]',
    'open.sent': '[[resend_email_success]] with [[common_close]] (the email is in the outbox)',
    'open.failed':
      '[[resend_email_error]] (or e.g. [[throttle_too_many_attempts_minutes]]) in the dialog; the addresses are kept for another try',
  },
  outcomes: {
    'resendEmail answers': 'the booking service sends the confirmation again',
    'resendEmail fails [isRecipientRefused]':
      "the booking service refuses an address that is neither the booking's nor the account's (e.g. someone@example.com)",
    'resendEmail fails [isThrottled]':
      'the booking service refuses: too many resends (429: a sixth resend of one booking within the hour)',
    'resendEmail fails': blocked('booking service', 'booking/resend-email', 'before pressing'),
  },
};
