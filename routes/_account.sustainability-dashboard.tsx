import { createFileRoute } from '@tanstack/react-router';
import { treesFor } from '#machines/trees-planted';
import { firstDataCache } from '#src/config/timeouts';
import { useServices } from '#src/services';
import { Button } from '#src/ui/button';
import { Loading, Page } from '#src/ui/page';
import * as styles from './-components/account-overview/trees-planted.css';
import { m } from '#src/paraglide/messages.js';
import { LiveRegion } from '#src/ui/live-region';
import { treesPlantedFlow } from './-components/account-overview/trees-planted.flow';

export const Route = createFileRoute('/_account/sustainability-dashboard')({
  // The lifetime booking count (docs/decisions/730): loaded by the router, preloaded on intent.
  loader: async (load) => (await import('./-components/account-overview/load-order-count')).loadOrderCount(load),
  ...firstDataCache,
  component: SustainabilityDashboard,
});

function SustainabilityDashboard() {
  const { locale } = useServices();
  const [snapshot, send] = treesPlantedFlow.useFlow({ input: { first: Route.useLoaderData() } });
  const number = new Intl.NumberFormat(locale.tag);
  const trees = treesFor(snapshot.context);
  return (
    <Page title={m.route_sustainability_dashboard_sustainability_dashboard()} narrow>
      {snapshot.hasTag('loading') ? (
        <Loading label={m.route_sustainability_dashboard_counting_your_trees()} />
      ) : (
        <>
          <div className={styles.card}>
            <svg className={styles.icon} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
              <path d="M24 3c-7 0-12 5.5-12 12 0 1.4.2 2.7.7 3.9C9.3 20.6 7 24 7 28c0 6 5 11 11 11h4v6h4v-6h4c6 0 11-5 11-11 0-4-2.3-7.4-5.7-9.1.5-1.2.7-2.5.7-3.9 0-6.5-5-12-12-12z" />
            </svg>
            <p className={styles.text}>
              <span className={styles.count}>{number.format(trees)}</span>
              <span className={styles.label}>
                {m.route_sustainability_dashboard_trees_planted_label({ count: trees })}
              </span>
            </p>
          </div>
          <p>
            {snapshot.matches('loaded') &&
              `${m.route_sustainability_dashboard_bookings_made({ count: snapshot.context.bookingCount })} `}
            {m.route_sustainability_dashboard_trees_per_booking({ count: snapshot.context.treesPerBooking })}
          </p>
          {snapshot.matches('failed') && (
            <p className={styles.quiet}>
              <LiveRegion as="span">{m.route_sustainability_dashboard_we_couldnt_count_your_bookings()}</LiveRegion>
              <Button tone="link" onClick={() => send({ type: 'trees.retry' })}>
                {m.common_try_again()}
              </Button>
            </p>
          )}
        </>
      )}
    </Page>
  );
}
