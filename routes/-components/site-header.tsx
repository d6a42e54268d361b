import { Link, useRouterState } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useServices } from '#src/services';
import { logoutErrorMessage } from '#src/copy/auth';
import { portalInfo } from '#src/config/portals';
import { signInReturn } from '#src/redirect';
import { Alert } from '#src/ui/alert';
import * as styles from './shell.css';
import { m } from '#src/paraglide/messages.js';

export function SiteHeader() {
  const { authActor, pageData } = useServices();
  const user = useSelector(authActor, (s) => s.context.user);
  const loggingOut = useSelector(authActor, (s) => s.matches('loggingOut'));
  // Until the user is known, neither "Sign in" nor "Sign out": a signed-in customer never sees
  // "Sign in" flash, and the area keeps its height (shell.css.ts), so nothing moves.
  const fetchingUser = useSelector(authActor, (s) => s.matches('fetchingUser'));
  const logoutError = useSelector(authActor, (s) => s.context.logoutError);
  const info = portalInfo[pageData.portal];
  // Signing in from a page (a guest booking, say) comes back to it, not to Upcoming.
  const here = useRouterState({ select: (s) => s.location.href });
  const back = signInReturn(here);
  return (
    <header className={styles.header}>
      <div className={styles.headerInner}>
        <Link to="/bookings/upcoming" className={styles.brand}>
          {info.brandName} <span aria-hidden="true">·</span> {info.accountHeading}
        </Link>
        <div className={styles.userArea}>
          {user?.status === 'AUTHORISED' && (
            <>
              <span className={styles.userEmail}>
                <span className="visually-hidden">{m.site_header_signed_in_as()} </span>
                {user.email}
              </span>
              <button
                type="button"
                className={styles.headerButton}
                // aria-disabled, not disabled: it keeps the focus while signing out (decision 371).
                aria-disabled={loggingOut || undefined}
                aria-busy={loggingOut || undefined}
                onClick={() => {
                  if (!loggingOut) authActor.send({ type: 'auth.logout' });
                }}
              >
                {loggingOut ? m.site_header_signing_out() : m.site_header_sign_out()}
              </button>
            </>
          )}
          {user?.status === 'GUEST' && (
            <span className={styles.userEmail}>{m.site_header_guest({ email: user.email ?? '' })}</span>
          )}
          {!fetchingUser && user?.status !== 'AUTHORISED' && (
            <Link to="/login" search={back ? { redirect: back } : {}} className={styles.headerButton}>
              {m.common_sign_in()}
            </Link>
          )}
        </div>
      </div>
      {logoutError && (
        <div className={styles.headerAlert}>
          <Alert tone="error">{logoutErrorMessage()}</Alert>
        </div>
      )}
    </header>
  );
}
