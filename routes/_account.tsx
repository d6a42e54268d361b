import { createFileRoute, Outlet, useRouter } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useServices } from '#src/services';
import { Page } from '#src/ui/page';
import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import { customerLoader, requireCustomer } from './-components/guards';
import { AccountNav } from './-components/account-nav';
import { OfflineBanner } from './-components/offline-banner';
import * as styles from './-components/shell.css';
import { m } from '#src/paraglide/messages.js';

/** Pathless layout: every registered-customer screen, behind sign-in, with the account navigation. */
export const Route = createFileRoute('/_account')({
  // Who is signed in decides in the guard once known; on a first load, in this loader, beside the
  // page's own loader (routes/-components/guards.ts, docs/decisions/800).
  beforeLoad: requireCustomer,
  loader: customerLoader,
  component: AccountLayout,
});

/**
 * Why the account could not be loaded, as the lists say it (decision 343): "check your connection"
 * only when no answer came.
 */
const accountUnavailableMessages = {
  network: m.route_we_couldnt_load_your_account(),
  answer: m.route_account_unreadable_answer(),
  server: m.route_account_server_error(),
} as const;

function AccountLayout() {
  const { accountUnavailable } = Route.useLoaderData();
  const { authActor } = useServices();
  const router = useRouter();
  const failure = useSelector(authActor, (s) => s.context.userFailure);
  // No account navigation once nobody is signed in (an account just closed keeps its confirmation).
  const signedIn = useSelector(authActor, (s) => s.context.user !== null);
  if (accountUnavailable) {
    return (
      <Page title={m.common_something_went_wrong()}>
        <OfflineBanner />
        <Alert tone="error">{accountUnavailableMessages[failure ?? 'network']}</Alert>
        <Button
          onClick={() => {
            authActor.send({ type: 'auth.retry' });
            void router.invalidate();
          }}
        >
          {m.common_try_again()}
        </Button>
      </Page>
    );
  }
  return (
    <div className={styles.layout}>
      {signedIn && <AccountNav />}
      <div>
        <OfflineBanner />
        <Outlet />
      </div>
    </div>
  );
}
