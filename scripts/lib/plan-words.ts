/**
 * The test plans in a tester's words (`npm run plans`, scripts/plans.ts): one table per machine
 * saying what the customer does on screen for each event, what they see in each state, and what
 * each service answer a step needs is, in plain words. Control labels and screen copy are not
 * copied here: `[[message_key]]` names a message of messages/en-GB.json and is printed as that
 * message's text, so a plan cannot drift from the screen. test/model/plan-words.test.ts fails
 * when a machine's event, state or service outcome has no entry (or an entry names something the
 * machine no longer has, or a message key that does not exist).
 *
 * Keys are the plan's own step words (test/model/plan-format.ts):
 * - events: the event type ('refund.continue'), with the guard that chose the transition when it
 *   has one ('refund.select [selectsTickets]'); a delay is 'after <delayName>' and reads
 *   "by itself, when …".
 * - states: the state's dotted path ('loaded.editing'); an entry for a parent covers its children
 *   that have none.
 * - outcomes: '<invoke id> answers' or '<invoke id> fails', with the guard when the machine
 *   tells answers apart by one ('submitRefund answers [isInvalidCard]').
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AnyStateMachine } from 'xstate';
import { eventText, guardText, stepText, type PlanStep } from '#test/model/plan-format';
import { addressBook, passengersList, smartcards } from './plan-words/account-lists';
import { accountOverview, treesPlanted } from './plan-words/account-pages';
import { addressForm } from './plan-words/address-form';
import { auth } from './plan-words/auth';
import { checkIn, editPassengers, guestAssociation } from './plan-words/booking-actions';
import { bookingDetail, bookingHistory } from './plan-words/booking-detail';
import { bookingLifecycle } from './plan-words/booking-lifecycle';
import { bookingsList, callingPoints, tokenBookings } from './plan-words/bookings-lists';
import { calendarFeed, resendEmail } from './plan-words/calendar-and-email';
import { closeAccount, dataExport } from './plan-words/your-data';
import { changeEmail } from './plan-words/change-email';
import { changePassword } from './plan-words/change-password';
import { delayRepay } from './plan-words/delay-repay';
import { confirmEmail, preferencesToken } from './plan-words/email-links';
import { insuranceClaim } from './plan-words/insurance-claim';
import { journeyChange } from './plan-words/journey-change';
import { seasonStartChange } from './plan-words/season-start-change';
import { onDemandTicket } from './plan-words/on-demand-ticket';
import { passengerAssistanceCancel } from './plan-words/passenger-assistance-cancel';
import { submitWithLostAnswer } from './plan-words/submit-with-lost-answer';
import { passengerAssistanceForm } from './plan-words/passenger-assistance-form';
import {
  accountPassengerAssistance,
  passengerAssistanceList,
  passengerAssistanceReview,
} from './plan-words/passenger-assistance-pages';
import { passengerForm } from './plan-words/passenger-form';
import { personalDetails } from './plan-words/personal-details';
import { railcardForm } from './plan-words/railcard-form';
import { digitalRailcard, railcardSelect } from './plan-words/railcard-pages';
import { savedCards } from './plan-words/saved-cards';
import { seasonRenewal } from './plan-words/season-renewal';
import { forgotPassword, login, register, resetPassword, signInLink } from './plan-words/sign-in';
import { checkAgain, signedInAs, slotWords, type MachineWords, type StepWords } from './plan-words/words';

export type { MachineWords, StepWords } from './plan-words/words';

/** The refund flows' Background: the demo account whose bookings show each refund case. */
const refundsAccount = signedInAs('refunds@example.com', 'README, "Refunds"');

