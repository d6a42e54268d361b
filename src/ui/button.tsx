import type { ButtonHTMLAttributes, MouseEvent, Ref } from 'react';
import { buttonClass, type ButtonTone } from './button-class';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  tone?: ButtonTone;
  block?: boolean;
  /** The <button> itself (to give it the focus back). */
  ref?: Ref<HTMLButtonElement>;
  /** Shows a busy label and marks the button busy for assistive tech. */
  busy?: boolean;
  busyLabel?: string;
  /**
   * Called when the customer presses the button while it is disabled and not busy (a click, Enter,
   * Space, or Enter in one of its form's fields for a submit): a form shows and announces what is
   * still wrong (src/ui/error-summary.tsx). The press still does nothing else.
   */
  onRefused?: () => void;
}

/**
 * A button. `disabled` is drawn with `aria-disabled` rather than the attribute: the button reads
 * as disabled ("dimmed" / "unavailable") and ignores clicks, Enter and Space, and a form's Enter
 * does not submit through it, but it stays focusable, so a submit that disables itself while busy
 * keeps the focus instead of dropping it to the page (WCAG 2.4.3), and a disabled submit can be
 * reached to hear why (the form's submit hint, src/ui/submit-hint.tsx).
 */
export function Button({
  tone,
  block,
  busy = false,
  busyLabel,
  children,
  type = 'button',
  disabled = false,
  onClick,
  onRefused,
  ...rest
}: ButtonProps) {
  const off = disabled || rest['aria-disabled'] === true || rest['aria-disabled'] === 'true';
  const click = (event: MouseEvent<HTMLButtonElement>) => {
    if (off) {
      // A submit's default action (the form's submit event) is what Enter in a field triggers too.
      event.preventDefault();
      if (!busy) onRefused?.();
      return;
    }
    onClick?.(event);
  };
  const button = (
    <button
      type={type}
      className={buttonClass({ tone, block })}
      aria-busy={busy || undefined}
      {...rest}
      aria-disabled={off || undefined}
      onClick={click}
    >
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
  if (!busyLabel) return button;
  // The busy label is also said: a polite region beside the button, there (empty) from the first
  // render and filled while busy (src/ui/live-region.tsx), since a changed button text is not read.
  return (
    <>
      {button}
      <span className="visually-hidden" role="status">
        {busy ? busyLabel : ''}
      </span>
    </>
  );
}
