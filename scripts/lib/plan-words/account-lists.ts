import { blocked, signedInAs, type MachineWords } from './words';

export const addressBook: MachineWords = {
  screen: 'the page [[common_address_book]] (/my-account/address-book)',
  background: signedInAs(undefined, 'README, "Account": 3 addresses'),
  events: {
    'addresses.retry': 'they press [[common_try_again]]',
    'addresses.retry [hasFetchError]': 'after [[address_book_refresh_error]], they press [[common_try_again]]',
    'address.delete [isKnownAddress]': 'beside an address they press [[address_book_page_delete]]',
    'delete.confirm': 'in the dialog they press [[address_book_page_delete_address]]',
    'delete.cancel': 'in the dialog they press [[common_cancel]]',
  },
  states: {
    starting:
      'the page opens: the addresses the route loaded show at once, or [[address_book_fetch_error]] when it could not, or [[address_book_page_loading_your_addresses]] while they are fetched',
    loading:
      '[[common_address_book]]: [[address_book_page_save_addresses_for_ticket_delivery]], [[address_book_page_add_a_new_address]] and [[address_book_page_loading_your_addresses]]',
    fetchFailed: '[[address_book_fetch_error]] with [[common_try_again]]',
    ready:
      '[[address_book_page_saved_addresses]]: each address (with [[address_book_page_last_used_for_delivery]] on one), [[address_book_page_edit]] and [[address_book_page_delete]] (none: [[address_book_page_you_havent_saved_any_addresses]]); after a deletion [[address_book_deleted]]; when the list could not be read again after it, [[address_book_refresh_error]] with [[common_try_again]]',
    'ready.confirming':
      'a dialog [[address_book_page_delete_this_address]]: [[address_book_page_will_be_removed_from_your]], with [[address_book_page_delete_address]] and [[common_cancel]]; after a failed deletion [[address_book_delete_error]] in it',
    'ready.deleting': 'in the dialog the button reads [[common_deleting]]',
    refreshing:
      '[[address_book_deleted]], the list without the address, and [[address_book_page_updating_your_address_book]]',
  },
  outcomes: {
    'fetchAddresses answers': 'the address service answers with their addresses',
    'fetchAddresses fails': blocked(
      'address service',
      'customer/all-addresses',
      'then open the page (or, for the refresh after a deletion, just after confirming)',
    ),
    'deleteAddress answers': 'the address service deletes the address',
    'deleteAddress fails': blocked('address service', 'customer/delete-address', 'before confirming'),
  },
};

export const passengersList: MachineWords = {
  screen: 'the page [[common_passengers_and_railcards]] (/my-account/passengers-and-railcards)',
  background: signedInAs(
    undefined,
    'the passengers-and-railcards feature is on; README, "Account": 4 passengers with valid, expired and digital railcards',
  ),
  events: {
    'list.retry': 'they press [[common_try_again]]',
  },
  states: {
    starting:
      'the page opens: the passengers the route loaded show at once, or [[passengers_page_sorry_we_could_not_load]] when it could not, or [[passengers_page_loading_your_passengers]] while they are fetched',
    loading:
      '[[passengers_page_save_the_people_you_travel]], [[passengers_page_add_a_passenger]] and [[passengers_page_loading_your_passengers]]',
    loaded:
      "[[passengers_page_saved_passengers]]: the account holder first ([[passengers_page_account_holder]]), each passenger's [[passengers_page_date_of_birth]], railcards ([[passengers_page_expires_on]] or [[passengers_page_expired_on]], a digital one with [[passengers_page_show_railcard]]) or [[passengers_page_no_railcards_saved]], and [[passengers_page_edit_passenger]], [[passengers_page_add_a_railcard]], [[passengers_page_edit_railcard]] (only the account holder: [[passengers_page_you_havent_saved_any_other]])",
    failed: '[[common_something_went_wrong]]: [[passengers_page_sorry_we_could_not_load]] with [[common_try_again]]',
  },
  outcomes: {
    'fetchPassengers answers': 'the passenger service answers with their passengers and railcards',
    'fetchPassengers fails': blocked('passenger service', 'customer/passengers-and-railcards', 'then open the page'),
  },
};

export const smartcards: MachineWords = {
  screen: 'the page [[common_smartcards]] (/my-account/smartcards)',
  background: signedInAs(undefined, 'README, "Account": 2 smartcards'),
  events: {
    'smartcards.retry': 'they press [[common_try_again]]',
  },
  states: {
    starting:
      '[[smartcards_page_smartcards_linked_to_your_account]]: the smartcards from what the route loaded, or [[smartcards_fetch_error]] when it could not; [[smartcards_page_loading_your_smartcards]] while they are fetched',
    loading: '[[smartcards_page_smartcards_linked_to_your_account]] and [[smartcards_page_loading_your_smartcards]]',
    loadFailed: '[[smartcards_fetch_error]] with [[common_try_again]]',
    loaded:
      '[[smartcards_page_your_smartcards]]: each as [[smartcards_page_smartcard_ending]] with its [[common_status]] and expiry, and any [[smartcards_page_tickets_waiting_to_be_loaded]] with [[smartcards_page_valid_from_collect_by]] and [[smartcards_page_touch_your_smartcard_on_a]] (or [[smartcards_page_this_smartcard_cannot_receive_tickets]]); none: [[smartcards_page_you_dont_have_any_smartcards]]; a retailer without smartcards: [[common_not_available_here]]',
  },
  outcomes: {
    'fetchSmartcards answers':
      'the smartcard service answers with their smartcards (with API_SHAPE=spec the retailer has none to offer: the not-available message)',
    'fetchSmartcards fails': blocked('smartcard service', 'customer/smartcards', 'then open the page'),
  },
};
