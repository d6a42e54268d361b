import type { AppServices } from '#src/services';
import { settledAuth } from './guards';
import type { FirstDataLoad } from './load-first-data';

type AuthSnapshot = ReturnType<AppServices['authActor']['getSnapshot']>;

/**
 * Whether the order-token layout (routes/order-token.tsx) refuses the link: its token was refused
 * (expired, used or unknown: the guest session could not start), or nobody is signed in and no
 * token came with the link. The layout then shows why, and its screens are not drawn.
 */
export const guestLinkRefused = (auth: AuthSnapshot, orderToken: string | null): boolean =>
  auth.context.guestError !== null || ((auth.context.user?.status ?? 'UNKNOWN') === 'UNKNOWN' && !orderToken);

/** What a guest screen's loader reads: the account loaders' part, and who is using the link. */
export interface GuestFirstDataLoad extends FirstDataLoad {
  context: Pick<AppServices, 'api' | 'authActor' | 'hashToken'>;
}

/** Thrown by a preload that asks nothing: the router keeps nothing, and the navigation asks. */
export class GuestPreloadDeclined extends Error {
  constructor() {
    super('A guest screen is preloaded only with the token the guest is using.');
    this.name = 'GuestPreloadDeclined';
  }
}

/**
 * A guest screen's first data, its route's `loader` (docs/decisions/730), asked only once the
 * order-token layout accepts the link: while it refuses (no token, or a token refused) the loader
 * asks nothing and hands the screen nothing (the layout shows the refusal instead of the screen), so
 * no call's 401 sends the guest to sign-in. The layout's guard has by then taken a new link's
 * token from memory and made it the client's order token, so the call carries the token of the
 * booking being opened.
 *
 * A preload (a guest link hovered or touched) asks only with the token the guest is using now:
 * never while a link's token waits in memory for the next navigation (it would go with the old
 * token), while the session is still being settled, or while the link is refused; it then throws,
 * so the router keeps nothing and the navigation asks.
 */
export const loadForGuest = async <T>(load: GuestFirstDataLoad, ask: () => Promise<T>): Promise<T | null> => {
  const { context, preload } = load;
  if (preload && (context.hashToken.peek() !== null || context.authActor.getSnapshot().hasTag('loading'))) {
    throw new GuestPreloadDeclined();
  }
  const auth = await settledAuth(context);
  if (guestLinkRefused(auth, context.api.orderToken)) {
    if (preload) throw new GuestPreloadDeclined();
    return null;
  }
  return ask();
};