const refundCardForm: MachineWords = {
  screen: 'the card form of the refund page (it opens when the refund needs a card other than the one paid with)',
  events: {
    'form.change':
      'they type into a field of the card form ([[refunds_card_form_card_number]], [[refunds_card_form_expiry_date]], [[refunds_card_form_security_code_cvc]] or [[refunds_card_form_name_on_card]])',
    'form.blur': 'they leave a field of the card form (Tab to the next field)',
    'form.submit [isValid]':
      'with every field filled in correctly (e.g. card number 4242 4242 4242 4242, an expiry date in the future, CVC 123, a name), they press [[refunds_card_form_use_this_card_and_refund]]',
    'form.submit':
      'with a field left empty or wrong, they press Enter in the form ([[refunds_card_form_use_this_card_and_refund]] stays disabled)',
  },
  states: {
    editing:
      'the form [[refunds_card_form_card_for_your_refund]] with [[refunds_card_form_card_number]], [[refunds_card_form_expiry_date]], [[refunds_card_form_security_code_cvc]], [[refunds_card_form_name_on_card]]; after the card service refused a card, [[refund_card_form_tokenise_failed]] (or its own message) above the form, and what they typed is kept',
    tokenising: 'the button reads [[refunds_card_form_checking_your_card]] and the form stays as typed',
    tokenised: 'the card form closes; the refund request goes on with the new card',
  },
  outcomes: {
    'tokeniseCard answers':
      'the card service accepts the card (any valid card number: 4242 4242 4242 4242; the local server takes 4000 0000 0000 0002 too, and the refund then declines it)',
    'tokeniseCard fails':
      'the card service refuses the card or cannot be reached (developer tools: block the request payment/card-token)',
  },
};

/** The four fields of the find booking form, by their labels. */
const findBookingFields =
  '[[find_booking_page_booking_reference]], [[find_booking_page_departure_date]], [[find_booking_page_passengers_surname]] or [[common_email_address]]';
const findBookingAgain = {
  'form.change': `they change a field (${findBookingFields}); the message goes`,
  'form.blur': 'they leave a field (Tab)',
  'form.submit [isValid]': 'they press [[find_booking_page_find_booking]] again (every field filled in)',
};
const contactPreferences: MachineWords = {
  screen:
    "their contact preferences (/my-account/contact-preferences; for a scenario whose input has an action, the marketing email's unsubscribe or resubscribe link, the contact-preferences-token page, which does it on arrival)",
  background: signedInAs(undefined, 'one consent never answered'),
  events: {
    'consents.retry': 'they press [[common_try_again]]',
    'consent.select [isChange]':
      'under [[contact_preferences_panel_marketing_preferences]] they turn a switch the other way (On to Off, or Off to On)',
    'marketing.revoke [canRevoke]': 'they press [[contact_preferences_panel_unsubscribe_from_all_marketing]]',
    'marketing.restore [canRestore]': 'after unsubscribing, they press [[contact_preferences_panel_resubscribe]]',
  },
  states: {
    starting: '[[contact_preferences_panel_loading_your_contact_preferences]]',
    loading: '[[contact_preferences_panel_loading_your_contact_preferences]]',
    failed: '[[contact_preferences_fetch_error]] with [[common_try_again]]',
    loaded:
      'a switch per consent under [[contact_preferences_panel_marketing_preferences]] ([[contact_preferences_panel_on]] or Off), and [[contact_preferences_panel_unsubscribe_from_all_marketing]] (or, after unsubscribing, [[contact_preferences_panel_resubscribe]]); after a save [[contact_preferences_saved]] (the first time [[contact_preferences_first_time_saved]]), after a failed save [[contact_preferences_update_error]] with the switch back as it was; after unsubscribing [[contact_preferences_unsubscribed]], after resubscribing [[contact_preferences_subscribed]], or their errors',
    saving: 'the switch already shows the new choice and reads [[common_saving]]',
    revoking: '[[contact_preferences_panel_unsubscribing_you]]',
    restoring: '[[contact_preferences_panel_resubscribing_you]]',
  },
  outcomes: {
    'fetchConsents answers': 'the preferences service answers with their consents',
    'fetchConsents fails':
      'the preferences service cannot be reached (developer tools: block the request of the consents, then open the page)',
    'updateConsents answers': 'the preferences service saves the change',
    'updateConsents fails':
      'the preferences service refuses or cannot be reached (developer tools: block the request before turning the switch)',
    'revokeMarketing answers': 'the preferences service unsubscribes them from all marketing',
    'revokeMarketing fails':
      'the preferences service cannot unsubscribe them (developer tools: block the request before pressing)',
    'restoreMarketing answers': 'the preferences service brings back the choices they had before',
    'restoreMarketing fails':
      'the preferences service cannot resubscribe them (developer tools: block the request before pressing)',
  },
};

