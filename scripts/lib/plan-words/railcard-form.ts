import { blocked, signedInAs, type MachineWords } from './words';

/** The railcard form's fields, by their labels. */
const railcardFields =
  "[[railcard_form_page_railcard_number]], [[railcard_form_page_expiry_date]], and the railcard's own fields (e.g. the second holder's name of a Two Together)";

export const railcardForm: MachineWords = {
  screen:
    'Passengers and railcards (/my-account/passengers-and-railcards): [[passengers_page_add_a_railcard]] beside a passenger, then [[railcards_select_railcard_page_add_this_railcard]] on a railcard, opens [[railcard_form_page_add_railcard]]; [[passengers_page_edit_railcard]] beside a saved railcard opens [[railcard_form_page_edit_railcard]]',
  background: signedInAs(undefined, 'the passengers-and-railcards feature is on; README, "Account"'),
  use: 'Pat Morgan (a valid Senior Railcard; edit)',
  events: {
    'railcard.retry': 'they press [[common_try_again]]',
    'form.change': `they type into a field (${railcardFields})`,
    'form.blur':
      'they leave a field (Tab to the next one); a field left empty or wrong shows its message (e.g. [[form_railcards_card_number_required]])',
    'form.toggleDigital': 'they tick or untick [[railcard_form_page_this_is_a_digital_railcard]]',
    'form.submit [isValid]':
      'with a railcard number of 6 to 12 letters or digits (e.g. SR123456) and an expiry date, they press [[railcard_form_page_save_railcard]] (editing: [[railcard_form_page_update_railcard]])',
    'form.submit':
      "with a field empty or wrong, they press Enter in the form (the button stays disabled); the fields' messages show",
    'delete.request [isEdit]': 'editing a saved railcard, they press [[railcard_form_page_remove_railcard]]',
    'delete.confirm': 'in the dialog they press [[railcard_form_page_remove_railcard]]',
    'delete.cancel': 'in the dialog they press [[common_cancel]]',
  },
  states: {
    starting:
      'the page opens: the railcard the route loaded, filled in to edit or empty to add, or [[form_railcards_load_failed]] (or [[railcard_form_page_we_couldnt_find_this_railcard]]) when it could not load; [[railcard_form_page_loading_railcard]] while it is fetched',
    loading: '[[railcard_form_page_loading_railcard]]',
    loadFailed:
      '[[form_railcards_load_failed]] with [[common_try_again]] and [[common_back_to_passengers_and_railcards]] (a railcard or passenger that does not exist: [[railcard_form_page_we_couldnt_find_this_railcard]], no retry)',
    editing: `the railcard's name, [[railcard_form_page_for]], its [[railcard_form_page_price]], [[railcard_form_page_discount]], [[railcard_form_page_who_can_have_it]] (editing: its [[common_status]]), then ${railcardFields}, [[railcard_form_page_this_is_a_digital_railcard]], [[railcard_form_page_save_railcard]] or [[railcard_form_page_update_railcard]], [[railcard_form_page_remove_railcard]] (editing) and [[common_cancel]]; after the card was checked, [[form_railcards_expired]] or [[form_railcards_invalid]]; after a failed save, [[railcard_form_page_we_cant_save_this_railcard]] with the reason and [[railcard_form_page_see_the_railcards_this_passenger]], or [[form_railcards_save_failed]]; what they typed is kept`,
    checking: 'the button reads [[common_saving]] while the card is checked; what they typed stays',
    saving: 'the button reads [[common_saving]]; what they typed stays',
    confirmingDelete:
      'a dialog [[railcard_form_page_remove_this_railcard]]: [[railcard_form_page_the_will_be_removed_from]], with [[railcard_form_page_remove_railcard]] and [[common_cancel]]; after a failed removal, [[form_railcards_delete_failed]] in it',
    deleting: 'in the dialog the button reads [[railcard_form_page_removing]]',
    saved: 'Passengers and railcards opens, with the railcard as saved',
    deleted: 'Passengers and railcards opens, without the railcard',
  },
  outcomes: {
    'loadRailcard answers': "the railcard service answers with the railcard's type (and, editing, the saved card)",
    'loadRailcard fails': blocked(
      'railcard service',
      'railcard/… (editing: passenger/…/railcard/…)',
      'then open the page',
    ),
    'checkRailcardStatus answers [isExpired]':
      'the railcard service says the card has expired (an expiry date in the past, e.g. yesterday)',
    'checkRailcardStatus answers [isInvalid]':
      "the railcard service does not recognise the card (the number of a railcard saved for another passenger, e.g. Jamie's Network Railcard, NEW3302148)",
    'checkRailcardStatus answers': 'the railcard service says the card is valid',
    'checkRailcardStatus fails': blocked('railcard service', 'passenger/…/railcard-status/…', 'before pressing'),
    'saveRailcard answers': 'the railcard service saves the railcard',
    'saveRailcard fails':
      'the railcard service refuses with its reason (a railcard the passenger cannot hold: open the add-railcard page of Ruby, 9, for a 26-30 Railcard by its address) or cannot be reached (developer tools: block the request passenger/…/railcard/… before pressing)',
    'deleteRailcard answers': 'the railcard service removes the railcard',
    'deleteRailcard fails': blocked('railcard service', 'passenger/…/railcard/…', 'before confirming'),
  },
};
