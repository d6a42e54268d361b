import { createRootRouteWithContext, Outlet, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
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
      {/* To the page's h1, past the account menu and the language picker at the top of main (WCAG 2.4.1).
          Handled here rather than by the fragment: a hash in the address would be read as a guest token's place. */}
      <a href="#page-title" className={styles.skipLink} onClick={skipToContent}>
        {m.route_root_skip_to_content()}
      </a>
      <SiteHeader />
      <main id="main" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}

function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  const target = document.getElementById('page-title') ?? document.getElementById('main');
  target?.focus();
  target?.scrollIntoView();
}

function RootError({ error }: ErrorComponentProps) {
  const router = useRouter();
  const retry = () => void router.invalidate();
  return (
    <Page title={m.common_something_went_wrong()}>
      <Alert tone="error">
        {error instanceof Error ? error.message : m.route_root_something_went_wrong_please_try()}
      </Alert>
      <Button onClick={retry}>{m.common_try_again()}</Button>
    </Page>
  );
}
