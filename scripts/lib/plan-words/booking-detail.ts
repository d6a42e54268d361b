import { blocked, signedInAs, type MachineWords } from './words';

export const bookingDetail: MachineWords = {
  screen:
    'the page of a booking (Bookings → the booking, /my-account/bookings/{bookingId}; or a guest link printed by npm start)',
  background: signedInAs(undefined, 'README, "Booking detail/history"'),
  use: "King's Cross → York",
  events: {
    'booking.reload':
      'they finish an action that changes the booking (e.g. [[booking_detail_screen_change_name]], then save a new name); the page reads the booking again',
    'booking.retry': 'they press [[common_try_again]]',
  },
  states: {
    starting:
      'the page opens: the booking the route loaded shows at once, or [[booking_detail_screen_loading_your_booking]] while it is fetched',
    fetching: '[[booking_detail_screen_booking_details]]: [[booking_detail_screen_loading_your_booking]]',
    loaded:
      'the booking: [[booking_detail_screen_your_journey]] (outward and return, each with its calling points), [[booking_detail_screen_passengers]], the tickets, the actions it offers, and [[booking_detail_screen_view_booking_history]]',
    'loaded.checkingChangeability':
      'the booking, and under the journey [[booking_detail_screen_change_of_journey]] [[booking_detail_screen_checking_whether_this_journey_can]]',
    'loaded.changeabilityKnown':
      'the booking, and under the journey [[booking_detail_screen_change_of_journey]] [[booking_detail_screen_you_can_change_this_journey]] (a season: [[booking_detail_screen_you_can_change_this_season]]), or why it cannot be changed',
    'loaded.changeabilityUnavailable':
      'the booking, and under the journey [[booking_detail_screen_change_of_journey]] [[booking_detail_screen_we_couldnt_check_whether_this]]',
    reloading: 'the booking as it was, with [[booking_detail_screen_updating_your_booking]]',
    error:
      '[[booking_detail_screen_we_couldnt_load_this_booking]]: [[booking_detail_screen_please_try_again_if_you]], with [[common_try_again]]',
    schemaError:
      '[[booking_detail_screen_we_couldnt_load_this_booking]]: [[api_errors_unexpected_response]], with [[common_try_again]]',
    movedToHistory:
      '[[booking_detail_screen_this_booking_has_changed_opening]], then the history of the booking that replaced it',
  },
  outcomes: {
    'fetchBooking answers [isMoved]': {
      use: 'Paddington → Bristol (changed journey)',
      text: 'the booking service says the booking was replaced by another (308)',
    },
    'fetchBooking answers': 'the booking service answers with the booking',
    'fetchBooking fails [isSchemaError]':
      "the booking service answers with something that is not a booking (a retailer's test system; developer tools can override the response of booking/… with {} to try it)",
    'fetchBooking fails': blocked('booking service', 'booking/…', 'then open the booking'),
    'fetchChangeability answers':
      'the change-of-journey service says whether the journey can be changed (Euston → Coventry: it cannot)',
    'fetchChangeability fails': blocked(
      'change-of-journey service',
      'change-of-journey/changeability/…',
      'then open the booking',
    ),
  },
};

export const bookingHistory: MachineWords = {
  screen:
    "the page [[booking_detail_booking_history_screen_booking_history]]: on a booking's page they press [[booking_detail_screen_view_booking_history]] (…/bookings/{bookingId}/history); after a partial refund it opens by itself, waiting for the new booking (…/history?waitForSuperseders=…)",
  background: signedInAs(
    undefined,
    'README, "Booking detail/history": Liverpool → Euston waits for a replacement, then says "Refund complete"',
  ),
  use: 'Liverpool → Euston (partial refund, replacement being issued)',
  events: {
    'history.retry':
      'they press [[common_try_again]] (after the wait stopped: [[booking_detail_booking_history_screen_check_again]])',
    'after pollDelay':
      'by itself, when the pause before the next check has passed (2 s, doubling, at most 3 more checks)',
  },
  states: {
    starting:
      '[[booking_detail_booking_history_screen_booking_history]]: the timeline from what the route loaded, or [[booking_detail_booking_history_screen_we_couldnt_load_this_bookings]] when it could not; [[booking_detail_booking_history_screen_loading_booking_history]] while it is fetched',
    fetching:
      '[[booking_detail_booking_history_screen_booking_history]]: [[booking_detail_booking_history_screen_loading_booking_history]]',
    loaded:
      '[[booking_detail_booking_history_screen_booking_history]]: [[booking_detail_booking_history_screen_booking_timeline_oldest_first]] with each order ([[booking_detail_booking_history_screen_original_booking]], [[booking_detail_booking_history_screen_replacement_booking]], [[booking_detail_booking_history_screen_current]] or [[booking_detail_booking_history_screen_replaced]]) and [[booking_detail_booking_history_screen_what_changed]] (or [[booking_detail_booking_history_screen_this_booking_hasnt_been_changed]]); after the wait, [[booking_detail_booking_history_screen_refund_complete]]: [[booking_detail_booking_history_screen_refund_complete_body]]',
    error:
      '[[booking_detail_booking_history_screen_we_couldnt_load_this_bookings]]: [[booking_detail_booking_history_screen_please_try_again]], with [[common_try_again]]',
    schemaError:
      '[[booking_detail_booking_history_screen_we_couldnt_load_this_bookings]]: [[api_errors_unexpected_response]], with [[common_try_again]]',
    waiting:
      '[[booking_detail_booking_history_screen_waiting]]: [[booking_detail_booking_history_screen_waiting_body]], and [[booking_detail_booking_history_screen_checking_for_your_updated_booking]]',
    waitFailed:
      'the history as last read, under [[booking_detail_booking_history_screen_timeout]]: [[booking_detail_booking_history_screen_timeout_body]] (or [[booking_detail_booking_history_screen_failed]]: [[booking_detail_booking_history_screen_failed_body]]), with [[booking_detail_booking_history_screen_check_again]]',
    redirecting:
      "[[booking_detail_booking_history_screen_opening_your_updated_booking]], then the new booking's history with [[booking_detail_booking_history_screen_refund_complete]]",
  },
  outcomes: {
    'fetchHistory answers [isReplaced]':
      'the booking service says the booking was replaced, naming the new one (308: the replacement is issued)',
    'fetchHistory answers [canRetry]':
      'the booking service answers with the history, the replacement not issued yet (more checks to come)',
    'fetchHistory answers':
      'the booking service answers with the history (while waiting, the last check still without the replacement: the page stops waiting)',
    'fetchHistory fails [isSchemaError]':
      "the booking service answers with something that is not a history (a retailer's test system; developer tools can override the response with {})",
    'fetchHistory fails [canRetry]': blocked(
      'booking service',
      'booking/…/history',
      'while the page waits (more checks to come)',
    ),
    'fetchHistory fails': blocked(
      'booking service',
      'booking/…/history',
      'then open the page (while waiting: through the last check)',
    ),
  },
};
