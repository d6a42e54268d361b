import { blocked, formEvents, signedInAs, type MachineWords } from './words';

export const personalDetails: MachineWords = {
  screen: 'their personal details (/my-account/personal-details)',
  background: signedInAs(),
  events: {
    ...formEvents(
      '[[common_first_name]] or [[common_last_name]]',
      '[[personal_details_form_save_changes]]',
      'a first name and a last name changed (e.g. Alexandra)',
    ),
    'details.retry': 'they press [[common_try_again]]',
    'form.toggleUpdatePassenger': 'they tick or untick [[personal_details_form_also_update_my_passenger_and]]',
  },
  states: {
    starting:
      'the page opens: the details the route loaded fill the form at once (with what they typed before signing in again laid over them), or [[personal_details_fetch_failed]] when it could not, or [[personal_details_form_loading_your_personal_details]] while they are fetched',
    loading: '[[personal_details_form_loading_your_personal_details]]',
    loadFailed: '[[personal_details_fetch_failed]] with [[common_try_again]]',
    editing:
      'the form [[common_personal_details]]: [[common_first_name]], [[common_last_name]], [[common_email_address]] (read only, with [[personal_details_form_to_change_your_email_address]]), [[personal_details_form_also_update_my_passenger_and]] and [[personal_details_form_save_changes]] (disabled until a name is changed); after a save [[personal_details_form_your_personal_details_have_been]] and the button reads [[personal_details_form_saved]] (or, when the passenger could not take the name, [[personal_details_form_passenger_details_not_updated]]: [[personal_details_passenger_update_failed_lead]] [[common_passengers_and_railcards]]); after a failed save [[personal_details_update_failed]] with what they typed kept; after signing in again, [[personal_details_draft_restored]]',
    saving: 'the button reads [[common_saving]]; what they typed stays',
  },
  outcomes: {
    'fetchPersonalDetails answers [hasDraft]':
      'the account service answers with their details, after they signed in again (their session ended when they saved: sign out in another tab before pressing [[personal_details_form_save_changes]], then sign in)',
    'fetchPersonalDetails answers':
      'the account service answers with their name and email (Alex Morgan, demo@example.com)',
    'fetchPersonalDetails fails': blocked('account service', 'customer/personal-details', 'then open the page'),
    'savePersonalDetails answers':
      "the account service saves the name (with the box ticked and a one-letter name such as “O”, it saves the name but not the passenger's: passenger names need 2 letters)",
    'savePersonalDetails fails [isUnauthorised]':
      'the account service says they are no longer signed in (401: sign out in another tab before pressing [[personal_details_form_save_changes]]); the sign-in page opens',
    'savePersonalDetails fails': blocked('account service', 'customer/personal-details', 'before pressing'),
  },
};
