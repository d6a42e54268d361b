import { blocked, signedInAs, type MachineWords } from './words';

export const accountOverview: MachineWords = {
  screen: 'the account overview (/my-account/account-overview)',
  background: signedInAs(),
  events: {
    'summary.retry': 'they press [[common_try_again]]',
  },
  states: {
    starting:
      'the page opens: the summary the route loaded shows at once, or [[account_overview_sorry_we_could_not_load]] when it could not, or [[account_overview_loading_your_account_summary]] while it is fetched',
    loading:
      "[[account_overview_loading_your_account_summary]] over the summary's place; below, [[account_overview_your_account]] with every section's link already working",
    loaded:
      'their name and email, [[account_overview_at_a_glance]] with e.g. [[account_overview_upcoming_booking_count]] and [[account_overview_saved_card_count]], then [[account_overview_your_account]]: a link per section ([[common_personal_details]], [[common_address_book]], [[common_payment_methods]] …)',
    failed:
      '[[account_overview_sorry_we_could_not_load]] with [[common_try_again]]; the section links below still work',
  },
  outcomes: {
    'fetchAccountSummary answers':
      'the account service answers with their name, email and the counts (8 upcoming bookings, 3 addresses, 3 cards …)',
    'fetchAccountSummary fails': blocked('account service', 'customer/account-summary', 'then open the page'),
  },
};

export const treesPlanted: MachineWords = {
  screen:
    'the page [[route_sustainability_dashboard_sustainability_dashboard]] (/my-account/sustainability-dashboard; on the overview, [[account_overview_sustainability]])',
  background: signedInAs(),
  events: {
    'trees.retry': 'they press [[common_try_again]]',
  },
  states: {
    starting:
      'the trees from what the route loaded, or 0 trees with [[route_sustainability_dashboard_we_couldnt_count_your_bookings]] when it could not; [[route_sustainability_dashboard_counting_your_trees]] while it is fetched',
    loading: '[[route_sustainability_dashboard_counting_your_trees]]',
    loaded:
      '[[route_sustainability_dashboard_trees_planted_label]], [[route_sustainability_dashboard_bookings_made]] [[route_sustainability_dashboard_trees_per_booking]]',
    failed: '0 trees, [[route_sustainability_dashboard_we_couldnt_count_your_bookings]] with [[common_try_again]]',
  },
  outcomes: {
    'fetchOrderCount answers': 'the account service answers with how many bookings they have made',
    'fetchOrderCount fails': blocked('account service', 'customer/order-count', 'then open the page'),
  },
};
