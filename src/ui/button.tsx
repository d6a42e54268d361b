import type { ButtonHTMLAttributes } from 'react';
import * as styles from './button.css';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  tone?: 'primary' | 'secondary' | 'danger' | 'link';
  block?: boolean;
  /** Shows a busy label and marks the button busy for assistive tech. */
  busy?: boolean;
  busyLabel?: string;
}

export function Button({ tone, block, busy = false, busyLabel, children, type = 'button', ...rest }: ButtonProps) {
  return (
    <button type={type} className={styles.button({ tone, block })} aria-busy={busy || undefined} {...rest}>
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}
