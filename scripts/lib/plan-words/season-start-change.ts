import { blocked, lost, signedInAs, type MachineWords } from './words';

/** A season's change of start date (decisions 690 and 790): Sam Patel's monthly season of the README. */
const ipswich = "Ipswich → London Liverpool Street (Sam Patel's monthly season, starting two weeks after seeding)";

export const seasonStartChange: MachineWords = {
  screen: `[[season_start_title]] (/my-account/bookings/{bookingId}/change-start-date): on a season that has not started, [[season_start_entry_link]] under the journey`,
  background: signedInAs(
    'sam.patel@example.com',
    'README, "Change your journey": a guest\'s emailed link opens the same page under /my-account/order-token/{bookingId}/change-start-date',
  ),
  use: ipswich,
  events: {
    'change.retry': 'they press [[common_try_again]]',
    'date.change':
      'under [[season_start_date_legend]] they type a [[season_start_day]], [[season_start_month]] or [[season_start_year]] (a year too far ahead gives [[season_start_error_too_late]])',
    'date.blur': 'they leave the three date fields (Tab past [[season_start_year]])',
    'date.submit [dateValid]': 'with a day from tomorrow up to 90 days ahead, they press [[season_start_continue]]',
    'change.back': 'on the review they press [[season_start_choose_again]]',
    'pay.select': 'under [[journey_change_pay_with]] they choose a saved card or [[journey_change_new_card]]',
    'change.confirm [nothingToPay]': 'on a change that costs nothing they press [[journey_change_confirm_change]]',
    'change.confirm [paysWithSavedCard]': 'with a saved card chosen, they press [[journey_change_pay_and_change]]',
    'change.confirm': 'with [[journey_change_new_card]] chosen, they press [[journey_change_pay_and_change]]',
    'card.cancel': 'on the card form they press Cancel',
    'change.check': 'they press Check again',
  },
  states: {
    starting:
      'the page opens: the date form, [[season_start_not_changeable_title]] or, on a host without the change calls, [[season_start_not_offered]], from what the route loaded, or [[season_start_load_failed]] when it could not; [[season_start_loading]] while it is fetched',
    loading: '[[season_start_loading]]',
    loadFailed: '[[season_start_load_failed]] with [[common_try_again]]',
    notOffered:
      "[[season_start_not_offered]], then [[journey_change_contact_retailer]] with customer service's phone, opening hours and web form, and [[journey_change_back_to_booking]]; no [[common_try_again]]",
    notChangeable:
      "[[season_start_not_changeable_title]] with the rule (Alex Morgan's Reading → Paddington annual season, which has started: [[booking_format_season_started]])",
    choosing:
      "[[season_start_choose_title]]: [[season_start_your_season]] with [[season_start_route]] and [[season_start_valid]], [[journey_change_rules_title]], [[season_start_date_legend]] in three parts with [[season_start_date_hint]], and [[season_start_continue]], disabled until the date is right; once left, a wrong date says [[season_start_error_format]], [[season_start_error_too_soon]] or [[season_start_error_too_late]]; after a refused date the server's reason",
    quoting: '[[season_start_quoting]]',
    reviewing:
      '[[season_start_review_title]]: [[season_start_now_valid]] and [[season_start_new_valid]], [[season_start_fees_caption]], [[journey_change_you_pay]], [[journey_change_pay_with]]; after a moved price [[journey_change_price_moved_title]], after a refused card [[journey_change_card_refused_title]]',
    cardForm:
      '[[journey_change_card_title]]: card number, expiry date, security code and name on card, with [[journey_change_card_submit]]',
    paying:
      '[[season_start_paying]]; when the answer was lost [[journey_change_checking]], then [[journey_change_unconfirmed_title]] with Check again',
    changed:
      '[[season_start_done_title]]: [[season_start_done_dates]], [[season_start_done_reference]], [[season_start_done_paid]], with [[season_start_open_booking]] and [[season_start_open_history]]',
  },
  outcomes: {
    'fetchOptions answers [notOffered]':
      "the retailer's service has no change calls (they are not in the spec), though it answers for the season's booking: the local server in spec mode (`API_SHAPE=spec npm start`), the page's address typed in",
    'fetchOptions answers [isChangeable]': "the change service answers the season's dates, the fee and the saved cards",
    'fetchOptions answers': {
      use: "Alex Morgan's Reading → Paddington annual season (demo@example.com), which has started",
      text: 'the change service says the season has started, so its start date cannot move',
    },
    'fetchOptions fails': blocked('change service', 'change-of-journey/options/…', 'then open the page'),
    'fetchQuote answers': 'the change service prices the new start date: the fee per ticket',
    'fetchQuote fails':
      'the change service refuses the date (the day the season already starts: "The season already starts on this date: choose another.") or cannot be reached (developer tools: block the request change-of-journey/quote/… before pressing)',
    'cardForm answers':
      "with card 4242 4242 4242 4242 (or 4000 0000 0000 0002, refused later), a future expiry date, 123 and a name, they press the card form's pay button",
    'pay answers [isChanged]': 'the change service issues the new booking with the new dates',
    'pay answers [isPriceMoved]': 'the change service says the price moved since the review (a fee changed meanwhile)',
    'pay answers [isCardRefused]': 'the change service says the card was declined (the new card 4000 0000 0000 0002)',
    'pay answers':
      'the change service refuses the change with its own sentence (e.g. "This price has expired: choose your train again." after 30 minutes on the review)',
    'pay fails': lost('change service', 'change-of-journey/pay/…'),
  },
};
