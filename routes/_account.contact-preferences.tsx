import { createFileRoute } from '@tanstack/react-router';
import { useMemo } from 'react';
import { consentsApi } from '#src/api/consents';
import { useServices } from '#src/services';
import { Page } from '#src/ui/page';
import { ContactPreferencesPanel } from './-components/contact-preferences/contact-preferences-panel';

export const Route = createFileRoute('/_account/contact-preferences')({
  component: ContactPreferencesPage,
});

function ContactPreferencesPage() {
  const { api } = useServices();
  const consents = useMemo(() => consentsApi(api), [api]);
  return (
    <Page title="Contact preferences" intro="Choose the marketing you'd like from us. Each change is saved as soon as you make it.">
      <ContactPreferencesPanel api={consents} />
    </Page>
  );
}
