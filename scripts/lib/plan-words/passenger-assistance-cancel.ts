import { blocked, checkAgain, lost, signedInAs, type MachineWords } from './words';

export const passengerAssistanceCancel: MachineWords = {
  screen:
    "the page [[passenger_assistance_assistance_cancel_page_cancel_passenger_assistance]]: on the booking's [[common_passenger_assistance]] page they open a booked assistance and press [[passenger_assistance_assistance_review_page_cancel_this_assistance]] (…/passenger-assistance/{id}/cancel)",
  background: signedInAs(undefined, 'README, "Passenger assistance"; the enable-passenger-assistance feature is on'),
  use: "King's Cross → York (Jamie's wheelchair and ramp, outward)",
  events: {
    'assistance.retry': 'they press [[common_try_again]]',
    'cancel.confirm': 'they press [[passenger_assistance_assistance_cancel_page_cancel_assistance]]',
    'cancel.check': checkAgain(
      'the cancel',
      'customer/passenger-assistance/…/cancel',
      '[[passenger_assistance_assistance_cancel_page_cancel_assistance]]',
    ),
  },
  states: {
    starting:
      'the assistance to cancel from what the route loaded, or [[passenger_assistance_cancel_load_error]] when it could not; [[passenger_assistance_assistance_cancel_page_loading_this_assistance]] while it is fetched',
    loading: '[[passenger_assistance_assistance_cancel_page_loading_this_assistance]]',
    loadFailed: '[[passenger_assistance_cancel_load_error]] with [[common_try_again]]',
    notFound: '[[passenger_assistance_cancel_not_found]]',
    absent:
      '[[passenger_assistance_cancel_not_offered]] and [[passenger_assistance_assistance_list_page_back_to_booking]]',
    alreadyCancelled: '[[passenger_assistance_cancel_already_cancelled]] with [[common_back_to_passenger_assistance]]',
    confirming:
      "[[passenger_assistance_assistance_cancel_page_do_you_want_to_cancel]], who, which journey and what help, then [[passenger_assistance_assistance_cancel_page_cancel_assistance]] and [[passenger_assistance_assistance_cancel_page_keep_assistance]]; after a refusal, [[passenger_assistance_assistance_cancel_page_we_couldnt_cancel_this_assistance]] with the service's reason (or [[passenger_assistance_cancel_cancel_error]])",
    cancelling:
      'the button reads [[passenger_assistance_assistance_cancel_page_cancelling]]; after a lost answer [[passenger_assistance_cancel_checking]], then, if the check gets no answer either, [[passenger_assistance_cancel_unconfirmed]] with [[common_check_again]]',
    cancelled: "the booking's [[common_passenger_assistance]] page opens, where the assistance shows as cancelled",
  },
  outcomes: {
    'fetchAssistance answers [isCancelledAlready]':
      "the assistance service answers with an assistance that is cancelled already (King's Cross → York: Alex's luggage help on the return; open its cancel page, …/cancel, by its address)",
    'fetchAssistance answers [hostLacksAssistance]':
      "the retailer's service has no call to read one assistance, but its list of the booking's assistance names this one (the local server in spec mode: `API_SHAPE=spec npm start`)",
    'fetchAssistance answers': 'the assistance service answers with the booked assistance',
    'fetchAssistance fails [isNotFound]':
      'the assistance service finds no such assistance on this booking (change the assistance id in the address)',
    'fetchAssistance fails': blocked('assistance service', 'customer/passenger-assistance/…', 'then open the page'),
    'cancelAssistance answers [isCancelAnswered]': `the assistance service cancels the help (first time, or to the check after ${lost('assistance service', 'customer/passenger-assistance/…/cancel')})`,
    'cancelAssistance answers [isAlreadyCancelled]':
      'the assistance service says it was cancelled already (409: cancel it from another tab first)',
    'cancelAssistance answers':
      "the assistance service refuses with its reason: the train has left (a retailer's test system, or an assistance whose train left while the page was open)",
    'cancelAssistance fails': 'the page itself fails while cancelling (no tester can cause it)',
  },
};
