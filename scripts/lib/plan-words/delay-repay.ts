import { blocked, checkAgain, lost, signedInAs, type MachineWords } from './words';

/** The claim form's questions, by their labels. */
const claimFields =
  '[[delay_repay_screen_which_journey_was_delayed]], [[delay_repay_screen_how_many_minutes_late_did]], [[delay_repay_screen_how_would_you_like_to]], and for [[delay_repay_copy_bank_transfer]] [[delay_repay_screen_sort_code]] and [[delay_repay_screen_account_number]]';

/** The claim form and what it may show above it. */
const claimForm = `[[delay_repay_screen_send_your_claim]]: ${claimFields}, and [[delay_repay_screen_send_claim]] (disabled until every question is answered)`;

export const delayRepay: MachineWords = {
  screen:
    'a Delay Repay claim: signed in, Bookings → Past → [[bookings_list_booking_card_claim_delay_repay]] (or [[bookings_list_booking_card_view_delay_repay_claim]]) on a past booking; signed out, the claim link of the Delay Repay email (/my-account/claim-token#token=demo-claim-token, printed by npm start)',
  background: signedInAs(
    undefined,
    'README, "Delay Repay": each past booking shows one kind of claim; for the email link, sign out first',
  ),
  use: 'Leeds → Sheffield (open claim, 34 minutes late)',
  events: {
    'claim.retry [hasSession]':
      'they press [[common_try_again]] (the link was accepted before the claim could be looked up)',
    'claim.retry': 'they press [[common_try_again]]',
    'form.change':
      'they answer a question of [[delay_repay_screen_send_your_claim]] (e.g. type 34 under [[delay_repay_screen_how_many_minutes_late_did]], choose [[delay_repay_copy_bank_transfer]], type sort code 40-12-34 and account number 12345678)',
    'form.blur':
      'they leave a field (Tab to the next one); a field left empty or wrong shows its message (e.g. [[delay_repay_delay_required]])',
    'form.submit [canSubmit]':
      'with every question answered (a journey, a delay of at least 15 minutes, a way to be paid), they press [[delay_repay_screen_send_claim]]',
    'form.submit':
      "with a question unanswered or wrong, they press Enter in the form ([[delay_repay_screen_send_claim]] stays disabled); each question's message shows (e.g. [[delay_repay_payment_type]])",
    'claim.check': checkAgain('the claim', 'claim/…', '[[delay_repay_screen_send_claim]]'),
  },
  states: {
    starting:
      "signed in, the claim the route loaded (with what they typed before signing in again laid over its form), or [[delay_repay_screen_we_couldnt_load_your_claim]] when it could not load; [[delay_repay_screen_loading_your_claim]] while it is fetched; from the email's link, [[common_checking_your_link]]",
    exchanging: '[[common_checking_your_link]]',
    readingToken: '[[common_checking_your_link]]',
    tokenFailed: '[[delay_repay_token_failed]] with [[common_try_again]]',
    noToken:
      '[[delay_repay_screen_we_couldnt_open_your_claim]]: [[delay_repay_no_token]], and [[delay_repay_screen_sign_in_to_see_your]]',
    invalidToken:
      '[[delay_repay_screen_we_couldnt_open_your_claim]]: [[delay_repay_invalid_token]], and [[delay_repay_screen_sign_in_to_see_your]]',
    linkNotOffered:
      '[[delay_repay_screen_we_couldnt_open_your_claim]]: [[delay_repay_link_not_offered]], with [[delay_repay_screen_sign_in_to_see_your]] and [[common_find_a_booking]]',
    loading: '[[delay_repay_screen_loading_your_claim]]',
    loadFailed:
      '[[delay_repay_screen_we_couldnt_load_your_claim]]: [[delay_repay_load_failed]] with [[common_try_again]] (for a claim that is not theirs, [[delay_repay_screen_we_couldnt_open_this_claim]]: [[delay_repay_not_found]] and [[delay_repay_screen_see_your_past_bookings]])',
    loaded: '[[delay_repay_screen_delay_repay_claim]] with the journey and order in its intro',
    'loaded.routing': '[[delay_repay_screen_delay_repay_claim]] with the journey and order in its intro',
    'loaded.punchout':
      '[[delay_repay_screen_delay_repay_claim]]: e.g. [[delay_repay_screen_claim_on_s_website]] with [[delay_repay_screen_continue_to_s_claim_form]] (no form), then [[delay_repay_screen_claim_details]]',
    'loaded.closed':
      "[[delay_repay_screen_delay_repay_claim]]: the claim's status (e.g. [[delay_repay_copy_processing_title]], [[delay_repay_copy_paid_title]], [[delay_repay_copy_expired_title]]) and what happens next, then [[delay_repay_screen_claim_details]] with [[delay_repay_screen_compensation_to_you]]; right after sending, [[delay_repay_screen_thank_you_your_claim_has]] above it",
    'loaded.editing': `[[delay_repay_copy_eligible_title]], [[delay_repay_screen_claim_details]] ([[delay_repay_screen_recorded_delay]], [[delay_repay_screen_estimated_compensation]], [[delay_repay_screen_service_fee]], [[delay_repay_screen_claim_by]]), [[delay_repay_screen_your_estimated_compensation]] with [[delay_repay_screen_how_we_worked_it_out]], then the form ${claimForm}; after signing in again, [[delay_repay_draft_restored]] with what they typed`,
    'loaded.submitting':
      'the button reads [[delay_repay_screen_sending_your_claim]]; the answers stay as given and cannot be changed; after a lost answer [[delay_repay_checking]] above the form, then, if the check gets no answer either, [[delay_repay_unconfirmed]] with [[common_check_again]]',
    'loaded.submitFailed': `above the form [[delay_repay_unprocessable]] with the service's reason (the delay field takes the focus) or [[delay_repay_problem]]; the form ${claimForm} keeps what they typed`,
  },
  outcomes: {
    'startClaimFlow answers': {
      use: 'the email link (York → Newcastle, robin.hughes@example.com)',
      text: 'the claim service accepts the email link (signed out, open /my-account/claim-token#token=demo-claim-token)',
    },
    'startClaimFlow fails [isInvalidToken]':
      'the claim service refuses the link as unknown or expired (open /my-account/claim-token#token=no-such-token)',
    'startClaimFlow fails [hostLacksLinkSessions]':
      'the retailer does not open claims from email links (404: start the local server with API_SHAPE=spec, then open the email link)',
    'startClaimFlow fails': blocked('claim service', 'user-flow-access', 'then open the email link'),
    'fetchClaimToken answers [linkNamesClaim]':
      'the claim service says which claim the link is for and whether its customer has an account',
    'fetchClaimToken answers': {
      use: 'a retailer whose claim-token answer gives only customerRegistered (docs/product/api.md) and whose link session names no claim',
      text: 'the claim service accepts the link but does not say which claim it is for (the local server always names it: the browser replay answers for it)',
    },
    'fetchClaimToken fails': blocked('claim service', 'claim-token', 'then open the email link'),
    'fetchClaim answers [hasDraft]':
      'the claim service answers with the claim, after they signed in again (their session ended when they sent it: sign out in another tab before pressing [[delay_repay_screen_send_claim]], then sign in)',
    'fetchClaim answers':
      'the claim service answers with the claim (each past booking of the demo account shows one kind: open, hand-off, processing, paid, expired …; README, "Delay Repay")',
    'fetchClaim fails': `${blocked('claim service', 'claim/…', 'then open the claim')}; a claim of another account (e.g. Sam Patel's, by its address) gives the not-found message`,
    'submitClaim answers [isSubmitAnswered]': `the claim service accepts the claim (first time, or to the check after ${lost('claim service', 'claim/…')})`,
    'submitClaim answers [isAlreadySubmitted]':
      'the claim service says the claim was sent already (409: send the same claim from another tab first)',
    'submitClaim answers [isUnauthorised]':
      'the claim service says they are no longer signed in (401: sign out in another tab before pressing [[delay_repay_screen_send_claim]]); the sign-in page opens',
    'submitClaim answers':
      'the claim service refuses the claim (422: a delay under 15 minutes, e.g. 5; or block the request claim/… for its other error)',
    'submitClaim fails': 'the page itself fails while sending the claim (no tester can cause it)',
  },
};