const findBooking: MachineWords = {
  screen: 'the page [[common_find_a_booking]] (/my-account/find-booking), signed out',
  background:
    'the local server runs with its demo data (npm start), which prints the booking to find: reference TL-FERDNX, email guest@example.com, surname Lee and its departure date (README, "Find a booking")',
  // The model test's own details (test/model/find-booking.test.ts) → the demo booking of the Background.
  demo: {
    'TL-7Q4K2M': '"TL-FERDNX"',
    '2026-05-01': 'the departure date npm start prints',
    Morgan: '"Lee"',
    morgan: '"lee" (the surname in lower case: still the same booking)',
    'demo@example.com': '"guest@example.com"',
  },
  events: {
    ...findBookingAgain,
    'form.change': `they type into a field (${findBookingFields})`,
    'form.submit [isValid]':
      "with every field filled in (the demo booking's details, or other ones for the answers that say so), they press [[find_booking_page_find_booking]]",
    'form.submit':
      "with a field empty or wrong they press Enter in the form ([[find_booking_page_find_booking]] stays disabled); the fields' messages show",
  },
  states: {
    notRequested:
      '[[common_find_a_booking]]: [[find_booking_page_made_a_booking_without_signing]], the fields [[find_booking_page_booking_reference]] ([[find_booking_page_hint]]), [[find_booking_page_departure_date]], [[find_booking_page_passengers_surname]], [[common_email_address]], and [[find_booking_page_find_booking]] (disabled until every field is filled in)',
    requesting: 'the button reads [[find_booking_page_finding_your_booking]]; what they typed stays',
    success: '[[find_booking_success]], then the booking opens',
    badRequest: '[[find_booking_bad_request]]; what they typed stays',
    notFound: '[[find_booking_not_found]]; what they typed stays',
    throttled: 'e.g. [[throttle_too_many_attempts_minutes]]; what they typed stays',
    serverError: '[[find_booking_server_error]]; what they typed stays',
  },
  outcomes: {
    'findBooking answers': "the booking service finds the booking (the demo booking's details)",
    'findBooking fails [isBadRequest]':
      "the booking service cannot read the details (400; developer tools: a request the page would not send, so a retailer's test system)",
    'findBooking fails [isNotFound]':
      'the booking service finds no booking with these details (422: e.g. surname Smith)',
    'findBooking fails [isThrottled]':
      "the booking service refuses: too many misses (429: after 10 misses for one reference within the limit's window)",
    'findBooking fails':
      'the booking service cannot be reached (developer tools: block the request find-booking, or go Offline)',
  },
};

const partialRefund: MachineWords = {
  screen:
    "the refund page of a booking (on the booking's page they press [[refund_entry_cancel_and_refund]]), its part [[refund_screen_refund_only_some_passengers]]",
  background: refundsAccount,
  use: 'Manchester → Sheffield',
  events: {
    'selection.toggle': 'they tick or untick a passenger of a direction (the refund and its total follow the tick)',
  },
  states: {
    checking: '[[refunds_partial_refund_panel_loading_passengers]]',
    unavailable: '[[refunds_partial_refund_panel_only_the_whole_booking_can]] (e.g. Leeds → York, one passenger)',
    loadingAssistances: '[[refunds_partial_refund_panel_loading_passengers]]',
    choosing:
      '[[refund_screen_tick_passengers_hint]], then a checkbox per passenger and direction, all ticked at first, [[refunds_partial_refund_panel_well_email_the_refund_confirmation]], and any [[refunds_partial_refund_panel_passenger_assistance_on_this_booking]] (or [[partial_refund_assistances_failed]] when it could not be checked)',
  },
  outcomes: {
    'fetchAssistances answers':
      'the passenger assistance service answers with the assistance booked on this booking (none, on the demo booking)',
    'fetchAssistances fails':
      'the passenger assistance service cannot be reached (developer tools: block the request customer/passenger-assistance/…)',
  },
};

