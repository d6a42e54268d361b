import { createFileRoute } from '@tanstack/react-router';
import { firstDataCache } from '#src/config/timeouts';
import { Loading, Page } from '#src/ui/page';
import { useServices } from '#src/services';
import { ChangePasswordForm } from './-components/change-password-form';
import { ChangeEmailForm } from './-components/account-controls/change-email-form';
import { CalendarFeedSection } from './-components/account-controls/calendar-feed';
import { YourDataSection } from './-components/account-controls/your-data';
import * as styles from './-components/account-controls/account-controls.css';
import { m } from '#src/paraglide/messages.js';

export const Route = createFileRoute('/_account/account-controls')({
  // The calendar feed's settings and the data export's state (docs/decisions/730): loaded by the
  // router, preloaded on intent; meanwhile the page with its parts' own loading words, and a failure
  // is that part's error with Try again.
  loader: async (load) =>
    (await import('./-components/account-controls/load-account-controls')).loadAccountControls(load),
  ...firstDataCache,
  // The pending page travels with the screen's chunk, not the route tree every page loads.
  codeSplitGroupings: [['component', 'pendingComponent'], ['errorComponent'], ['notFoundComponent']],
  pendingComponent: function AccountControlsPending() {
    return (
      <Page title={m.common_account_controls()} narrow>
        <Loading />
      </Page>
    );
  },
  component: AccountControls,
});

function AccountControls() {
  const { pageData } = useServices();
  const first = Route.useLoaderData();
  return (
    <Page title={m.common_account_controls()} narrow>
      <div className={styles.sections}>
        <div className={styles.section}>
          <ChangePasswordForm headingClassName={styles.heading} />
        </div>
        {pageData.features['change-email'] && (
          <div className={styles.section}>
            <ChangeEmailForm />
          </div>
        )}
        <div className={styles.section}>
          <CalendarFeedSection first={first.feed} />
        </div>
        <div className={styles.section}>
          <YourDataSection first={first.dataExport} />
        </div>
      </div>
    </Page>
  );
}
