import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useServices } from '#src/services';
import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import { Loading, Page } from '#src/ui/page';
import { confirmEmailCopy } from './email-change-copy';
import { confirmEmailFlow } from './confirm-email.flow';

/** /confirm-email#token=…: applies a requested change of email (decision 150). */
export function ConfirmEmailPage() {
  const { authActor, hashToken } = useServices();
  const [token] = useState(() => hashToken.take());
  const [snapshot, send] = confirmEmailFlow.useFlow({ input: { token } });
  const email = snapshot.context.updatedEmailAddress ?? '';
  const signedIn = useSelector(authActor, (s) => s.context.user?.status === 'AUTHORISED');
  return (
    <Page title={confirmEmailCopy.pageTitle} narrow>
      {(snapshot.matches('starting') || snapshot.matches('confirming')) && (
        <Loading label={confirmEmailCopy.checking} />
      )}
      {snapshot.matches('failed') && (
        <>
          <Alert tone="error">{confirmEmailCopy.failed}</Alert>
          <Button onClick={() => send({ type: 'confirmEmail.retry' })}>{confirmEmailCopy.retry}</Button>
        </>
      )}
      {snapshot.matches('confirmed') && (
        <>
          <Alert tone="success">{confirmEmailCopy.confirmed(email)}</Alert>
          <Link to="/account-controls">{confirmEmailCopy.toAccountControls}</Link>
        </>
      )}
      {snapshot.matches('signInRequired') && (
        <>
          <Alert tone="success">{confirmEmailCopy.signInRequired(email)}</Alert>
          {/* The server ended this browser's session too: a page still showing it signed in signs out first. */}
          {signedIn ? (
            <Button onClick={() => authActor.send({ type: 'auth.logout' })}>{confirmEmailCopy.toSignIn}</Button>
          ) : (
            <Link to="/login">{confirmEmailCopy.toSignIn}</Link>
          )}
        </>
      )}
      {snapshot.matches('expired') && (
        <>
          <Alert tone="error">{confirmEmailCopy.expired}</Alert>
          <Link to="/account-controls">{confirmEmailCopy.toAccountControls}</Link>
        </>
      )}
      {snapshot.matches('emailTaken') && (
        <>
          <Alert tone="error">{confirmEmailCopy.emailTaken}</Alert>
          <Link to="/account-controls">{confirmEmailCopy.toAccountControls}</Link>
        </>
      )}
    </Page>
  );
}
