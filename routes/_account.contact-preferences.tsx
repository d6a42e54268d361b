import { createFileRoute } from '@tanstack/react-router';
import { Page } from '#src/ui/page';
import { ContactPreferencesPanel } from './-components/contact-preferences/contact-preferences-panel';
import { m } from '#src/paraglide/messages.js';

export const Route = createFileRoute('/_account/contact-preferences')({
  component: ContactPreferencesPage,
});

function ContactPreferencesPage() {
  return (
    <Page title={m.common_contact_preferences()} intro={m.route_contact_preferences_choose_the_marketing_youd_like()}>
      <ContactPreferencesPanel />
    </Page>
  );
}