const refundQuote: MachineWords = {
  screen: 'the page of a booking (Bookings → the booking), with its [[refund_entry_cancel_and_refund]] button',
  background: refundsAccount,
  use: 'Leeds → York',
  events: {
    'refund.requestQuote [isChangeOfJourneySource]': {
      use: "King's Cross → Leeds",
      text: 'they press [[refund_entry_cancel_and_refund]] on a booking that was exchanged for a new journey',
    },
    'refund.requestQuote': 'they press [[refund_entry_cancel_and_refund]]',
    'quote.dismiss': 'they press [[common_close]]',
    'quote.retry': 'they press [[common_try_again]]',
  },
  states: {
    idle: 'the booking with [[refund_entry_cancel_and_refund]] (focus back on it after a message was closed)',
    quoting: 'the button reads [[refund_quote_pending]] and is disabled',
    failed:
      "[[refund_entry_we_couldnt_check_your_refund]]: the refund service's own message (or [[refund_quote_error]]), with [[common_try_again]] and [[common_close]]",
    notRefundable:
      '[[refund_quote_not_refundable]] with each reason explained and what they can do (e.g. [[refund_copy_expired_title]]), and [[common_close]]',
    inProgress:
      "[[refund_entry_refund_in_progress]]: [[refund_quote_in_progress]] (or the service's own message), and [[common_close]]",
    fraudSuspected:
      "[[refund_entry_we_cant_refund_this_booking]]: [[refund_quote_fraud]] (or the service's own message), and [[common_close]]",
    checkingChangeOfJourney: 'the button reads [[refund_quote_pending]] and is disabled',
    changeOfJourney:
      '[[refund_entry_this_journey_was_changed]]: [[refund_quote_change_of_journey]], what changed, [[refund_entry_view_the_new_booking]], and [[common_close]]',
    changeOfJourneyFailed:
      '[[refund_entry_we_couldnt_check_the_change]]: [[refund_quote_change_of_journey_error]], with [[common_try_again]] and [[common_close]]',
    toRefundPage: 'the refund page opens (its own plan: refund-request)',
    toIneligibleView:
      'the page [[refund_screen_refund_not_available]] opens (…/refund/ineligible), explaining why and offering the reasons that still refund',
  },
  outcomes: {
    'fetchQuote answers [isRequestable]': 'the refund service quotes a refund they can take',
    'fetchQuote answers [shouldShowIneligibleView]': {
      use: "King's Cross → Edinburgh",
      text: "the refund service says the ticket's terms allow no refund, with the refund-ineligibility-enhanced-view feature on (an Advance ticket)",
    },
    'fetchQuote answers [isProcessing]': {
      use: 'Norwich → Liverpool Street',
      text: 'the refund service says a refund of this booking is already in progress',
    },
    'fetchQuote answers [isNonRefundable]': {
      use: 'Bristol → Cardiff',
      text: 'the refund service says the booking cannot be refunded (too late: travelled 45 days ago)',
    },
    'fetchQuote answers [isFraudSuspected]': {
      use: 'Reading → Paddington',
      text: 'the refund service says the payment is held for a fraud check (after a refund request of it was held)',
    },
    'fetchQuote answers':
      "the refund service answers a quote the page cannot use (e.g. status TRANSFORM_ERROR: a retailer's answer the local server does not give)",
    'fetchQuote fails [isChangeOfJourneySourceError]':
      'the refund service says the booking was exchanged for a new journey (CHANGE_OF_JOURNEY_SOURCE), though the booking page did not know',
    'fetchQuote fails':
      'the refund service cannot be reached or refuses (developer tools: block the request refund-quote/…)',
    'fetchChangeOfJourneyStatus answers': 'the change-of-journey service answers with the new journey',
    'fetchChangeOfJourneyStatus fails':
      'the change-of-journey service cannot be reached (developer tools: block the request change-of-journey/status/…)',
  },
};

