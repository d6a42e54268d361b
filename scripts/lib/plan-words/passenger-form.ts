import { blocked, signedInAs, type MachineWords } from './words';

/** The passenger form's fields, by their labels. */
const passengerFields =
  '[[common_first_name]], [[common_last_name]], [[passenger_form_page_date_of_birth]] ([[passenger_form_page_day]], [[passenger_form_page_month]], [[passenger_form_page_year]]), [[passenger_form_page_nickname_optional]], [[passenger_form_page_email_address_optional]]';

export const passengerForm: MachineWords = {
  screen:
    'Passengers and railcards (/my-account/passengers-and-railcards): [[passengers_page_add_a_passenger]] opens the page [[passenger_form_page_add_passenger]]; [[passengers_page_edit_passenger]] beside a passenger opens [[passenger_form_page_edit_passenger]]',
  background: signedInAs(
    undefined,
    'the passengers-and-railcards feature is on; README, "Account": Alex Morgan is the account holder, Jamie, Ruby and Pat are other passengers',
  ),
  use: 'Jamie Morgan (edit)',
  events: {
    'passenger.retry': 'they press [[common_try_again]]',
    'form.change': `they type into a field (${passengerFields})`,
    'form.blur': 'they leave a field (Tab to the next one); a field left empty or wrong shows its message',
    'form.toggleUpdateAccount':
      'editing the account holder, they tick or untick [[passenger_form_page_update_name_in_personal_details]]',
    'form.submit [isValid]':
      'with a first and last name of at least 2 letters and a date of birth in the past (e.g. 27 03 1990), they press [[passenger_form_page_save_passenger]] (editing: [[passenger_form_page_update]])',
    'form.submit':
      "with a field empty or wrong, they press Enter in the form (the button stays disabled); the fields' messages show",
    'delete.request [canDelete]':
      'editing a passenger other than the account holder, they press [[passenger_form_page_delete_passenger]]',
    'delete.confirm': 'in the dialog they press [[passenger_form_page_delete_passenger]]',
    'delete.cancel': 'in the dialog they press [[common_cancel]]',
  },
  states: {
    starting:
      'the page opens: add, an empty form; edit, the passenger the route loaded filled in, or [[passenger_form_load_failed]] (or [[passenger_form_page_we_couldnt_find_this_passenger]]) when it could not load; [[passenger_form_page_loading_passenger]] while it is fetched',
    loading: '[[passenger_form_page_loading_passenger]]',
    loadFailed:
      '[[passenger_form_load_failed]] with [[common_try_again]] (a passenger that does not exist: [[passenger_form_page_we_couldnt_find_this_passenger]], no retry)',
    editing: `the form: ${passengerFields} (for the account holder, [[passenger_form_page_update_name_in_personal_details]] instead of the email, and no delete), [[passenger_form_page_save_passenger]] or [[passenger_form_page_update]], [[passenger_form_page_delete_passenger]] and [[common_cancel]]; after a failed save [[form_passengers_add_failed]] (editing: [[form_passengers_edit_failed]]) with what they typed kept; after a save whose account name could not follow, [[passenger_form_page_personal_details_not_updated]]: [[passenger_form_account_update_failed]]`,
    submitting: 'the button reads [[common_saving]]; what they typed stays',
    confirmingDelete:
      'a dialog [[passenger_form_page_delete_this_passenger]]: [[passenger_form_page_and_their_saved_railcards_will]], with [[passenger_form_page_delete_passenger]] and [[common_cancel]]; after a failed delete, [[passenger_form_delete_failed]] in it',
    deleting: 'in the dialog the button reads [[common_deleting]]',
    saved: 'Passengers and railcards opens, with the passenger as saved',
    deleted: 'Passengers and railcards opens, without the passenger',
  },
  outcomes: {
    'fetchPassenger answers': 'the passenger service answers with the passenger',
    'fetchPassenger fails': blocked(
      'passenger service',
      'passengers/saved-passenger/…',
      'then open the edit page (or change the passenger id in the address: not found)',
    ),
    'savePassenger answers [hasAccountUpdateFailed]': {
      use: 'Alex Morgan (the account holder)',
      text: 'the passenger service saves the passenger but cannot give the account the name (the box ticked and a name in a script other than Latin, e.g. Алекс)',
    },
    'savePassenger answers': 'the passenger service saves the passenger',
    'savePassenger fails': blocked(
      'passenger service',
      'customer/passengers-and-railcards/add-passenger (editing: passengers/edit-passenger/…)',
      'before pressing',
    ),
    'deletePassenger answers': 'the passenger service deletes the passenger and their railcards',
    'deletePassenger fails': blocked('passenger service', 'passengers/delete-passenger', 'before confirming'),
  },
};
