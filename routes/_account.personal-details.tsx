import { createFileRoute } from '@tanstack/react-router';
import { Page } from '#src/ui/page';
import { PersonalDetailsForm } from './-components/personal-details/personal-details-form';
import { m } from '#src/paraglide/messages.js';

export const Route = createFileRoute('/_account/personal-details')({
  component: () => (
    <Page title={m.common_personal_details()} narrow>
      <PersonalDetailsForm />
    </Page>
  ),
});