const refundRequest: MachineWords = {
  screen: "the refund page: on the booking's page they press [[refund_entry_cancel_and_refund]]",
  use: 'Leeds → York',
  // The card the refunds account's orders were paid with (server/seed/refunds.ts, REFUND_CARDS).
  slots: { brand: 'Visa', last4: '1881' },
  background: `${refundsAccount}; each service answer below says which demo booking gives it, or how to cause it with the browser's developer tools (Network: block the request URL, or go Offline)`,
  events: {
    'refund.retry': 'they press [[common_try_again]]',
    'refund.check': checkAgain('the refund', 'customer/refund-quote/…', '[[refund_screen_confirm_refund]]'),
    'refund.setReason':
      'under [[refund_screen_why_are_you_cancelling]] (or [[refund_screen_did_something_else_happen_choose]], or [[refund_screen_choose_another_reason]]) they choose another reason, e.g. [[refund_copy_disruption_upcoming]]',
    'refund.select [selectsTickets]': {
      use: 'Manchester → Sheffield',
      text: 'under [[refund_screen_refund_only_some_passengers]] they tick only some passengers (e.g. untick the first passenger, keep the second)',
    },
    'refund.select': {
      use: 'Manchester → Sheffield',
      text: 'under [[refund_screen_refund_only_some_passengers]] they untick every passenger',
    },
    'refund.continue': 'they press [[refund_screen_continue]]',
    'refund.back': 'they press [[refund_screen_back]]',
    'refund.confirm [needsNewCard]':
      'they press [[refund_screen_confirm_refund]] (the quote says the card paid with cannot take the refund)',
    'refund.confirm': 'they press [[refund_screen_confirm_refund]]',
    'card.cancel': 'in the card form they press [[common_cancel]]',
    'quote.retry': 'they press [[common_try_again]]',
    'quote.dismiss [hasRequestableQuote]': 'they press [[common_close]] (a refund they could take was quoted before)',
    'quote.dismiss': 'they press [[common_close]] (no refund they could take was quoted before)',
  },
  states: {
    starting:
      'the page opens: the quote for the booking the route loaded, or [[refund_request_load_failed]] when it could not; [[refund_request_loading]] while it is fetched',
    loading: '[[refund_request_loading]]',
    loadFailed: '[[refund_request_load_failed]] with [[common_try_again]]',
    quoting:
      '[[refund_request_quoting]] (alone for the first quote; later beside the last quote, with [[refund_screen_continue]] disabled)',
    quoteFailed:
      "[[refund_screen_we_couldnt_work_out_your]]: the refund service's own message (or [[refund_request_quote_failed]]), with [[common_try_again]] and [[common_close]]",
    reviewing:
      '[[refund_screen_your_refund]] (or [[refund_screen_tickets_in_this_refund]] when only some tickets are refunded): a row per passenger and direction with what was paid and what is refunded, [[refund_screen_admin_fee_label]], [[refund_screen_total_refund]]; the reasons under [[refund_screen_why_are_you_cancelling]]; how to return the tickets; [[refund_screen_continue]]',
    nothingSelected:
      'every passenger unticked under [[refund_screen_refund_only_some_passengers]]: no refund table and no total, and [[refund_screen_continue]] is disabled',
    confirming:
      '[[refund_screen_confirm_your_refund]]: where the money goes ([[refund_screen_your_card_ending]] or [[refund_screen_your_original_payment_method]]), [[refund_screen_confirm_whats_refunded]] with a line per passenger and direction, [[refund_screen_reason]], and [[refund_screen_confirm_refund]] and [[refund_screen_back]]',
    cardForm:
      '[[refund_screen_your_card_was_declined]] — [[refund_request_card_declined]] (when the card was declined just before; otherwise [[refund_screen_we_need_a_card_for]] — [[refund_screen_the_card_you_paid_with]]), then [[refund_screen_refund]] and the card form [[refunds_card_form_card_for_your_refund]]',
    requesting:
      '[[refund_request_requesting]]; after a lost answer [[refund_request_checking]], then, if the check gets no answer either, [[refund_request_unconfirmed]] with [[common_check_again]] and [[refund_screen_back_to_your_booking]]',
    requestFailed:
      "[[refund_screen_your_refund_didnt_go_through]]: the refund service's own message (or [[refund_request_request_failed]]), with [[common_try_again]]",
    fraudHeld:
      '[[refund_screen_we_cant_complete_this_refund]] — [[refund_request_fraud]]; no button to refund, only [[refund_screen_back_to_your_booking]]',
    ineligible:
      'the page is titled [[refund_screen_refund_not_available]]: [[refund_screen_we_cant_refund_this_booking_as_it_is]] (or, once they chose a reason, [[refund_screen_we_cant_refund_this_booking]]), then [[refund_copy_terms_and_conditions_title]] and what they can do, and the reasons under [[refund_screen_did_something_else_happen_choose]] (with the refund-ineligibility-enhanced-view feature on, the address becomes …/refund/ineligible)',
    unavailable:
      'why there is no refund (e.g. [[refund_screen_refund_in_progress]] — [[refund_screen_a_refund_for_this_booking]]), and the reasons under [[refund_screen_choose_another_reason]]',
    refunded: '[[refund_screen_refund_requested_opening_your_booking]], then the booking page, which shows the refund',
    partiallyRefunded:
      "[[refund_screen_refund_requested_opening_your_booking]], then the booking's history page, which waits for the new booking of the passengers who keep travelling",
  },
  outcomes: {
    'fetchRefundBooking answers': 'the booking service answers with the booking and its refundable tickets',
    'fetchRefundBooking fails':
      'the booking service cannot be reached or answers with something the page cannot read (developer tools: block the request partial-refunds/…, then open the page)',
    'fetchQuote answers [isFraudMarked]': {
      use: 'Reading → Paddington',
      text: 'the refund service quotes again, still holding the booking for a fraud check (after the fraud answer)',
    },
    'fetchQuote answers [isCardDeclinedAndRequestable]': {
      use: 'Birmingham → Nottingham',
      text: 'the refund service quotes again, asking for a new card for the refund (after the declined card)',
    },
    'fetchQuote answers [isRequestable]': 'the refund service quotes a refund they can take',
    'fetchQuote answers [isTermsIneligible]': {
      use: "King's Cross → Edinburgh",
      text: "the refund service says the ticket's terms allow no refund for this reason (an Advance ticket, with [[refund_copy_changed_plans]])",
    },
    'fetchQuote answers': {
      use: 'Norwich → Liverpool Street',
      text: 'the refund service says no refund is possible now (a refund of it is already in progress)',
    },
    'fetchQuote fails':
      'the refund service refuses to quote, with its own message (e.g. 409 "Already refunded."; developer tools: block the request refund-quote/… before choosing a reason)',
    'cardForm answers':
      "they fill in the card form (card number 4242 4242 4242 4242, a future expiry date, CVC 123, their name), press [[refunds_card_form_use_this_card_and_refund]], and the card service accepts the card (the card form's own plan: refund-card-form)",
    'submitRefund answers [isCardDeclinedAnswer]':
      "the refund service says the card was declined, in a 200 answer with status INVALID_CREDIT_CARD (a retailer's way; the local server answers 422 instead: see the next kind of answer)",
    'submitRefund answers [isFraudAnswer]':
      "the refund service holds the refund for a fraud check, in a 200 answer with status POTENTIAL_FRAUD_DETECTED (a retailer's way; the local server answers 422 instead)",
    'submitRefund answers [isPartialRefund]': {
      use: 'Manchester → Sheffield',
      text: 'the refund service accepts the refund of the ticked passengers (one of two passengers ticked; a new booking follows for the other)',
    },
    'submitRefund answers [isRefundAnswered]':
      'the refund service accepts the refund (first time, or to the check after no answer came back: developer tools, go Offline just before pressing, or block the request refund-quote/…)',
    'submitRefund answers [isAlreadyRequested]':
      'the refund service says these tickets are already being refunded (409: an earlier attempt went through; e.g. the same booking confirmed meanwhile in another tab: “This quote has already been used”)',
    'submitRefund answers [isInvalidCard]': {
      use: 'Birmingham → Nottingham',
      text: 'the refund service says the card was declined (the card paid with, or 4000 0000 0000 0002 given in the card form)',
    },
    'submitRefund answers [isFraud]': {
      use: 'Reading → Paddington',
      text: 'the refund service holds the refund for a fraud check',
    },
    'submitRefund answers':
      'the refund service refuses the refund with its own message (e.g. 410 "This quote has expired.": leave the confirm step open for more than 30 minutes, the quote\'s lifetime)',
    'submitRefund fails': 'the page itself fails while requesting the refund (no tester can cause it)',
  },
};

