import { redirect } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import type { AppServices } from '#src/services';
import { safeRedirectPath } from '#src/redirect';

/** Waits until the auth actor has settled (not fetching the user, starting a guest session or logging out). */
export const settledAuth = async (services: Pick<AppServices, 'authActor'>) => {
  return waitFor(services.authActor, (s) => !s.hasTag('loading'), { timeout: 20_000 });
};

/** Registered customers only; anyone else goes to /login and comes back afterwards. */
export const requireCustomer = async ({ context, location }: { context: AppServices; location: { href: string } }) => {
  const snapshot = await settledAuth(context);
  // The user could not be fetched at all: the layout shows the problem with a retry.
  if (snapshot.matches('unavailable')) return { user: null, accountUnavailable: true };
  if (snapshot.context.user?.status !== 'AUTHORISED') {
    throw redirect({ to: '/login', search: { redirect: safeRedirectPath(location.href) } });
  }
  return { user: snapshot.context.user, accountUnavailable: false };
};

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
