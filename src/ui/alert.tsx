import type { ReactNode } from 'react';
import * as styles from './alert.css';
import { useFilledLater } from './live-region';

export interface AlertProps {
  tone: 'error' | 'success' | 'info';
  title?: string;
  children?: ReactNode;
  /** For a field the message is about to point at it (aria-describedby). */
  id?: string | undefined;
}

/**
 * Errors are announced assertively (role=alert); success and info politely (role=status). The
 * region is on the page, empty, before its message goes in (src/ui/live-region.tsx), so the
 * message is announced even where the alert appears together with it.
 */
export function Alert({ tone, title, children, id }: AlertProps) {
  const filled = useFilledLater();
  return (
    <div id={id} className={filled ? styles.tone[tone] : undefined} role={tone === 'error' ? 'alert' : 'status'}>
      {filled && title && <p className={styles.title}>{title}</p>}
      {filled && children}
    </div>
  );
}
