import type { ButtonHTMLAttributes } from 'react';
import { buttonClass, type ButtonTone } from './button-class';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  tone?: ButtonTone;
  block?: boolean;
  /** Shows a busy label and marks the button busy for assistive tech. */
  busy?: boolean;
  busyLabel?: string;
}

export function Button({ tone, block, busy = false, busyLabel, children, type = 'button', ...rest }: ButtonProps) {
  return (
    <button type={type} className={buttonClass({ tone, block })} aria-busy={busy || undefined} {...rest}>
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}
