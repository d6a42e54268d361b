import { redirect } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import type { AppServices } from '#src/services';
import { safeRedirectPath } from '#src/redirect';

/** Waits until the auth actor has settled (not fetching the user, starting a guest session or logging out). */
export const settledAuth = async (services: Pick<AppServices, 'authActor'>) => {
  return waitFor(services.authActor, (s) => !s.hasTag('loading'), { timeout: 20_000 });
};

type AuthSnapshot = ReturnType<AppServices['authActor']['getSnapshot']>;

/** What the account pages' layout needs from the sign-in guard: whether the account could be loaded at all. */
export interface CustomerCheck {
  accountUnavailable: boolean;
}

/** A settled auth actor's answer for an account page: a customer, the account unavailable, or off to sign in. */
const customerCheck = (snapshot: AuthSnapshot, href: string): CustomerCheck => {
  // The user could not be fetched at all: the layout shows the problem with a retry.
  if (snapshot.matches('unavailable')) return { accountUnavailable: true };
  if (snapshot.context.user?.status !== 'AUTHORISED') {
    throw redirect({ to: '/login', search: { redirect: safeRedirectPath(href) } });
  }
  return { accountUnavailable: false };
};

/**
 * Registered customers only; anyone else goes to /login and comes back afterwards.
 *
 * Once who is signed in is known, decided here, before any account page's loader runs: a visitor
 * known to be signed out never sends a page's calls. While it is still being asked (the first
 * load, a retry), the session cookie may be valid: the check is handed on as a promise, which the
 * account layout's loader awaits (`customerLoader`) while the page's own loader starts its calls
 * beside the user call instead of after it (docs/decisions/800). Nothing is drawn until every
 * loader has settled, so a signed-out visitor still sees only the sign-in page, with the way back.
 */
export const requireCustomer = ({
  context,
  location,
}: {
  context: AppServices;
  location: { href: string };
}): { customer: Promise<CustomerCheck> } => {
  const now = context.authActor.getSnapshot();
  if (!now.hasTag('loading')) return { customer: Promise.resolve(customerCheck(now, location.href)) };
  const customer = settledAuth(context).then((settled) => customerCheck(settled, location.href));
  // Awaited by the layout's loader; never an unhandled rejection meanwhile.
  customer.catch(() => undefined);
  return { customer };
};

/** The account layout's loader: the sign-in guard's answer, once who is signed in is known. */
export const customerLoader = ({ context }: { context: { customer: Promise<CustomerCheck> } }) => context.customer;

/** Signed-in customers leave the login page for where they were going. */
export const redirectIfSignedIn = async ({
  context,
  search,
}: {
  context: AppServices;
  search: { redirect?: string | undefined };
}) => {
  const snapshot = await settledAuth(context);
  if (snapshot.context.user?.status === 'AUTHORISED') {
    throw redirect({ to: safeRedirectPath(search.redirect) as '/', replace: true });
  }
};
