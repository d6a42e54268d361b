import { blocked, formEvents, signedInAs, type MachineWords } from './words';

export const editPassengers: MachineWords = {
  screen:
    'the page of an upcoming booking (Bookings → the booking), its [[booking_detail_screen_passengers]] with [[booking_detail_screen_change_name]] beside each passenger',
  background: signedInAs(undefined, 'README, "Booking detail/history"'),
  use: "King's Cross → York (Alex and Jamie)",
  events: {
    ...formEvents(
      '[[common_first_name]] or [[common_last_name]]',
      '[[booking_detail_edit_passenger_dialog_save_name]]',
      'a first and last name (e.g. Jamie Taylor)',
    ),
    'passenger.edit': 'beside a passenger they press [[booking_detail_screen_change_name]]',
    'edit.cancel': 'in the dialog they press [[common_cancel]] (or Escape)',
  },
  states: {
    idle: 'the booking with its [[booking_detail_screen_passengers]]; after a change [[edit_passengers_saved]] and the new name',
    editing:
      "a dialog [[booking_detail_edit_passenger_dialog_change_passenger_name]] with [[common_first_name]] and [[common_last_name]] filled in, [[booking_detail_edit_passenger_dialog_save_name]] and [[common_cancel]]; after a refusal, the service's reason (or [[edit_passengers_generic]]) in the dialog, with what they typed kept",
    submitting: 'in the dialog the button reads [[common_saving]]',
  },
  outcomes: {
    'editPassengers answers': 'the booking service changes the name (the booking reloads with it)',
    'editPassengers fails':
      "the booking service refuses with its reason (on King's Cross → York, renaming Jamie to Alex Morgan: each passenger needs a different name) or cannot be reached (developer tools: block the request pico/edit-passengers before pressing)",
  },
};

export const checkIn: MachineWords = {
  screen:
    "the page [[booking_actions_check_in_screen_check_in]]: on a booking's page they press [[booking_actions_check_in]] (…/bookings/{bookingId}/check-in, or the guest link's …/check-in)",
  background: signedInAs(
    undefined,
    'README, "Actions": the check-in guest link printed by npm start opens a booking whose check-in is open',
  ),
  events: {
    'checkIn.retry': 'they press [[common_try_again]]',
  },
  states: {
    checkingIn: '[[booking_actions_check_in_screen_checking_you_in]]',
    failed:
      "[[booking_actions_check_in_screen_check_in_failed]]: the service's message (or [[check_in_error]]), with [[common_try_again]] and [[booking_actions_check_in_screen_back_to_your_booking]]",
    notAvailable:
      '[[booking_actions_check_in_screen_check_in_isnt_available]]: [[check_in_check_in_not_open]], [[check_in_check_in_closed]] or [[check_in_check_in_not_supported]], with [[booking_actions_check_in_screen_back_to_your_booking]]',
    done: "[[booking_actions_check_in_screen_youre_checked_in_taking_you]], then the train company's check-in page opens",
  },
  outcomes: {
    'checkIn answers':
      "the check-in service checks them in and gives the address to go on to (the check-in guest link's booking)",
    'checkIn fails [isUnavailable]':
      "the check-in service says check-in is not open (a booking leaving more than 24 hours from now, e.g. King's Cross → York), closed (the train has left) or not offered (a season ticket)",
    'checkIn fails': blocked('check-in service', 'booking/checkIn', 'then open the page'),
  },
};

export const guestAssociation: MachineWords = {
  screen:
    "a guest booking while signed in (found with [[common_find_a_booking]], or from its confirmation email's link), its part [[booking_add_to_account_title]]; or the bookings list's Guest tab, its part [[bookings_list_guest_association_add_your_guest_bookings_to]]",
  background: signedInAs(
    undefined,
    'README, "Bookings": the Guest tab lists the guest order bought with the demo email',
  ),
  events: {
    'association.start [hasToken]':
      'they press [[booking_add_to_account_button]] (on the Guest tab: [[bookings_list_guest_association_add_these_bookings_to_my]])',
    'after associationRedirectMs': 'by itself, one second after the outcome shows',
  },
  states: {
    ready: '[[booking_add_to_account_title]]: [[booking_add_to_account_text]] and [[booking_add_to_account_button]]',
    associating: 'the button reads [[bookings_list_guest_association_adding_bookings]]',
    unverified: '[[booking_add_to_account_unverified]]; they stay on the page',
    finished:
      'the outcome: [[bookings_list_guest_association_added_all]], [[bookings_list_guest_association_added_some]], [[bookings_list_guest_association_there_were_no_new_bookings]], [[bookings_list_guest_association_taking_you_to_your_bookings]] or [[bookings_list_guest_association_something_went_wrong_taking_you]]',
    redirected: 'their upcoming bookings open, with the imported bookings among them',
  },
  outcomes: {
    'associateGuestOrders answers':
      'the booking service adds the guest bookings made with their email to the account (all, some, or none new)',
    'associateGuestOrders fails [isUnverified]':
      "the booking service refuses: the account's email is not confirmed (an account registered without following its confirmation link)",
    'associateGuestOrders fails [isForbidden]':
      'the booking service refuses the guest link quietly (403: a booking made with another email address, e.g. the find-booking demo booking of guest@example.com)',
    'associateGuestOrders fails': blocked('booking service', 'order/associate-guest-orders', 'before pressing'),
  },
};
