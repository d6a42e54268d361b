import { blocked, checkAgain, lost, signedInAs, type MachineWords } from './words';

/** Changing a journey (decision 600): the demo bookings of the README's "Change your journey". */
const york = "King's Cross → York";
const manchester = 'Euston → Manchester';

export const journeyChange: MachineWords = {
  screen: `[[journey_change_title]] (/my-account/bookings/{bookingId}/change): on a booking that can be changed, [[journey_change_entry_link]] beside Cancel and refund`,
  background: signedInAs(
    undefined,
    'README, "Change your journey": every route runs every 90 minutes from 06:00, its 12:00 full and its 15:00 cancelled; a guest\'s emailed link (demo-guest-token-1) opens the same page under /my-account/order-token/{bookingId}/change',
  ),
  use: york,
  events: {
    'change.retry': 'they press [[common_try_again]]',
    'search.direction':
      'under [[journey_change_which_journey]] they choose another of [[journey_change_direction_outward]], [[journey_change_direction_return]] or [[journey_change_direction_both]]',
    'search.change':
      'they type a date ([[journey_change_date]]) or a time ([[journey_change_leaving_after]]); a time such as 25:00 shows [[journey_change_error_time]] and [[journey_change_find_trains]] is disabled',
    'search.submit [searchValid]': 'with a date from today and a time, they press [[journey_change_find_trains]]',
    'train.pick [isAvailableWithReturnNext]': {
      use: york,
      text: 'having chosen [[journey_change_direction_both]], they press [[journey_change_choose_train]] on an outward train that is not full or cancelled',
    },
    'train.pick [isAvailable]': {
      use: york,
      text: 'they press [[journey_change_choose_train]] on a train that is not full or cancelled (the 18:00 is dearer, the 19:30 cheaper)',
    },
    'change.back':
      'they press [[journey_change_search_again]] (on the trains) or [[journey_change_choose_again]] (on the review)',
    'pay.select':
      'under [[journey_change_pay_with]] they choose a saved card or [[journey_change_new_card]] (an expired card cannot be chosen)',
    'change.confirm [nothingToPay]': {
      use: york,
      text: 'on a change where money comes back (the 19:30) they press [[journey_change_confirm_change]]',
    },
    'change.confirm [paysWithSavedCard]': {
      use: york,
      text: 'with a saved card chosen, they press [[journey_change_pay_and_change]]',
    },
    'change.confirm': {
      use: manchester,
      text: 'with [[journey_change_new_card]] chosen, they press [[journey_change_pay_and_change]]',
    },
    'card.cancel': 'on the card form they press Cancel',
    'change.check': checkAgain('the change', 'change-of-journey/pay/…', '[[journey_change_pay_and_change]]'),
  },
  states: {
    starting:
      'the page opens: [[journey_change_what_to_change]], [[journey_change_not_changeable_title]] or, on a host without the change calls, [[journey_change_not_offered]], from what the route loaded, or [[journey_change_load_failed]] when it could not; [[journey_change_loading]] while it is fetched',
    loading: '[[journey_change_loading]]',
    loadFailed: '[[journey_change_load_failed]] with [[common_try_again]]',
    notOffered:
      "[[journey_change_not_offered]], then [[journey_change_contact_retailer]] with customer service's phone, opening hours and web form, and [[journey_change_back_to_booking]]; no [[common_try_again]]",
    notChangeable:
      '[[journey_change_not_changeable_title]], with the rule that refuses each choice (Manchester → Euston, the departed Advance: "Advance tickets can be changed only before the booked train leaves, and this train has left.")',
    choosing:
      "[[journey_change_what_to_change]]: [[journey_change_your_journey]], [[journey_change_rules_title]], [[journey_change_which_journey]] and, per journey changed, [[journey_change_date]] and [[journey_change_leaving_after]], with [[journey_change_find_trains]]; after a failed search [[journey_change_search_failed]] or the server's reason",
    searching: '[[journey_change_searching]]',
    picking:
      '[[journey_change_choose_outward]] (or [[journey_change_choose_return]]): each train with its times, changes, [[journey_change_new_fare]] and the difference; the 12:00 reads [[journey_change_train_full]] and the 15:00 [[journey_change_train_cancelled]], with no [[journey_change_choose_train]]; after a refused quote its reason',
    quoting: '[[journey_change_quoting]]',
    reviewing:
      "[[journey_change_review_title]]: [[journey_change_old_journey]] and [[journey_change_new_journey]] side by side, [[journey_change_fares_caption]], [[journey_change_fare_difference]], [[journey_change_fee]] and [[journey_change_you_pay]] (or [[journey_change_you_get_back]]); an Advance changed to a cheaper train also [[journey_change_lower_fare_title]]; after a moved price [[journey_change_price_moved_title]], after a refused card [[journey_change_card_refused_title]] with the server's sentence",
    cardForm:
      '[[journey_change_card_title]]: card number, expiry date, security code and name on card, with [[journey_change_card_submit]]',
    paying:
      '[[journey_change_paying]]; when the answer was lost [[journey_change_checking]], then [[journey_change_unconfirmed_title]] with Check again',
    changed:
      '[[journey_change_opening_new_booking]], then the new booking with [[booking_detail_journey_changed_title]] and [[booking_detail_journey_changed_trail]]',
  },
  outcomes: {
    'fetchOptions answers [notOffered]':
      "the retailer's service has no change calls (they are not in the spec), though it answers for the booking: the local server in spec mode (`API_SHAPE=spec npm start`), the page's address typed in",
    'fetchOptions answers [hasChangeable]': {
      use: york,
      text: 'the change service answers what the booking may change, with the fee and their saved cards',
    },
    'fetchOptions answers': {
      use: 'Manchester → Euston (Advance, left an hour before the data was seeded)',
      text: 'the change service says nothing on the booking can be changed now, each choice with its rule',
    },
    'fetchOptions fails': blocked('change service', 'change-of-journey/options/…', 'then open the page'),
    'fetchDepartures answers': "the change service answers the route's trains that day from the time given",
    'fetchDepartures fails': blocked('change service', 'change-of-journey/departures/…', 'before pressing'),
    'fetchQuote answers': 'the change service prices the change of the chosen trains',
    'fetchQuote fails':
      'the change service refuses the train (it filled up or was cancelled meanwhile: a train that left since the list was shown) or cannot be reached (developer tools: block the request change-of-journey/quote/… before pressing)',
    'cardForm answers':
      "with card 4242 4242 4242 4242 (or 4000 0000 0000 0002, refused later), a future expiry date, 123 and a name, they press the card form's pay button",
    'pay answers [isChanged]': 'the change service issues the new booking',
    'pay answers [isPriceMoved]': {
      use: manchester,
      text: "the change service says the price moved since the review (an Advance fare rises a fifth in its train's last 2 days: review a train just outside them, pay once inside)",
    },
    'pay answers [isCardRefused]': {
      use: manchester,
      text: 'the change service says the card was declined (the new card 4000 0000 0000 0002)',
    },
    'pay answers':
      'the change service refuses the change with its own sentence (e.g. "This price has expired: choose your train again." after 30 minutes on the review)',
    'pay fails': lost('change service', 'change-of-journey/pay/…'),
  },
};
