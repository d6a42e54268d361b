/**
 * What each flow is called in a customer's words, and the product requirement area it belongs to:
 * the title and the `@area:` tag of the exported test cases (`npm run plans`, scripts/plans.ts).
 * Areas follow the product's own split (docs/product/screens.md: bookings, account, signing in),
 * one level finer so a test-management tool can file the cases by what the customer is doing.
 * test/model/plan-cases.test.ts fails when a flow has no entry.
 */
export type Area =
  | 'bookings'
  | 'tickets'
  | 'refunds'
  | 'delay-repay'
  | 'insurance'
  | 'passenger-assistance'
  | 'account'
  | 'passengers-and-railcards'
  | 'payment-methods'
  | 'contact-preferences'
  | 'signing-in'
  | 'find-booking';

export interface FlowArea {
  /** The flow as a customer names it (the case titles start with it). */
  name: string;
  area: Area;
}

export const flowAreas: Record<string, FlowArea> = {
  'account-overview': { name: 'Account overview', area: 'account' },
  'account-passenger-assistance': {
    name: 'Passenger assistance across upcoming journeys',
    area: 'passenger-assistance',
  },
  'address-book': { name: 'Address book', area: 'account' },
  'address-form': { name: 'Add or edit an address', area: 'account' },
  auth: { name: 'Signed-in header and session', area: 'signing-in' },
  'booking-detail': { name: "A booking's page", area: 'bookings' },
  'booking-history': { name: 'Booking history', area: 'bookings' },
  'booking-lifecycle': { name: 'What a booking offers', area: 'bookings' },
  'bookings-list': { name: 'Bookings list', area: 'bookings' },
  'calendar-feed': { name: 'Journeys in your calendar', area: 'account' },
  'calling-points': { name: 'Calling points of a journey', area: 'bookings' },
  'change-email': { name: 'Change email address', area: 'account' },
  'change-password': { name: 'Change password', area: 'signing-in' },
  'check-in': { name: 'Check in', area: 'tickets' },
  'confirm-email': { name: 'Confirm an email address', area: 'account' },
  'contact-preferences': { name: 'Contact preferences', area: 'contact-preferences' },
  'delay-repay': { name: 'Delay Repay claim', area: 'delay-repay' },
  'digital-railcard': { name: 'Digital railcard', area: 'passengers-and-railcards' },
  'edit-passengers': { name: "Change a passenger's name on a booking", area: 'bookings' },
  'find-booking': { name: 'Find a booking', area: 'find-booking' },
  'forgot-password': { name: 'Forgotten password', area: 'signing-in' },
  'guest-association': { name: 'Add a guest booking to the account', area: 'bookings' },
  'insurance-claim': { name: 'Claim on flexible insurance', area: 'insurance' },
  'journey-change': { name: 'Change your journey', area: 'bookings' },
  'season-start-change': { name: "Change a season ticket's start date", area: 'bookings' },
  login: { name: 'Sign in', area: 'signing-in' },
  'on-demand-ticket': { name: 'Get a ticket issued now', area: 'tickets' },
  'partial-refund': { name: 'Refund some passengers', area: 'refunds' },
  'passenger-assistance-cancel': { name: 'Cancel passenger assistance', area: 'passenger-assistance' },
  'passenger-assistance-form': { name: 'Request passenger assistance', area: 'passenger-assistance' },
  'passenger-assistance-list': { name: 'Passenger assistance of a booking', area: 'passenger-assistance' },
  'passenger-assistance-review': { name: 'Review passenger assistance', area: 'passenger-assistance' },
  'passenger-form': { name: 'Add or edit a passenger', area: 'passengers-and-railcards' },
  'passengers-list': { name: 'Passengers and railcards', area: 'passengers-and-railcards' },
  'personal-details': { name: 'Personal details', area: 'account' },
  'preferences-token': { name: 'Unsubscribe link of a marketing email', area: 'contact-preferences' },
  'railcard-form': { name: 'Add or edit a railcard', area: 'passengers-and-railcards' },
  'railcard-select': { name: 'Choose a railcard', area: 'passengers-and-railcards' },
  'refund-card-form': { name: 'Card for a refund', area: 'refunds' },
  'refund-quote': { name: 'Refund quote on a booking', area: 'refunds' },
  'refund-request': { name: 'Cancel and refund', area: 'refunds' },
  register: { name: 'Create an account', area: 'signing-in' },
  'resend-email': { name: 'Resend the booking email', area: 'bookings' },
  'reset-password': { name: 'Reset password from the email link', area: 'signing-in' },
  'saved-cards': { name: 'Payment methods', area: 'payment-methods' },
  'season-renewal': { name: 'Season ticket automatic renewal', area: 'tickets' },
  'sign-in-link': { name: 'Sign in with an emailed link', area: 'signing-in' },
  smartcards: { name: 'Smartcards', area: 'tickets' },
  'submit-with-lost-answer': { name: 'A change whose answer was lost', area: 'account' },
  'token-bookings': { name: 'Bookings of a find-booking link', area: 'find-booking' },
  'trees-planted': { name: 'Sustainability dashboard', area: 'account' },
};
