import type { ReactNode } from 'react';
import * as styles from './alert.css';

export interface AlertProps {
  tone: 'error' | 'success' | 'info';
  title?: string;
  children?: ReactNode;
}

/** Errors are announced assertively (role=alert); success and info politely (role=status). */
export function Alert({ tone, title, children }: AlertProps) {
  return (
    <div className={styles.tone[tone]} role={tone === 'error' ? 'alert' : 'status'}>
      {title && <p className={styles.title}>{title}</p>}
      {children}
    </div>
  );
}
