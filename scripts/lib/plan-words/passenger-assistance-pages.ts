import { blocked, signedInAs, type MachineWords } from './words';

const background = signedInAs(
  undefined,
  'README, "Passenger assistance"; the enable-passenger-assistance feature is on',
);

export const accountPassengerAssistance: MachineWords = {
  screen: 'the page [[common_passenger_assistance]] across their upcoming journeys (/my-account/passenger-assistance)',
  background,
  events: {
    'assistance.retry': 'they press [[common_try_again]]',
  },
  states: {
    starting:
      '[[common_passenger_assistance]]: the journeys from what the route loaded, or [[account_passenger_assistance_load_error]] when it could not; [[passenger_assistance_account_assistance_page_loading_your_passenger_assistance]] while they are fetched',
    loading:
      '[[common_passenger_assistance]]: [[passenger_assistance_account_assistance_page_book_help_at_the_station]], and [[passenger_assistance_account_assistance_page_loading_your_passenger_assistance]]',
    absent:
      '[[account_passenger_assistance_from_booking]] with the link [[account_passenger_assistance_your_bookings]]',
    loadFailed: '[[account_passenger_assistance_load_error]] with [[common_try_again]]',
    ready:
      "[[passenger_assistance_account_assistance_page_assistance_booked]]: each journey with its assistance (e.g. King's Cross → York, Jamie's wheelchair and ramp) and [[passenger_assistance_account_assistance_page_manage]]; [[passenger_assistance_account_assistance_page_other_upcoming_journeys]] with [[passenger_assistance_account_assistance_page_request_assistance]] (none booked: [[account_passenger_assistance_none_booked]]; no upcoming journeys: [[account_passenger_assistance_no_journeys]])",
  },
  outcomes: {
    'fetchUpcoming answers':
      'the assistance service answers with their upcoming journeys and the assistance booked on them',
    'fetchUpcoming fails [hostLacksList]':
      'the retailer has no list across journeys (404: start the local server with API_SHAPE=spec)',
    'fetchUpcoming fails': blocked('assistance service', 'customer/passenger-assistance', 'then open the page'),
  },
};

export const passengerAssistanceList: MachineWords = {
  screen:
    "the [[common_passenger_assistance]] page of one booking: on the booking's page they press [[common_passenger_assistance]] (…/bookings/{bookingId}/passenger-assistance)",
  background,
  use: "King's Cross → York",
  events: {
    'assistance.retry': 'they press [[common_try_again]]',
  },
  states: {
    starting:
      '[[common_passenger_assistance]]: the assistance from what the route loaded, or [[passenger_assistance_list_load_error]] when it could not; [[passenger_assistance_assistance_list_page_loading_the_assistance_for_this]] while it is fetched',
    loading:
      '[[common_passenger_assistance]]: [[passenger_assistance_assistance_list_page_help_at_the_station_and]], [[passenger_assistance_assistance_list_page_back_to_booking]] and [[passenger_assistance_assistance_list_page_loading_the_assistance_for_this]]',
    loadFailed: '[[passenger_assistance_list_load_error]] with [[common_try_again]]',
    notFound: '[[passenger_assistance_list_not_found]]',
    ready:
      '[[passenger_assistance_assistance_list_page_request_assistance]] (a journey that has left: [[passenger_assistance_list_not_bookable]]), then per passenger and journey the assistance booked with [[passenger_assistance_assistance_list_page_view]], or [[passenger_assistance_assistance_list_page_no_assistance_booked]]; after cancelling, [[passenger_assistance_list_cancelled]]',
  },
  outcomes: {
    'fetchOverview answers':
      "the assistance service answers with the booking's passengers, journeys and assistance (a past booking, e.g. Leeds → Sheffield, cannot take more)",
    'fetchOverview fails [isNotFound]':
      'the assistance service finds no such booking in their account (change the booking id in the address)',
    'fetchOverview fails': blocked(
      'assistance service',
      'customer/passenger-assistance/orders/…',
      'then open the page',
    ),
  },
};

export const passengerAssistanceReview: MachineWords = {
  screen:
    "the page [[passenger_assistance_assistance_review_page_review_passenger_assistance]]: on a booking's [[common_passenger_assistance]] page they press [[passenger_assistance_assistance_list_page_view]] beside an assistance (…/passenger-assistance/{id}), or they just booked one",
  background,
  use: "King's Cross → York (Jamie's wheelchair and ramp)",
  events: {
    'assistance.retry': 'they press [[common_try_again]]',
  },
  states: {
    starting:
      'the assistance from what the route loaded, or [[passenger_assistance_review_load_error]] when it could not; [[passenger_assistance_assistance_review_page_loading_this_assistance]] while it is fetched',
    loading: '[[passenger_assistance_assistance_review_page_loading_this_assistance]]',
    loadFailed: '[[passenger_assistance_review_load_error]] with [[common_try_again]]',
    notFound: '[[passenger_assistance_review_not_found]]',
    absent:
      '[[passenger_assistance_review_not_offered]] and [[passenger_assistance_assistance_list_page_back_to_booking]]',
    ready:
      'who, which journey and what help, with [[passenger_assistance_assistance_review_page_cancel_this_assistance]] (not for a cancelled one) and [[common_back_to_passenger_assistance]]; right after booking it, [[passenger_assistance_review_booked]]',
  },
  outcomes: {
    'fetchAssistance answers [hostLacksAssistance]':
      "the retailer's service has no call to read one assistance, but its list of the booking's assistance names this one (the local server in spec mode: `API_SHAPE=spec npm start`)",
    'fetchAssistance answers': 'the assistance service answers with the assistance',
    'fetchAssistance fails [isNotFound]':
      'the assistance service finds no such assistance on this booking (change the assistance id in the address)',
    'fetchAssistance fails': blocked(
      'assistance service',
      'customer/passenger-assistance/orders/…',
      'then open the page',
    ),
  },
};
