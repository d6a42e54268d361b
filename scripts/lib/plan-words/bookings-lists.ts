import { blocked, signedInAs, signedOut, type MachineWords } from './words';

export const bookingsList: MachineWords = {
  screen:
    'their bookings (/my-account/bookings/upcoming), with the tabs [[bookings_list_bookings_screen_upcoming]], [[bookings_list_bookings_screen_past]], [[bookings_list_bookings_screen_season_tickets]] and [[bookings_list_bookings_screen_guest_bookings]]',
  background: signedInAs(
    undefined,
    'README, "Bookings": 8 upcoming, 13 past (so [[bookings_list_bookings_screen_load_more_bookings]] appears at 10), 2 seasons, 1 guest order',
  ),
  events: {
    'bookings.show [isRequired]':
      'they open a tab whose bookings are not loaded yet (e.g. [[bookings_list_bookings_screen_past]] the first time)',
    'bookings.show [isRequiredAndLoaded]':
      'they open a tab the first time; its first page comes with the page (the route loaded it, e.g. [[bookings_list_bookings_screen_past]] after hovering it)',
    'bookings.show [isRequiredAndFailed]':
      'they open a tab the first time while the bookings service does not answer (the route could not load its first page)',
    'bookings.show':
      'they open a tab whose bookings are loaded already (e.g. back to [[bookings_list_bookings_screen_upcoming]])',
    'bookings.loadMore [hasMore]': 'they press [[bookings_list_bookings_screen_load_more_bookings]]',
    'bookings.retry [hasError]': 'they press [[common_try_again]]',
  },
  states: {
    idle: "the tab's bookings, each with its journey, date and actions, [[bookings_list_bookings_screen_showing_of]] and, with more to come, [[bookings_list_bookings_screen_load_more_bookings]]; an empty tab says so (e.g. [[bookings_list_bookings_screen_season_empty]]); after a failure [[bookings_list_unable_to_fetch_bookings]]: [[bookings_list_bookings_screen_please_check_your_connection_and]] (or [[api_errors_unexpected_response]]) with [[common_try_again]]",
    loading:
      '[[common_loading_your_bookings]] (with bookings already shown: the button reads [[bookings_list_bookings_screen_loading]])',
  },
  outcomes: {
    'fetchBookings answers': "the booking service answers with a page of the tab's bookings",
    'fetchBookings fails': blocked(
      'booking service',
      'bookings/upcoming (or past, season, guest)',
      'then open the tab',
    ),
  },
};

export const tokenBookings: MachineWords = {
  screen:
    'the page [[bookings_list_token_bookings_page_your_bookings]] of a find-booking link (/my-account/order-token, after [[common_find_a_booking]] found a booking), signed out',
  background: signedOut(
    'README, "Find a booking": reference TL-FERDNX, email guest@example.com, surname Lee, the printed departure date',
  ),
  events: {
    'tokenBookings.retry': 'they press [[common_try_again]]',
  },
  states: {
    starting:
      '[[bookings_list_token_bookings_page_your_bookings]]: the bookings from what the route loaded, or [[bookings_list_token_bookings_page_unable_to_fetch_bookings]] when it could not; [[common_loading_your_bookings]] while they are fetched',
    loading: '[[common_loading_your_bookings]]',
    loaded:
      'the bookings this link may open, each with [[bookings_list_token_bookings_page_reference]] (none: [[bookings_list_token_bookings_page_there_are_no_bookings_to]]); for an email with an account, [[bookings_list_token_bookings_page_you_have_an_account_with]]: [[bookings_list_token_bookings_page_sign_in_to_see_all]] with [[common_sign_in]]',
    failed:
      '[[bookings_list_token_bookings_page_unable_to_fetch_bookings]]: [[bookings_list_token_bookings_page_please_try_again_if_your]], with [[common_try_again]] and [[common_find_a_booking]]',
  },
  outcomes: {
    'fetchTokenBookings answers': 'the booking service answers with the bookings of the link',
    'fetchTokenBookings fails': blocked('booking service', 'booking/token', 'then open the page'),
  },
};

export const callingPoints: MachineWords = {
  screen:
    'a journey on the page of a booking (Bookings → the booking), its [[booking_detail_leg_card_show_calling_points]]',
  background: signedInAs(undefined, 'README, "Booking detail/history": Euston → Coventry has no calling points'),
  use: "King's Cross → York",
  events: {
    'callingPoints.toggle [hasPoints]':
      'they press [[booking_detail_leg_card_show_calling_points]] (the stops were loaded before)',
    'callingPoints.toggle':
      'they press [[booking_detail_leg_card_show_calling_points]] (or, when open, [[booking_detail_leg_card_hide_calling_points]])',
    'callingPoints.retry': 'they press [[common_try_again]]',
  },
  states: {
    collapsed: '[[booking_detail_leg_card_show_calling_points]], the stops hidden',
    loading: '[[booking_detail_leg_card_loading_calling_points]]',
    shown:
      '[[booking_detail_leg_card_calling_points_between_and]]: each stop and its time (none: [[booking_detail_leg_card_this_train_runs_direct_with]]), and [[booking_detail_leg_card_hide_calling_points]]',
    unavailable: '[[booking_detail_leg_card_calling_points_are_unavailable_for]]',
    failed: '[[booking_detail_leg_card_we_couldnt_load_the_calling]] with [[common_try_again]]',
  },
  outcomes: {
    'fetchCallingPoints answers [isUnavailable]': 'the timetable service says it has no calling points for the train',
    'fetchCallingPoints answers': "the timetable service answers with the train's stops",
    'fetchCallingPoints fails [isNotFound]': {
      use: 'Euston → Coventry',
      text: 'the timetable service does not know the train (404)',
    },
    'fetchCallingPoints fails': blocked('timetable service', 'realtime/timetable/…', 'then open the booking'),
  },
};
