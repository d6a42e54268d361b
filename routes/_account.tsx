import { createFileRoute, Outlet, useRouter } from '@tanstack/react-router';
import { useServices } from '#src/services';
import { Page } from '#src/ui/page';
import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import { requireCustomer } from './-components/guards';
import { AccountNav } from './-components/account-nav';
import { OfflineBanner } from './-components/offline-banner';
import * as styles from './-components/shell.css';
import { m } from '#src/paraglide/messages.js';

/** Pathless layout: every registered-customer screen, behind sign-in, with the account navigation. */
export const Route = createFileRoute('/_account')({
  beforeLoad: requireCustomer,
  component: AccountLayout,
});

const accountUnavailableMessage = m.route_we_couldnt_load_your_account();

function AccountLayout() {
  const { accountUnavailable } = Route.useRouteContext();
  const { authActor } = useServices();
  const router = useRouter();
  if (accountUnavailable) {
    return (
      <Page title={m.common_something_went_wrong()}>
        <OfflineBanner />
        <Alert tone="error">{accountUnavailableMessage}</Alert>
        <Button
          onClick={() => {
            authActor.send({ type: 'auth.retry' });
            void router.invalidate();
          }}
        >{m.common_try_again()}</Button>
      </Page>
    );
  }
  return (
    <div className={styles.layout}>
      <AccountNav />
      <div>
        <OfflineBanner />
        <Outlet />
      </div>
    </div>
  );
}
