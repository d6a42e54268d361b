import { createFileRoute, Outlet } from '@tanstack/react-router';
import { requireCustomer } from './-components/guards';
import { AccountNav } from './-components/account-nav';
import * as styles from './-components/shell.css';

/** Pathless layout: every registered-customer screen, behind sign-in, with the account navigation. */
export const Route = createFileRoute('/_account')({
  beforeLoad: requireCustomer,
  component: AccountLayout,
});

function AccountLayout() {
  return (
    <div className={styles.layout}>
      <AccountNav />
      <div>
        <Outlet />
      </div>
    </div>
  );
}
