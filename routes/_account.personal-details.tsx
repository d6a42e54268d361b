import { createFileRoute } from '@tanstack/react-router';
import { Page } from '#src/ui/page';
import { PersonalDetailsForm } from './-components/personal-details/personal-details-form';
import { m } from '#src/paraglide/messages.js';

/**
 * Personal details load in their chart, not in a route loader (docs/decisions/730): the browser
 * replay of every edge of the chart (test/e2e/replay-personal-details.test.ts) starts from its
 * loading state, which a loaded start never shows. The chart still takes a route's first data.
 */
export const Route = createFileRoute('/_account/personal-details')({
  component: function PersonalDetailsRoute() {
    return (
      <Page title={m.common_personal_details()} narrow>
        <PersonalDetailsForm />
      </Page>
    );
  },
});
