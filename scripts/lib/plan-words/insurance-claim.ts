import { blocked, lost, signedInAs, type MachineWords } from './words';

export const insuranceClaim: MachineWords = {
  screen:
    'the page of a booking with flexible insurance (Bookings → the booking), its insurance part with [[insurance_claim_section_claim_on_your_insurance]]',
  background: signedInAs(undefined, 'README, "Flexible insurance"'),
  use: 'Euston → Manchester (Essential flexible insurance, claimable before departure)',
  events: {
    'insurance.checkEligibility': 'they press [[insurance_claim_section_claim_on_your_insurance]]',
    'insurance.claim':
      'in the dialog they press [[insurance_claim_section_submit_claim]], or [[common_check_again]] where it shows (the claim could not be confirmed)',
    'modal.close': "they press [[common_cancel]] (or the dialog's [[common_close]] button ×, or Escape)",
    'after insuranceRefreshDebounceMs':
      'by itself, when 400 ms have passed since the claim went through (the booking is read again)',
  },
  states: {
    none: 'the insurance (e.g. [[insurance_claim_section_essential]]), what it covers, [[insurance_claim_section_paid]] and its price, and [[insurance_claim_section_claim_on_your_insurance]]; after a claim the booking shows [[insurance_claim_section_claim_made_on_reference]]',
    eligibilityRequest: 'the button reads [[insurance_claim_section_checking_your_cover]] and keeps the focus',
    eligibilitySuccess:
      'a dialog [[insurance_claim_section_claim_on_your]]: [[insurance_claim_section_your_cover_applies_to_this]], with [[insurance_claim_section_submit_claim]] and [[common_cancel]] (the focus on [[common_cancel]])',
    eligibilityFailed:
      "under the insurance, [[insurance_claim_not_claimable]] with the service's reason or [[insurance_claim_section_this_cover_does_not_apply]] (no claim button); or [[insurance_claim_system_error]] (or [[insurance_claim_unexpected_format]]) with [[insurance_claim_section_please_try_again_in_a]] and [[insurance_claim_section_claim_on_your_insurance]] to try again",
    claimRequest:
      'in the dialog the button reads [[insurance_claim_section_submitting_your_claim]] and nothing else can be pressed; after a lost answer it reads [[insurance_claim_checking]], then, if the check gets no answer either, [[insurance_claim_unconfirmed]] with [[common_check_again]] and [[common_cancel]]',
    claimFailed:
      'in the dialog [[insurance_claim_claim_failed]], with [[insurance_claim_section_submit_claim]] (the focus on it) and [[common_cancel]]',
    claimSuccess:
      'the dialog closes: [[insurance_claim_section_your_insurance_claim_has_been]] — [[insurance_claim_section_well_email_you_about_your_reference]]',
    refreshed:
      '[[insurance_claim_section_your_insurance_claim_has_been]], and the booking read again shows [[insurance_claim_section_claim_made_on_reference]]',
  },
  outcomes: {
    'checkEligibility answers [isUnexpectedFormat]':
      "the insurance service answers with something the page cannot read (a retailer's test system; the local server always answers in shape)",
    'checkEligibility answers [isNotClaimable]': {
      use: 'Reading → Bristol (past; Essential, departed)',
      text: 'the insurance service says the cover cannot be claimed on now',
    },
    'checkEligibility answers': 'the insurance service says the cover can be claimed on',
    'checkEligibility fails': blocked('insurance service', 'flexible-insurance/…/eligibility', 'before pressing'),
    'submitClaim answers [isClaimAnswered]': `the insurance service accepts the claim (first time, or to the check after ${lost('insurance service', 'flexible-insurance/…/claim')})`,
    'submitClaim answers [isAlreadyClaimed]':
      'the insurance service says the cover was claimed on already (409: claim the same booking from another tab first)',
    'submitClaim answers [isClaimLeft]': 'they press [[common_cancel]] while the claim could not be confirmed',
    'submitClaim answers':
      'the insurance service refuses the claim (e.g. the booking was refunded from another tab while the dialog was open)',
    'submitClaim fails': 'the page itself fails while claiming (no tester can cause it)',
  },
};
