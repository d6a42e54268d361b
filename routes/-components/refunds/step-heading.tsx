import { useEffect, useRef, type ReactNode } from 'react';
import * as styles from './refunds.css';

/**
 * The heading of a refund step (summary, confirm, card form): it takes focus when the step appears,
 * so keyboard and screen-reader users land on the new step instead of on a button that has gone.
 * On a page's first render the page's own h1 takes focus after it (parents' effects run last).
 */
export function StepHeading({
  id,
  level = 2,
  className,
  children,
}: {
  id: string;
  level?: 2 | 3;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus({ preventScroll: false });
  }, []);
  const Tag = level === 2 ? 'h2' : 'h3';
  return (
    <Tag
      id={id}
      ref={ref}
      tabIndex={-1}
      className={className ? `${className} ${styles.stepHeading}` : styles.stepHeading}
    >
      {children}
    </Tag>
  );
}
