import { createFileRoute } from '@tanstack/react-router';
import { Page } from '#src/ui/page';
import { useServices } from '#src/services';
import { ChangePasswordForm } from './-components/change-password-form';
import { ChangeEmailForm } from './-components/account-controls/change-email-form';
import { CalendarFeedSection } from './-components/account-controls/calendar-feed';
import { YourDataSection } from './-components/account-controls/your-data';
import * as styles from './-components/account-controls/account-controls.css';
import { m } from '#src/paraglide/messages.js';

export const Route = createFileRoute('/_account/account-controls')({
  component: AccountControls,
});

function AccountControls() {
  const { pageData } = useServices();
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
          <CalendarFeedSection />
        </div>
        <div className={styles.section}>
          <YourDataSection />
        </div>
      </div>
    </Page>
  );
}
