import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env.ts';
import { allows, POLICY, refusal, type AccessKind, type Action } from './policy-table.ts';

export * from './policy-table.ts';

/**
 * The one access policy (docs/access-policy.md): every API route names its action with `can(...)`,
 * and the table (./policy-table.ts) decides, here for account actions and in `authorizeOrder`
 * (./access.ts) for actions on an order.
 */

const ROUTE_ACTIONS = Symbol('routeActions');
type Declared = { actions: readonly Action[] };

/** The actions a `can()` middleware declares, for the route walk test; undefined for other handlers. */
export function declaredActions(handler: unknown): readonly Action[] | undefined {
  return typeof handler === 'function'
    ? (handler as unknown as { [ROUTE_ACTIONS]?: Declared })[ROUTE_ACTIONS]?.actions
    : undefined;
}

/** The actions the current route declared (its first is what the route does; the rest it may also ask for). */
export function routeActions(c: { get(key: 'actions'): readonly Action[] | undefined }): readonly Action[] {
  const actions = c.get('actions');
  if (!actions || actions.length === 0) throw new Error('this route names no action: declare it with can(...)');
  return actions;
}

/**
 * The first handler of every API route: names what the route does. `public` and account actions are
 * decided here at once (the subject is the caller's own account); order actions are decided when the
 * handler knows the order (server/lib/access.ts `authorizeOrder`), against the action named here.
 * Further actions are ones the route may also need, decided with `requireAlso` (a refund to a new card).
 */
export function can(action: Action, ...also: Action[]): MiddlewareHandler<AppEnv> {
  const actions = [action, ...also] as const;
  const handler: MiddlewareHandler<AppEnv> = async (c, next) => {
    c.set('actions', actions);
    const rule = POLICY[action];
    if (rule.subject === 'account') {
      const kind = accountKind(c.get('customer'), c.get('guest'), action);
      // Only a signed-in customer has an account to be refused: anyone else is sent to sign in (401).
      if (!allows(action, kind)) throw refusal(action, kind, c.get('customer') !== null, true);
    }
    await next();
  };
  Object.defineProperty(handler, ROUTE_ACTIONS, { value: { actions } satisfies Declared });
  return handler;
}

/** The kind of access a caller has to their own account (a marketing link reaches its preferences only). */
export function accountKind(
  customer: { emailVerified: boolean } | null,
  guest: { flow: string; customerId: string | null; scopes: readonly string[] } | null,
  action: Action,
): AccessKind {
  if (customer) return customer.emailVerified ? 'owner' : 'owner-unproved';
  if (
    action === 'account.preferences' &&
    guest?.flow === 'customer' &&
    guest.customerId &&
    guest.scopes.includes('marketing-preference-unsubscribe')
  ) {
    return 'email-link';
  }
  return 'none';
}
