import { createFileRoute, Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useServices } from '#src/services';
import { logoutErrorMessage } from '#src/copy/auth';
import { Page, Loading } from '#src/ui/page';
import { Alert } from '#src/ui/alert';
import { rich } from '#src/i18n/rich';
import { m } from '#src/paraglide/messages.js';

/** Logout: POST /logout, user null, then /login (the auth machine redirects); failure keeps the user signed in. */
export const Route = createFileRoute('/logout')({
  component: Logout,
});

function Logout() {
  const { authActor } = useServices();
  const error = useSelector(authActor, (s) => s.context.logoutError);
  const status = useSelector(authActor, (s) =>
    s.hasTag('loading') ? 'loading' : (s.context.user?.status ?? 'UNKNOWN'),
  );
  useEffect(() => {
    const snap = authActor.getSnapshot();
    if (snap.matches('authorised') || snap.matches('guest')) authActor.send({ type: 'auth.logout' });
  }, [authActor, status]);
  return (
    <Page title={m.route_logout_sign_out()}>
      {error ? (
        <Alert tone="error">{logoutErrorMessage()}</Alert>
      ) : status === 'UNKNOWN' ? (
        <p>
          {rich(m.route_logout_you_have_signed_out, {
            link: <Link to="/login">{m.route_logout_sign_in_again()}</Link>,
          })}
        </p>
      ) : (
        <Loading label={m.route_logout_signing_you_out()} />
      )}
    </Page>
  );
}
