import { blocked, checkAgain, lost, signedInAs, type MachineWords } from './words';

/** The request form's questions, by their labels. */
const assistanceFields =
  '[[passenger_assistance_assistance_request_page_who_needs_assistance]], [[passenger_assistance_assistance_request_page_which_journey]], [[passenger_assistance_assistance_request_page_what_help_do_you_need]], [[passenger_assistance_assistance_request_page_anything_staff_should_know_optional]]';

export const passengerAssistanceForm: MachineWords = {
  screen:
    "the page [[passenger_assistance_assistance_request_page_request_passenger_assistance]]: on an upcoming booking's page they press [[common_passenger_assistance]], then [[passenger_assistance_assistance_list_page_request_assistance]] (…/bookings/{bookingId}/passenger-assistance/create)",
  background: signedInAs(undefined, 'README, "Passenger assistance"; the enable-passenger-assistance feature is on'),
  use: "King's Cross → York",
  events: {
    'assistance.retry': 'they press [[common_try_again]]',
    'form.change': `they answer a question of the form (${assistanceFields}): e.g. choose a passenger and a journey, or type into the details`,
    'form.toggleKind':
      'under [[passenger_assistance_assistance_request_page_what_help_do_you_need]] they tick or untick a kind of help (e.g. [[form_passenger_assistance_wheelchair]], [[form_passenger_assistance_ramp]])',
    'form.blur': 'they leave a field (Tab to the next one); a question left unanswered shows its message',
    'form.submit [isValid]':
      'with a passenger, a journey and at least one kind of help chosen, they press [[passenger_assistance_assistance_request_page_book_assistance]]',
    'form.submit':
      "with a question unanswered, they press Enter in the form ([[passenger_assistance_assistance_request_page_book_assistance]] stays disabled); each question's message shows",
    'assistance.check': checkAgain(
      'the booking',
      'customer/passenger-assistance/…',
      '[[passenger_assistance_assistance_request_page_book_assistance]]',
    ),
  },
  states: {
    starting:
      'the form for the booking the route loaded, or [[passenger_assistance_form_load_error]] when it could not; [[passenger_assistance_assistance_request_page_loading_your_booking]] while it is fetched',
    loading: '[[passenger_assistance_assistance_request_page_loading_your_booking]]',
    loadFailed: '[[passenger_assistance_form_load_error]] with [[common_try_again]]',
    notFound: '[[passenger_assistance_form_not_found]] and [[common_back_to_passenger_assistance]]',
    notBookable: '[[passenger_assistance_form_not_bookable]] (no form) and [[common_back_to_passenger_assistance]]',
    editing: `[[passenger_assistance_assistance_request_page_please_book_at_least_2]], then ${assistanceFields} (help already booked for a passenger and journey shows [[passenger_assistance_assistance_request_page_already_has]] with [[passenger_assistance_assistance_request_page_view_the_booked_assistance]]), [[passenger_assistance_assistance_request_page_book_assistance]] and [[common_cancel]]; after a refusal, [[passenger_assistance_assistance_request_page_we_couldnt_book_this_assistance]] with the service's reason (or [[passenger_assistance_form_submit_error]]) above the form, and what they chose is kept`,
    submitting:
      'the button reads [[passenger_assistance_assistance_request_page_booking]]; after a lost answer [[passenger_assistance_form_checking]], then, if the check gets no answer either, [[passenger_assistance_form_unconfirmed]] with [[common_check_again]]; what they chose stays',
    booked: 'the review of the booked assistance opens (its own plan: passenger-assistance-review)',
  },
  outcomes: {
    'fetchBooking answers [isBookable]':
      "the assistance service answers with the booking's passengers and the journeys still to travel",
    'fetchBooking answers': {
      use: 'Leeds → Sheffield (past)',
      text: 'the assistance service answers with a booking whose journeys have all left (a past booking, or the annual season: open …/passenger-assistance/create of it)',
    },
    'fetchBooking fails [isNotFound]':
      'the assistance service finds no such booking in their account (change the booking id in the address to one that is not theirs)',
    'fetchBooking fails': blocked('assistance service', 'customer/passenger-assistance/…', 'then open the page'),
    'createAssistance answers [isBooked]': `the assistance service books the help (first time, or to the check after ${lost('assistance service', 'customer/passenger-assistance/…')})`,
    'createAssistance answers': {
      use: 'Euston → Coventry (leaves within 2 hours)',
      text: 'the assistance service refuses with its reason: it must be booked at least 2 hours before the train leaves',
    },
    'createAssistance fails': 'the page itself fails while booking (no tester can cause it)',
  },
};