/** The tables, by machine id. */
export const planWords: Record<string, MachineWords> = {
  accountOverview,
  accountPassengerAssistance,
  addressBook,
  addressForm,
  auth,
  bookingDetail,
  bookingHistory,
  bookingLifecycle,
  bookingsList,
  calendarFeed,
  callingPoints,
  changeEmail,
  changePassword,
  checkIn,
  closeAccount,
  confirmEmail,
  contactPreferences,
  dataExport,
  delayRepay,
  digitalRailcard,
  editPassengers,
  findBooking,
  forgotPassword,
  guestAssociation,
  insuranceClaim,
  journeyChange,
  login,
  onDemandTicket,
  partialRefund,
  passengerAssistanceCancel,
  passengerAssistanceForm,
  passengerAssistanceList,
  passengerAssistanceReview,
  passengerForm,
  passengersList,
  personalDetails,
  preferencesToken,
  railcardForm,
  railcardSelect,
  refundCardForm,
  refundQuote,
  refundRequest,
  register,
  resendEmail,
  resetPassword,
  savedCards,
  seasonRenewal,
  seasonStartChange,
  signInLink,
  smartcards,
  submitWithLostAnswer,
  tokenBookings,
  treesPlanted,
};

/**
 * Machines (by id) whose table is not written yet: their plans read in the developers' words
 * (state descriptions). The list may only shrink: a machine added to machines/ needs its table.
 */
