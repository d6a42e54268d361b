import { blocked, signedInAs, type MachineWords } from './words';

export const seasonRenewal: MachineWords = {
  screen:
    "the part [[season_renewal_list_heading]] of the page [[common_payment_methods]] (/my-account/payment-methods), or [[season_renewal_heading]] on a season ticket's booking page (Bookings → Season → the annual season)",
  background: signedInAs(
    undefined,
    'README, "Account": the Reading → London Paddington annual season renews automatically with the Mastercard',
  ),
  events: {
    'renewals.retry': 'they press [[common_try_again]]',
    'renewals.cardsChanged':
      'on [[common_payment_methods]] they delete a card (its own plan: saved-cards); the card is no longer offered under [[season_renewal_card_label]]',
    'renewal.turnOn [canTurnOn]':
      'with a card chosen under [[season_renewal_card_label]], they press [[season_renewal_turn_on]]',
    'renewal.turnOff [canTurnOff]': 'they press [[season_renewal_turn_off]]',
  },
  states: {
    loading: 'nothing of the renewals yet (the rest of the page shows)',
    loadFailed:
      '[[season_renewal_list_heading]] (or [[season_renewal_heading]]): [[season_renewal_fetch_error]] with [[common_try_again]]',
    absent: 'no renewal part at all (the rest of the page as usual)',
    ready:
      '[[season_renewal_list_heading]]: per season ticket, [[season_renewal_route]] and either [[season_renewal_is_on]], [[season_renewal_paid_with]] and [[season_renewal_turn_off]], or [[season_renewal_is_off]], [[season_renewal_card_label]] and [[season_renewal_turn_on]] (no card that can pay: [[season_renewal_no_card]]); after a change [[season_renewal_turned_on]] or [[season_renewal_turned_off]] and the focus on the other button; after a refusal, e.g. [[season_renewal_card_expired]], [[season_renewal_ended]] or [[season_renewal_save_error]]',
    'ready.saving': 'the pressed button reads [[common_saving]]',
  },
  outcomes: {
    'fetchRenewals answers [isAbsent]':
      'the retailer has no renewal calls (404: start the local server with API_SHAPE=spec)',
    'fetchRenewals answers':
      'the renewal service answers with their season tickets that can renew, and their saved cards',
    'fetchRenewals fails': blocked('renewal service', 'customer/season-renewals', 'then open the page'),
    'saveRenewal answers': 'the renewal service turns the renewal on or off',
    'saveRenewal fails':
      "the renewal service refuses (the chosen card was deleted from another tab meanwhile; [[season_renewal_card_expired]] and [[season_renewal_ended]] come from a retailer's test system, as the page offers neither an expired card nor an ended season) or cannot be reached (developer tools: block the request customer/season-renewals/… before pressing)",
  },
};
