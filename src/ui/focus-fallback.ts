import { useLayoutEffect, useRef } from 'react';

/**
 * Whether the focus has fallen, or is about to fall, to the page: the focused control left the DOM
 * (or none had it), or it is no longer drawn. A screen that suspends while the next one loads is
 * hidden (display: none) before it is removed, and the browser then moves the focus to <body> at its
 * next style update.
 */
export const focusOnPage = () => {
  const active = document.activeElement;
  if (active === null || active === document.body || !active.isConnected) return true;
  // Not drawn (display: none on it or above it); a browser without checkVisibility() is not asked.
  return typeof active.checkVisibility === 'function' && !active.checkVisibility();
};

/**
 * When what is on screen changes (`key`: the chart's state, a list's status) and the change took
 * the focused control away (a submit replaced by its outcome, a button replaced by an alert), the
 * browser leaves the focus on <body> (WCAG 2.4.3). This puts it on `target()` in the same commit,
 * before the browser paints or runs anything else, so the focus is never on the page: by default
 * the screen's h1 (`#page-title`, tabIndex=-1), or what replaced the control. A focus the customer
 * or the screen put somewhere is left alone, and so is the first render (a new screen's h1 takes the
 * focus itself: src/ui/page.tsx). Decision 580.
 */
export function useFocusFallback(
  key: unknown,
  target: () => HTMLElement | null | undefined = () => document.getElementById('page-title'),
) {
  const first = useRef(true);
  const targetRef = useRef(target);
  useLayoutEffect(() => {
    targetRef.current = target;
  });
  useLayoutEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (focusOnPage()) targetRef.current()?.focus();
  }, [key]);
}
