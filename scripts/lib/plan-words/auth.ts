import { blocked, type MachineWords } from './words';

/**
 * Who is using the account area: no screen of its own, but every page's header and the account
 * pages follow it (signed in, a guest with an order link, or nobody).
 */
export const auth: MachineWords = {
  // The guest links npm start prints are the demo guest's orders (README, "Demo data").
  slots: { email: 'guest@example.com' },
  screen:
    'any page of My account (/my-account/), its header ([[site_header_signed_in_as]] with [[site_header_sign_out]], [[site_header_guest]], or [[common_sign_in]])',
  background:
    'the local server runs with its demo data (npm start); a scenario whose first answer says they are signed in starts signed in as demo@example.com with RailDemo!2026, any other signed out (README, "Demo data"; the guest links are those npm start prints)',
  events: {
    'auth.retry': 'they press [[common_try_again]]',
    'auth.loggedIn': 'they sign in on [[common_sign_in]] (its own plan: login)',
    'auth.guestToken':
      'they open a guest link printed by npm start (/my-account/order-token/ followed by the booking id and #token=…)',
    'auth.dismissError':
      'no step a tester can take: no control dismisses the message; it goes when they next sign in (skip this step)',
    'auth.logout': 'they press [[site_header_sign_out]] in the header',
    'auth.unauthorised':
      'their session ends while they use a page (sign out in another tab, then press any button that calls the server); the sign-in page opens',
    'auth.accountClosed':
      'they close their account under Account controls ([[close_account_confirm]] with their password); the confirmation stays and the header offers [[common_sign_in]]',
    'auth.userUpdated':
      'they save a change to their account (e.g. a new name under [[common_personal_details]]); the header follows it',
  },
  states: {
    fetchingUser: 'the page waits for a moment (a loading indicator)',
    unavailable:
      '[[common_something_went_wrong]]: [[route_we_couldnt_load_your_account]] (or [[route_account_unreadable_answer]], or [[route_account_server_error]]) with [[common_try_again]]',
    anonymous:
      'the header offers [[common_sign_in]]; an account page opens the sign-in page; after a guest link that failed, [[auth_this_link_has_expired_or]] on it',
    startingGuestSession: 'the page waits for a moment (a loading indicator)',
    guest: "the header reads [[site_header_guest]]; only that order's pages open",
    authorised:
      'the header reads [[site_header_signed_in_as]] with their email and [[site_header_sign_out]]; after a failed sign-out, [[auth_unable_to_perform_the_requested]] under it',
    loggingOut: 'the header button reads [[site_header_signing_out]]',
  },
  outcomes: {
    'fetchUser answers [isAuthorised]': 'the account service says they are signed in',
    'fetchUser answers [isGuest]': 'the account service says this is a guest with an order link',
    'fetchUser answers': 'the account service says nobody is signed in',
    'fetchUser fails': blocked('account service', 'user', 'then open or reload the page'),
    'startGuestSession answers': 'the booking service accepts the guest link',
    'startGuestSession fails [hostLacksGuestSessions]':
      'the retailer has no guest sessions (404: start the local server with API_SHAPE=spec); the link alone opens the order, with no message',
    'startGuestSession fails':
      'the booking service refuses the guest link (change a letter of its token) or cannot be reached (developer tools: block the request user-flow-access)',
    'logout answers': 'the account service signs them out',
    'logout fails': blocked('account service', 'logout', 'before pressing'),
  },
};
