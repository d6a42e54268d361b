import { createFileRoute } from '@tanstack/react-router';
import { firstDataCache } from '#src/config/timeouts';
import { Page } from '#src/ui/page';
import { PersonalDetailsForm } from './-components/personal-details/personal-details-form';
import { m } from '#src/paraglide/messages.js';

export const Route = createFileRoute('/_account/personal-details')({
  // The personal details (docs/decisions/730): loaded by the router, preloaded on intent.
  loader: async (load) =>
    (await import('./-components/personal-details/load-personal-details')).loadPersonalDetails(load),
  ...firstDataCache,
  component: function PersonalDetailsRoute() {
    return (
      <Page title={m.common_personal_details()} narrow>
        <PersonalDetailsForm first={Route.useLoaderData()} />
      </Page>
    );
  },
});