export const planWordsToWrite: readonly string[] = [];

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
type Variants = { match?: Record<string, string> }[];
let catalogue: Record<string, string> | undefined;
/**
 * messages/en-GB.json, the catalogue the labels are taken from, each message as text: a message
 * with plural variants as its catch-all variant ('minutesPlural=*': "… in {minutes} minutes.").
 */
export function enGB(): Record<string, string> {
  catalogue ??= Object.fromEntries(
    Object.entries(
      JSON.parse(readFileSync(path.join(repo, 'messages/en-GB.json'), 'utf8')) as Record<string, string | Variants>,
    ).map(([key, value]) => {
      if (typeof value === 'string') return [key, value];
      const match = Object.entries(value[0]?.match ?? {});
      return [key, (match.find(([k]) => k.endsWith('=*')) ?? match[0])?.[1] ?? key];
    }),
  );
  return catalogue;
}

/** The [[message_key]]s a text names. */
export const messageKeys = (text: string) => [...text.matchAll(/\[\[([a-z0-9_]+)\]\]/g)].map((m) => m[1]!);

/** A table's text with each [[message_key]] replaced by its en-GB copy in quotes. */
export function words(text: string): string {
  const messages = enGB();
  return text.replace(/\[\[([a-z0-9_]+)\]\]/g, (_, key: string) => {
    const copy = messages[key];
    if (copy === undefined) throw new Error(`plan words: no message "${key}" in messages/en-GB.json`);
    return `“${copy}”`;
  });
}

/** A catalogue slot as the catalogue writes it: `{minutes}`, never JSON's `{}`. */
const SLOT = /\{([a-zA-Z][a-zA-Z0-9]*)\}/g;

