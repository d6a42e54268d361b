import { useEffect, useState, type ReactNode } from 'react';

/**
 * How long a live region is on the page, empty, before its text goes in. Screen readers announce
 * a change inside a region they already know; a region inserted already holding its text is
 * announced unreliably (NVDA and JAWS with Chrome often say nothing). Long enough for the browser
 * to have put the empty region in its accessibility tree, short enough to read as at once.
 */
export const liveRegionFillDelayMs = 100;

/**
 * False on the first render, true `liveRegionFillDelayMs` later: a component that mounts with a
 * message (an alert, a status, a loading note) renders its live region empty first and fills it
 * once the region exists, so the message is announced as a change.
 */
export function useFilledLater(): boolean {
  const [filled, setFilled] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setFilled(true), liveRegionFillDelayMs);
    return () => clearTimeout(timer);
  }, []);
  return filled;
}

export interface LiveRegionProps {
  /** The message; the region is on the page (empty) before it shows. */
  children?: ReactNode;
  as?: 'div' | 'p' | 'span';
  className?: string | undefined;
  id?: string | undefined;
  /** role=alert (assertive) for errors; role=status (polite) otherwise. */
  tone?: 'polite' | 'alert';
  /**
   * What the region is about ("Change of journey:"), shown from its first render, before the
   * message that is filled later: the line is on the page with the screen, and a message that comes
   * later is announced with it (aria-atomic).
   */
  lead?: ReactNode;
}

/**
 * The one live-region pattern: a polite region (role=status) that is on the page from its first
 * render and filled later. Render it unconditionally and put the message in it when there is one:
 *
 *   <LiveRegion>{saved ? m.saved() : null}</LiveRegion>
 *
 * A region that mounts together with its message (inside a `{done && …}`) still works: its text
 * goes in a moment after the region (useFilledLater).
 */
export function LiveRegion({ children, as: Tag = 'div', className, id, tone = 'polite', lead }: LiveRegionProps) {
  const filled = useFilledLater();
  return (
    <Tag
      id={id}
      className={className}
      role={tone === 'alert' ? 'alert' : 'status'}
      aria-live={tone === 'alert' ? 'assertive' : 'polite'}
      aria-atomic="true"
    >
      {lead}
      {filled ? children : null}
    </Tag>
  );
}
