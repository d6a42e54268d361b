import { Link } from '@tanstack/react-router';
import { useMachine, useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { fromPromise } from 'xstate';
import { confirmEmailMachine } from '#machines/confirm-email';
import { customerProfileApi } from '#src/api/customer-profile';
import { useServices } from '#src/services';
import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import { Loading, Page } from '#src/ui/page';
import { confirmEmailCopy } from './email-change-copy';

/** /confirm-email#token=…: applies a requested change of email (decision 150). */
export function ConfirmEmailPage() {
  const { api, authActor, hashToken } = useServices();
  const profileApi = useMemo(() => customerProfileApi(api), [api]);
  const [token] = useState(() => hashToken.take());
  const [snapshot, send] = useMachine(
    confirmEmailMachine.provide({
      actors: { confirmEmailChange: fromPromise(({ input }) => profileApi.confirmEmailChange(input.token)) },
      actions: {
        emailChanged: (_, params) => {
          const { user, ufacSession, isRegistered } = authActor.getSnapshot().context;
          if (!user) return;
          authActor.send({
            type: 'auth.userUpdated',
            response: { user: { ...user, email: params.email }, ufacSession, isRegistered },
          });
        },
      },
    }),
    { input: { token } },
  );
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
