import { createFileRoute } from '@tanstack/react-router';
import { firstDataCache } from '#src/config/timeouts';
import { Loading, Page } from '#src/ui/page';
import { PersonalDetailsForm } from './-components/personal-details/personal-details-form';
import { m } from '#src/paraglide/messages.js';

export const Route = createFileRoute('/_account/personal-details')({
  // The personal details (docs/decisions/730): loaded by the router, preloaded on intent; meanwhile
  // the form's own loading words, and a failure is the form's error with Try again. A draft kept
  // before a sign-in is laid over what the route loaded.
  loader: async (load) =>
    (await import('./-components/personal-details/load-personal-details')).loadPersonalDetails(load),
  ...firstDataCache,
  // The pending page travels with the form's chunk, not the route tree every page loads.
  codeSplitGroupings: [['component', 'pendingComponent'], ['errorComponent'], ['notFoundComponent']],
  pendingComponent: function PersonalDetailsPending() {
    return (
      <Page title={m.common_personal_details()} narrow>
        <Loading label={m.personal_details_form_loading_your_personal_details()} />
      </Page>
    );
  },
  component: function PersonalDetailsRoute() {
    return (
      <Page title={m.common_personal_details()} narrow>
        <PersonalDetailsForm first={Route.useLoaderData()} />
      </Page>
    );
  },
});