/** The named values in a case's test data lines: `provider = "google"`, `bookingReference: "TL-FERDNX"`. */
export function dataValues(lines: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of lines)
    for (const m of line.matchAll(/(?:^|[\s.;,(])([a-zA-Z][a-zA-Z0-9]*)(?: =|:) ("[^"]*"|[^,;)]+)/g))
      out[m[1]!] ??= m[2]!.trim().replace(/^"(.*)"$/, '$1');
  return out;
}

/**
 * A step's text with each catalogue slot filled: from the flow's table (`slots`), else the case's
 * test data, else the words every flow shares (`slotWords`); a slot none of them names stays, and
 * test/model/plan-words.test.ts fails on it.
 */
export function fillSlots(
  text: string,
  table: MachineWords | undefined,
  data: Readonly<Record<string, string>>,
): string {
  return text.replace(SLOT, (slot, name: string, at: number) => {
    // A route's parameter (/bookings/{bookingId}/change) is an address to open, not copy.
    if (text[at - 1] === '/') return slot;
    const own = table?.slots?.[name];
    if (own !== undefined) return typeof own === 'function' ? own(data) : own;
    return data[name] ?? slotWords[name] ?? slot;
  });
}

interface NodeLike {
  path: string[];
  type: string;
  states: Record<string, NodeLike>;
  transitions: Map<string, { guard?: unknown }[]>;
}
const nodesOf = (machine: AnyStateMachine): NodeLike[] => {
  const walk = (n: NodeLike): NodeLike[] => [n, ...Object.values(n.states).flatMap(walk)];
  return walk(machine.root as unknown as NodeLike);
};

/** What a machine's table must name: its events and delays, its states, its services' outcomes. */
export function vocabulary(machine: AnyStateMachine): {
  events: string[];
  states: string[];
  leaves: string[];
  outcomes: string[];
} {
  const events = new Set<string>();
  const outcomes = new Set<string>();
  for (const node of nodesOf(machine)) {
    for (const [type, transitions] of node.transitions) {
      for (const t of transitions) {
        const guard = guardText(t.guard);
        const key = `${eventText(type)}${guard ? ` [${guard}]` : ''}`;
        (type.startsWith('xstate.done.actor.') || type.startsWith('xstate.error.actor.') ? outcomes : events).add(key);
      }
    }
  }
  const nodes = nodesOf(machine).filter((n) => n.path.length);
  return {
    events: [...events],
    outcomes: [...outcomes],
    states: nodes.map((n) => n.path.join('.')),
    leaves: nodes.filter((n) => !Object.keys(n.states).length).map((n) => n.path.join('.')),
  };
}

/** What the customer sees in a state value ('a.b, c.d' for parallel regions): each region's nearest entry. */
export function seesIn(table: MachineWords, value: string): string[] {
  return value.split(', ').flatMap((leaf) => {
    const parts = leaf.split('.');
    for (let n = parts.length; n > 0; n -= 1) {
      const entry = table.states[parts.slice(0, n).join('.')];
      if (entry) return [words(entry)];
    }
    return [];
  });
}

export const textOf = (entry: StepWords) => (typeof entry === 'string' ? entry : entry.text);

/** The step's event as the tester does or meets it (the events table, else the outcomes table), and the demo booking it needs. */
export function stepWords(
  table: MachineWords,
  event: string,
  guard: string | undefined,
): { does: string; use?: string } | undefined {
  const key = `${event}${guard ? ` [${guard}]` : ''}`;
  const entry = table.events[key] ?? table.outcomes[key];
  if (entry === undefined) return undefined;
  return { does: words(textOf(entry)), ...(typeof entry === 'string' ? {} : { use: entry.use }) };
}

/**
 * A step named as the plan names it (`npm run plans`, the model tests' titles): its number and plan
 * step, and, when the machine has a table, what the customer does and should then see. The browser
 * replays name a failing step so (test/e2e/replay/replay.ts).
 */
export function planStepName(machineId: string, step: PlanStep, index: number): string {
  const table = planWords[machineId];
  const does = table ? stepWords(table, step.event, step.guard) : undefined;
  const sees = table ? seesIn(table, step.to) : [];
  return `step ${index}: ${stepText(step)}${does ? ` (${does.does}${sees.length ? `; then they see ${sees.join(' / ')}` : ''})` : ''}`;
}
