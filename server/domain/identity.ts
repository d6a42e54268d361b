/** Identity shapes shared by the auth helpers and every API area. */

export const PROVIDERS = ['internal', 'google', 'facebook', 'apple'] as const;
export type Provider = (typeof PROVIDERS)[number];

/** The signed-in customer behind the `ma_session` cookie. */
export type SessionCustomer = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  provider: Provider;
  sessionId: string;
  /** The customer proved they read mail at `email` (decision 150): only then do guest orders match it. */
  emailVerified: boolean;
};

export type UfacFlow = 'order' | 'customer';

/**
 * Where a guest session's access came from: a link sent to the mailbox of the order, claim or
 * account ('email-link'), or four details typed into Find a booking ('find-booking').
 */
export type AccessOrigin = 'email-link' | 'find-booking';

/** User-flow scopes (docs/product/roles.md): delay repay, marketing preference unsubscribe, on demand, change, refund. */
export const UFAC_SCOPES = [
  'delay-repay',
  'marketing-preference-unsubscribe',
  'on-demand',
  'change',
  'refund',
] as const;
export type UfacScope = (typeof UFAC_SCOPES)[number];

/** A guest acting through a user-flow access session (header `x-user-flow-id: {flow}.{sessionId}`). */
export type GuestSession = {
  sessionId: string;
  flow: UfacFlow;
  /** Set for flow 'order': the only order this session may touch. */
  orderId: string | null;
  /** Set for flow 'customer': the customer whose orders/preferences this session may touch. */
  customerId: string | null;
  /** Set for a Delay Repay email-link session (flow 'order', no order): the one claim it may touch. */
  claimId: string | null;
  email: string;
  scopes: UfacScope[];
  origin: AccessOrigin;
};

export type UserStatus = 'AUTHORISED' | 'GUEST' | 'UNKNOWN';

/** Body of GET /my-account/api/user, POST /login and POST /register. */
export type UserResponse = {
  user: {
    id: string | null;
    email: string | null;
    provider: Provider | null;
    status: UserStatus;
    firstName?: string;
    lastName?: string;
    /**
     * Local extra (not in docs/product/api.md; docs/integrators.md): false for an account created
     * through an OpenID provider that never set a password, so the app offers "Set a password".
     */
    hasPassword?: boolean;
  };
  ufacSession: string | null;
  isRegistered: boolean;
};
