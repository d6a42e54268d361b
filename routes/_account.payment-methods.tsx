import { createFileRoute } from '@tanstack/react-router';
import { firstDataCache } from '#src/config/timeouts';
import { PaymentMethodsPage } from './-components/payment-methods/payment-methods-page';

export const Route = createFileRoute('/_account/payment-methods')({
  // The saved cards (docs/decisions/730): loaded by the router, preloaded on intent.
  loader: async (load) => (await import('./-components/payment-methods/load-cards')).loadCards(load),
  ...firstDataCache,
  component: function PaymentMethodsRoute() {
    return <PaymentMethodsPage first={Route.useLoaderData()} />;
  },
});
