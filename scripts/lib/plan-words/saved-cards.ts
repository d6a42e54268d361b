import { blocked, signedInAs, type MachineWords } from './words';

export const savedCards: MachineWords = {
  screen: 'the page [[common_payment_methods]] (/my-account/payment-methods)',
  background: signedInAs(
    undefined,
    'README, "Account": 3 saved cards, the Mastercard paying the annual season\'s automatic renewal',
  ),
  events: {
    'cards.retry': 'they press [[common_try_again]]',
    'card.delete [isKnownCard]': 'beside a card they press [[payment_methods_page_delete]]',
    'delete.confirm': 'in the dialog they press [[payment_methods_page_delete_card]]',
    'delete.cancel': 'in the dialog they press [[common_cancel]]',
  },
  states: {
    starting:
      'the page opens: the cards the route loaded show at once, or [[saved_cards_fetch_error]] when it could not, or [[payment_methods_page_loading_your_saved_cards]] while they are fetched',
    loading: '[[payment_methods_page_these_are_the_cards_you]] and [[payment_methods_page_loading_your_saved_cards]]',
    loadFailed: '[[saved_cards_fetch_error]] with [[common_try_again]]',
    ready:
      '[[payment_methods_page_saved_cards]]: each card as [[payment_methods_page_card_ending]], [[common_expires]] (or [[common_expired]]) and its date, [[payment_methods_page_name_on_card]], and [[payment_methods_page_delete]] (no cards: [[payment_methods_page_you_dont_have_any_saved]]); after a deletion [[saved_cards_deleted]] and the card is gone; after a refusal, on the card, [[payment_methods_page_this_card_cant_be_deleted]] with the reason and [[payment_methods_page_view_your_season_tickets]], or [[saved_cards_delete_error]]',
    'ready.confirming':
      'a dialog [[payment_methods_page_delete_this_card]]: [[payment_methods_page_will_be_removed_from_your]], with [[payment_methods_page_delete_card]] and [[common_cancel]]',
    'ready.deleting': "the card's button reads [[common_deleting]]",
  },
  outcomes: {
    'fetchCards answers': 'the payment service answers with their saved cards',
    'fetchCards fails': blocked('payment service', 'customer/cards', 'then open the page'),
    'deleteCard answers': {
      use: 'a card that pays no renewal (the Visa)',
      text: 'the payment service deletes the card',
    },
    'deleteCard fails':
      "the payment service refuses with its reason (the Mastercard: it pays the annual season's automatic renewal) or cannot be reached (developer tools: block the request customer/delete-card before confirming)",
  },
};
