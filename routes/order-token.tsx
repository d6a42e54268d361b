import { createFileRoute, Link, Outlet } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { settledAuth } from './-components/guards';
import { useServices } from '#src/services';
import { Alert } from '#src/ui/alert';

/**
 * Guest (user-flow access) routes. A token in the URL hash was taken from the address bar at
 * start-up; here it becomes the order token sent with booking, history, check-in, refund and
 * claim calls, and starts a guest session (x-user-flow-id: order.{session}).
 */
export const Route = createFileRoute('/order-token')({
  beforeLoad: async ({ context }) => {
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
  const status = useSelector(authActor, (s) => s.context.user?.status ?? 'UNKNOWN');
  if (guestError || (status === 'UNKNOWN' && !api.orderToken)) {
    return (
      <Alert tone="error" title="We couldn't open this booking">
        <p>{guestError ?? 'To see a booking without signing in, open the link in your booking confirmation email.'}</p>
        <p>
          <Link to="/find-booking">Find your booking</Link> or <Link to="/login">sign in</Link>.
        </p>
      </Alert>
    );
  }
  return <Outlet />;
}
