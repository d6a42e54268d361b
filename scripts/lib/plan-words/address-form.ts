import { blocked, formEvents, signedInAs, type MachineWords } from './words';

/** The address form's fields, by their labels. */
const addressFields =
  '[[address_book_address_form_page_nickname_optional]], [[address_book_address_form_page_country]], [[address_book_address_form_page_address_line_1]], [[address_book_address_form_page_address_line_2_optional]], [[address_book_address_form_page_address_line_3_optional]], [[address_book_address_form_page_town_or_city]], [[address_book_address_form_page_county_optional]], [[address_book_address_form_page_postcode]], [[address_book_address_form_page_address_type]]';

export const addressForm: MachineWords = {
  screen:
    'the address book (/my-account/address-book): [[address_book_page_add_a_new_address]] opens [[address_book_address_form_page_add_an_address]]; [[address_book_page_edit]] beside an address opens [[address_book_address_form_page_edit_address]]',
  background: signedInAs(undefined, 'README, "Account": 3 addresses'),
  events: {
    ...formEvents(
      addressFields,
      '[[address_book_address_form_page_save_address]] (editing: [[address_book_address_form_page_update_address]])',
      'an address line 1, a town and, in the United Kingdom, a postcode (e.g. 1 Station Road, York, YO1 6HT)',
    ),
    'address.retry': 'they press [[common_try_again]]',
  },
  states: {
    starting:
      'the page opens: add, an empty form; edit, the address the route loaded filled in, or [[address_form_not_found]], or [[address_form_fetch_error]] when it could not load; [[address_book_address_form_page_loading_this_address]] while it is fetched',
    loading: '[[address_book_address_form_page_loading_this_address]]',
    loadFailed: '[[address_form_fetch_error]] with [[common_try_again]]',
    notFound: '[[address_form_not_found]] and [[address_book_address_form_page_back_to_address_book]]',
    editing: `the form: ${addressFields} (outside the United Kingdom the postcode is optional; in the United States a [[address_book_address_form_page_state]] too), [[address_book_address_form_page_save_address]] or [[address_book_address_form_page_update_address]] and [[common_cancel]]; after a failed save [[address_form_add_error]] (editing: [[address_form_edit_error]]) with what they typed kept`,
    saving: 'the button reads [[common_saving]]; what they typed stays',
    saved: 'the address book opens, with the address as saved',
  },
  outcomes: {
    'fetchAddress answers': 'the address service answers with the address',
    'fetchAddress fails [isNotFound]':
      'the address service finds no such address in their account (change the address id in the address bar, or delete it in another tab first)',
    'fetchAddress fails': blocked('address service', 'customer/address/…', 'then open the edit page'),
    'saveAddress answers': 'the address service saves the address',
    'saveAddress fails': blocked('address service', 'customer/address', 'before pressing'),
  },
};
