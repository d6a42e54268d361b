import { createFileRoute } from '@tanstack/react-router';
import { Page } from '#src/ui/page';
import { PersonalDetailsForm } from './-components/personal-details/personal-details-form';

export const Route = createFileRoute('/_account/personal-details')({
  component: () => (
    <Page title="Personal details" narrow>
      <PersonalDetailsForm />
    </Page>
  ),
});
