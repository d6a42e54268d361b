import { createFileRoute } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { firstDataCache } from '#src/config/timeouts';
import { Loading, Page } from '#src/ui/page';
import { ContactPreferencesPanel } from './-components/contact-preferences/contact-preferences-panel';
import { m } from '#src/paraglide/messages.js';

export const Route = createFileRoute('/_account/contact-preferences')({
  // The consents (docs/decisions/730): loaded by the router, preloaded on intent; meanwhile the
  // panel's own loading words, and a failure is the panel's error with Try again.
  loader: async (load) =>
    (await import('./-components/contact-preferences/load-contact-preferences')).loadContactPreferences(load),
  ...firstDataCache,
  // The pending page travels with the screen's chunk, not the route tree every page loads.
  codeSplitGroupings: [['component', 'pendingComponent'], ['errorComponent'], ['notFoundComponent']],
  pendingComponent: function ContactPreferencesPending() {
    return (
      <ContactPreferencesFrame>
        <Loading label={m.contact_preferences_panel_loading_your_contact_preferences()} />
      </ContactPreferencesFrame>
    );
  },
  component: function ContactPreferencesPage() {
    return (
      <ContactPreferencesFrame>
        <ContactPreferencesPanel first={Route.useLoaderData()} />
      </ContactPreferencesFrame>
    );
  },
});

function ContactPreferencesFrame({ children }: { children: ReactNode }) {
  return (
    <Page title={m.common_contact_preferences()} intro={m.route_contact_preferences_choose_the_marketing_youd_like()}>
      {children}
    </Page>
  );
}
