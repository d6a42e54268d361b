import { blocked, signedInAs, type MachineWords } from './words';

const background = signedInAs(
  undefined,
  'the passengers-and-railcards feature is on; README, "Account": Alex holds a digital Two Together shared with Jamie, Ruby (9) is a child',
);

export const digitalRailcard: MachineWords = {
  screen:
    'the page [[railcards_digital_railcard_page_digital_railcard]]: on Passengers and railcards they press [[passengers_page_show_railcard]] beside a digital railcard',
  background,
  events: {
    'card.enlarge': 'they press [[railcards_digital_railcard_page_show_larger_card_for_inspection]]',
    'card.shrink': 'they press [[railcards_digital_railcard_page_show_smaller_card]]',
    'card.retry': 'they press [[common_try_again]]',
  },
  states: {
    starting:
      'the card from what the route loaded, or [[railcards_digital_railcard_page_sorry_we_could_not_load]] when it could not; [[railcards_digital_railcard_page_loading_your_railcard]] while it is fetched',
    loading: '[[railcards_digital_railcard_page_loading_your_railcard]]',
    showing:
      'the card: its name and holders, [[railcards_digital_railcard_page_railcard_code]], [[railcards_digital_railcard_page_railcard_number]], [[railcards_digital_railcard_page_discount]], [[railcards_digital_railcard_page_valid_from]], [[common_expires]] and [[common_status]] ([[common_valid]] or [[common_expired]]; an expired one under [[railcards_digital_railcard_page_this_railcard_has_expired]]), and [[common_back_to_passengers_and_railcards]]',
    'showing.normal':
      'the card at its usual size, with [[railcards_digital_railcard_page_show_larger_card_for_inspection]]',
    'showing.enlarged':
      'the card filling the width for a ticket inspector, with [[railcards_digital_railcard_page_show_smaller_card]]',
    failed:
      '[[railcards_digital_railcard_page_sorry_we_could_not_load]] with [[common_try_again]] (a card that is not a digital one of theirs: [[railcards_digital_railcard_page_we_couldnt_find_this_digital]], no retry)',
  },
  outcomes: {
    'fetchDigitalRailcard answers': 'the railcard service answers with the digital railcard',
    'fetchDigitalRailcard fails': blocked(
      'railcard service',
      'passengers-and-railcards/digital-railcard/…',
      'then open the page (or change the railcard id in the address: not found)',
    ),
  },
};

export const railcardSelect: MachineWords = {
  screen:
    'the page [[railcards_select_railcard_page_select_a_railcard]]: on Passengers and railcards they press [[passengers_page_add_a_railcard]] beside a passenger',
  background,
  use: 'Ruby Morgan (a child: only the railcards a child can hold)',
  events: {
    'list.retry': 'they press [[common_try_again]]',
  },
  states: {
    starting:
      'the railcards to pick from what the route loaded, or [[railcards_select_railcard_page_sorry_we_could_not_load]] when it could not; [[railcards_select_railcard_page_loading_railcards]] while they are fetched',
    loading: '[[railcards_select_railcard_page_loading_railcards]]',
    loaded:
      '[[railcards_select_railcard_page_choose_a_railcard_to_save]], [[railcards_select_railcard_page_railcards_you_can_add]]: each with its discount, [[railcards_select_railcard_page_valid_for_months]] and [[railcards_select_railcard_page_add_this_railcard]] (none left: [[railcards_select_railcard_page_there_are_no_more_railcards]]); then [[railcards_select_railcard_page_railcards_not_shown]]: [[railcards_select_railcard_page_only_the_railcards_can_hold]] with why (e.g. [[railcards_select_railcard_page_already_has_one_saved]]), and [[common_back_to_passengers_and_railcards]]',
    failed:
      '[[railcards_select_railcard_page_sorry_we_could_not_load]] with [[common_try_again]] (a passenger that is not theirs: [[railcards_select_railcard_page_we_couldnt_find_this_passenger]], no retry)',
  },
  outcomes: {
    'fetchRailcards answers':
      'the railcard service answers with the railcards this passenger can add, and those not offered with why',
    'fetchRailcards fails': blocked(
      'railcard service',
      'passenger/…/railcardslist',
      'then open the page (or change the passenger id in the address: not found)',
    ),
  },
};
