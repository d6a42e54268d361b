import { lost, signedInAs, type MachineWords } from './words';

/**
 * The lost-answer attempt every money-moving flow invokes (machines/submit-with-lost-answer.ts),
 * told on the refund page; the Delay Repay, insurance and assistance screens read the same with
 * their own words for it.
 */
export const submitWithLostAnswer: MachineWords = {
  screen:
    "the refund page of a booking they can refund, after [[refund_screen_confirm_refund]] (any flow that moves money or books help does the same: Delay Repay's submit, an insurance claim, booking or cancelling assistance)",
  background: signedInAs('refunds@example.com', 'README, "Refunds"'),
  use: 'Leeds → York (Anytime Day Return)',
  events: {
    'submit.check': 'they press [[common_check_again]]',
    'submit.leave': 'they leave the page (or close the insurance claim dialog)',
  },
  states: {
    sending: '[[refund_request_requesting]]',
    checking: '[[refund_request_checking]]',
    unconfirmed: '[[refund_request_unconfirmed]] with [[common_check_again]]',
    answered: "the flow goes on with the service's answer: the booking opens with its refund",
    refused: "the flow shows the service's refusal: [[refund_request_request_failed]], or what that refusal means",
    left: 'the flow closes the attempt without saying what became of it',
  },
  outcomes: {
    'submit answers': 'the refund service answers the request (first time, or to the check with the same key)',
    'submit fails [isOutcomeUnknown]': lost('refund service', 'customer/refund-quote/…'),
    'submit fails':
      "the refund service refuses (a 4xx with its reason, or its own 500: use the local server's `POST /__test/answer`)",
  },
};
