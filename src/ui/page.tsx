import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import * as styles from './page.css';
import { m } from '#src/paraglide/messages.js';
import { nextTask } from '#src/next-task';
import { focusOnPage } from './focus-fallback';
import { LiveRegion } from './live-region';

export interface PageProps {
  title: string;
  intro?: ReactNode;
  narrow?: boolean;
  children?: ReactNode;
}

/** How many screens have been shown in this document: the first one is the page load's. */
let screensShown = 0;

/**
 * A screen: its h1 takes focus when the screen appears, so keyboard and screen-reader users
 * land on the new content after a navigation, and the document title follows it.
 */
export function Page({ title, intro, narrow = false, children }: PageProps) {
  const ref = useRef<HTMLHeadingElement>(null);
  // A screen that replaces another (a loading screen by the booking, one route by the next) took the
  // focus away with the old one: the h1 takes it at once, in the same commit, so it is never on
  // <body> in between (decision 580). The document's first screen waits for the task below.
  useLayoutEffect(() => {
    const replacing = screensShown > 0;
    screensShown += 1;
    if (replacing && (focusOnPage() || document.activeElement?.id === 'main'))
      ref.current?.focus({ preventScroll: true });
  }, []);
  useEffect(() => {
    document.title = m.ui_page_my_account({ title });
    // In a task of its own: focusing makes the browser lay the new screen out at once, which was
    // 35-70 ms of the render's task on Lighthouse's slow phone (total blocking time).
    // If focus moved in the meantime (the customer was quicker), it stays where they put it.
    const before = document.activeElement;
    let current = true;
    void nextTask().then(() => {
      if (current && document.activeElement === before) ref.current?.focus({ preventScroll: true });
    });
    return () => {
      current = false;
    };
  }, [title]);
  return (
    <section className={narrow ? `${styles.page} ${styles.narrow}` : styles.page} aria-labelledby="page-title">
      <h1 id="page-title" ref={ref} tabIndex={-1} className={styles.heading}>
        {title}
      </h1>
      {intro && <p className={styles.intro}>{intro}</p>}
      {children}
    </section>
  );
}

/** A loading note, in a polite live region that is on the page before its words (live-region.tsx). */
export function Loading({ label = m.ui_page_loading() }: { label?: string }) {
  return (
    <LiveRegion as="p" className={styles.loading}>
      {label}
    </LiveRegion>
  );
}

/**
 * While a route's code or data loads (the router's pending screen), the screen the focus was on is
 * gone: the focus waits on <main> (tabIndex=-1) until the new screen's h1 takes it (decision 580).
 */
export function PendingScreen() {
  useLayoutEffect(() => {
    if (focusOnPage() && screensShown > 0) document.getElementById('main')?.focus({ preventScroll: true });
  }, []);
  return <Loading />;
}
