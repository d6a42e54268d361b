import { ApiError } from './errors.ts';

/**
 * The one access policy's table (docs/access-policy.md): who may perform which action, from the kind
 * of access the caller has to the thing acted on. Routes name their action with `can(...)`
 * (server/lib/policy.ts); a test walks every route against every kind of access and fails when an
 * answer differs from this table (test/server/access-policy.test.ts).
 */

/** The kinds of access the product hands out, relative to the booking, claim or account acted on. */
export const ACCESS_KINDS = [
  /** Signed in, the thing is the account's own, and the account's email is proved. */
  'owner',
  /** Signed in, the thing is the account's own, but nobody has proved the account's mailbox yet. */
  'owner-unproved',
  /** A link sent to the mailbox of the order, the claim or the account (guest link, claim link, marketing link). */
  'email-link',
  /** Signed in with a proved email that is the email a guest order was booked with (not yet added to the account). */
  'account-email',
  /** Four details typed into Find a booking: reference, date, surname and email. Knowledge, not ownership. */
  'find-booking',
  /** Nothing that reaches the thing acted on. */
  'none',
] as const;
export type AccessKind = (typeof ACCESS_KINDS)[number];

/** What is acted on: nothing in particular, the signed-in account, or one order (booking, quote, claim). */
export type Subject = 'public' | 'account' | 'order';

/**
 * Where an action is allowed: `true` always, `false` never, `'guest-order'` only on an order that
 * belongs to no account (a guest order), where the four details are all the proof there can be.
 */
export type Allowance = boolean | 'guest-order';

type Rule = { subject: Subject; what: string; allow: Readonly<Record<AccessKind, Allowance>> };

const anyone: Record<AccessKind, Allowance> = {
  owner: true,
  'owner-unproved': true,
  'email-link': true,
  'account-email': true,
  'find-booking': true,
  none: true,
};
const accountHolder: Record<AccessKind, Allowance> = {
  owner: true,
  'owner-unproved': true,
  'email-link': false,
  'account-email': false,
  'find-booking': false,
  none: false,
};

/** The table: one row per action, one column per kind of access. */
export const POLICY = {
  public: {
    subject: 'public',
    what: 'Sign in, register, reset a password, find a booking, open a link',
    allow: anyone,
  },
  'account.view': {
    subject: 'account',
    what: "Read the account's details, lists and saved things",
    allow: accountHolder,
  },
  'account.edit': {
    subject: 'account',
    what: 'Change saved passengers, railcards, addresses, cards, renewals, calendar feed',
    allow: accountHolder,
  },
  'account.preferences': {
    subject: 'account',
    what: 'Read and change contact preferences (also from the link in a marketing email)',
    allow: { ...accountHolder, 'email-link': true },
  },
  'account.changePassword': { subject: 'account', what: 'Change or set the password', allow: accountHolder },
  'account.changeEmail': {
    subject: 'account',
    what: 'Start a change of email',
    allow: { ...accountHolder, 'owner-unproved': false },
  },
  'account.exportData': {
    subject: 'account',
    what: 'Ask for, and download, a copy of everything the account holds',
    allow: { ...accountHolder, 'owner-unproved': false },
  },
  'account.close': {
    subject: 'account',
    what: 'Close the account (with its password, or a recent sign-in when it has none)',
    allow: { ...accountHolder, 'owner-unproved': false },
  },
  'order.addToAccount': {
    subject: 'account',
    what: "Add guest orders to the account (the order's own emailed token is checked too)",
    allow: accountHolder,
  },
  'booking.view': {
    subject: 'order',
    what: 'See a booking, its history, changeability and Delay Repay or assistance details',
    allow: { ...anyone, none: false },
  },
  'booking.resendToOrderEmail': {
    subject: 'order',
    what: "Send the booking email again to the order's own address",
    allow: {
      owner: true,
      'owner-unproved': true,
      'email-link': true,
      'account-email': false,
      'find-booking': true,
      none: false,
    },
  },
  'ticket.issue': {
    subject: 'order',
    what: 'Check in, issue or download a ticket',
    allow: {
      owner: true,
      'owner-unproved': true,
      'email-link': true,
      'account-email': false,
      'find-booking': 'guest-order',
      none: false,
    },
  },
  'passenger.rename': {
    subject: 'order',
    what: "Change a passenger's name on a booking",
    allow: {
      owner: true,
      'owner-unproved': true,
      'email-link': true,
      'account-email': false,
      'find-booking': false,
      none: false,
    },
  },
  'assistance.manage': {
    subject: 'order',
    what: 'Book or cancel passenger assistance',
    allow: {
      owner: true,
      'owner-unproved': true,
      'email-link': true,
      'account-email': false,
      'find-booking': false,
      none: false,
    },
  },
  'journey.change': {
    subject: 'order',
    what: "Change a journey to other trains, or a season's start date before it starts: search, quote and pay (a guest with a new card only) or be refunded the difference",
    allow: {
      owner: true,
      'owner-unproved': true,
      'email-link': true,
      'account-email': false,
      'find-booking': false,
      none: false,
    },
  },
  'refund.original': {
    subject: 'order',
    what: 'Quote and request a refund to the payment the order was paid with',
    allow: {
      owner: true,
      'owner-unproved': true,
      'email-link': true,
      'account-email': false,
      'find-booking': 'guest-order',
      none: false,
    },
  },
  'refund.newCard': {
    subject: 'order',
    what: 'Refund to a card the order was not paid with (only when the quote asks for one)',
    allow: {
      owner: true,
      'owner-unproved': false,
      'email-link': true,
      'account-email': false,
      'find-booking': false,
      none: false,
    },
  },
  'claim.original': {
    subject: 'order',
    what: 'Claim Delay Repay or insurance paid to the original payment or as a voucher',
    allow: {
      owner: true,
      'owner-unproved': true,
      'email-link': true,
      'account-email': false,
      'find-booking': 'guest-order',
      none: false,
    },
  },
  'claim.newPayout': {
    subject: 'order',
    what: 'Claim Delay Repay paid to new bank details',
    allow: {
      owner: true,
      'owner-unproved': false,
      'email-link': true,
      'account-email': false,
      'find-booking': false,
      none: false,
    },
  },
} as const satisfies Record<string, Rule>;

export type Action = keyof typeof POLICY;
export const ACTIONS = Object.keys(POLICY) as Action[];

/** Whether `kind` may perform `action` on a thing that does (or does not) belong to an account. */
export function allows(action: Action, kind: AccessKind, onAccountOrder = true): boolean {
  const allowance = POLICY[action].allow[kind];
  return allowance === 'guest-order' ? !onAccountOrder : allowance;
}

/**
 * Why a refusal happened, as a code the screens word themselves: nobody at all (401, sign in), a Find
 * a booking session on an account's booking (SIGN_IN_TO_MANAGE), an account whose email is not proved
 * yet (EMAIL_NOT_VERIFIED), or anyone else without the right access (FORBIDDEN).
 */
export function refusal(
  _action: Action,
  kind: AccessKind,
  hasAnyCredential: boolean,
  onAccountOrder: boolean,
): ApiError {
  if (!hasAnyCredential) return new ApiError(401, 'UNAUTHORISED');
  if (kind === 'find-booking' && onAccountOrder) return new ApiError(403, 'SIGN_IN_TO_MANAGE');
  if (kind === 'owner-unproved') return new ApiError(403, 'EMAIL_NOT_VERIFIED');
  return new ApiError(403, 'FORBIDDEN');
}
