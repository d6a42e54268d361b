import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { m } from '#src/paraglide/messages.js';
import { defaultAfterLogin } from '#src/redirect';
import { useServices } from '#src/services';
import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import { Loading, Page } from '#src/ui/page';
import { signInLinkFlow } from './sign-in-link.flow';

/** /sign-in-link#token=…: the single-use link emailed past the wrong-password slowdown (decision 400). */
export function SignInLinkPage() {
  const { authActor, hashToken } = useServices();
  const navigate = useNavigate();
  const [token] = useState(() => hashToken.take());
  const [snapshot, send] = signInLinkFlow.useFlow({ input: { token } });
  const response = snapshot.output?.response ?? null;
  useEffect(() => {
    if (!response) return;
    authActor.send({ type: 'auth.loggedIn', response });
    void navigate({ to: defaultAfterLogin, replace: true });
  }, [response, authActor, navigate]);
  return (
    <Page title={m.sign_in_link_page_title()} narrow>
      {(snapshot.matches('starting') || snapshot.matches('signingIn') || snapshot.matches('signedIn')) && (
        <Loading label={m.sign_in_link_checking()} />
      )}
      {snapshot.matches('failed') && (
        <>
          <Alert tone="error">{m.sign_in_link_failed()}</Alert>
          <Button onClick={() => send({ type: 'signInLink.retry' })}>{m.common_try_again()}</Button>
        </>
      )}
      {snapshot.matches('expired') && (
        <>
          <Alert tone="error">{m.sign_in_link_expired()}</Alert>
          <Link to="/login">{m.common_sign_in()}</Link>
        </>
      )}
    </Page>
  );
}
