import { createRootRouteWithContext, Outlet, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import type { AppServices } from '#src/services';
import { NotFound } from '#src/ui/not-found';
import { Page } from '#src/ui/page';
import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import { SiteHeader } from './-components/site-header';
import * as styles from './-components/shell.css';
import { m } from '#src/paraglide/messages.js';

export const Route = createRootRouteWithContext<AppServices>()({
  component: RootLayout,
  notFoundComponent: NotFound,
  errorComponent: RootError,
});

function RootLayout() {
  return (
    <>
      <a href="#main" className={styles.skipLink}>{m.route_root_skip_to_content()}</a>
      <SiteHeader />
      <main id="main" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}

function RootError({ error }: ErrorComponentProps) {
  const router = useRouter();
  const retry = () => void router.invalidate();
  return (
    <Page title={m.common_something_went_wrong()}>
      <Alert tone="error">{error instanceof Error ? error.message : m.route_root_something_went_wrong_please_try()}</Alert>
      <Button onClick={retry}>{m.common_try_again()}</Button>
    </Page>
  );
}
