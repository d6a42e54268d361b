import { createFileRoute, Link, Outlet } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { settledAuth } from './-components/guards';
import { guestLinkRefused } from './-components/guest-first-data';
import { useServices } from '#src/services';
import { guestTokenErrorMessage } from '#src/copy/auth';
import { Alert } from '#src/ui/alert';
import { rich } from '#src/i18n/rich';
import { m } from '#src/paraglide/messages.js';

/**
 * Guest (user-flow access) routes. A token in the URL hash was taken from the address bar at
 * start-up; here it becomes the order token sent with booking, history, check-in, refund and
 * claim calls, and starts a guest session (x-user-flow-id: order.{session}).
 */
export const Route = createFileRoute('/order-token')({
  beforeLoad: async ({ context, preload }) => {
    // A hovered or touched link preloads with what the guest is using now: a link's token waiting
    // in memory is taken by the navigation, never by a preload (guest-first-data.ts).
    if (preload) return;
    const token = context.hashToken.take();
    if (!token) return;
    context.api.setOrderToken(token);
    // The user is still being fetched at start-up: wait, then open the guest session.
    const snapshot = await settledAuth(context);
    if (!snapshot.matches('authorised')) {
      context.authActor.send({ type: 'auth.guestToken', token });
      await settledAuth(context);
    }
  },
  component: OrderTokenLayout,
});

function OrderTokenLayout() {
  const { authActor, api } = useServices();
  const guestError = useSelector(authActor, (s) => s.context.guestError);
  // The screens' loaders ask nothing while this refuses the link (guest-first-data.ts).
  const refused = useSelector(authActor, (s) => guestLinkRefused(s, api.orderToken));
  if (refused) {
    return (
      <Alert tone="error" title={m.route_order_token_we_couldnt_open_this_booking()}>
        <p>{guestError ? guestTokenErrorMessage() : m.route_order_token_to_see_a_booking_without()}</p>
        <p>
          {rich(m.route_order_token_find_or_sign_in, {
            find: <Link to="/find-booking">{m.route_order_token_find_your_booking()}</Link>,
            signIn: <Link to="/login">{m.route_order_token_sign_in()}</Link>,
          })}
        </p>
      </Alert>
    );
  }
  return <Outlet />;
}
