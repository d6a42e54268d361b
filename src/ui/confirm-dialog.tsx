import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Alert } from './alert';
import { Button } from './button';
import * as styles from './confirm-dialog.css';
import { m } from '#src/paraglide/messages.js';

export interface ConfirmDialogProps {
  /** Shown while true; the flow's machine decides (e.g. its confirming and deleting states). */
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** The confirmed action is running: confirm shows busyLabel, cancel and Escape do nothing. */
  busy?: boolean;
  busyLabel?: string;
  /** A failure of the confirmed action, shown inside the dialog (it stays open to retry or cancel). */
  error?: ReactNode;
  onConfirm: () => void;
  /** Cancel button and Escape. */
  onCancel: () => void;
}

/**
 * An accessible confirmation modal on the native <dialog> with showModal(): the page behind is
 * inert, focus starts on Cancel (the safe choice), Escape cancels, and on close focus returns to
 * the control that opened it, or to the page heading when that control is gone (e.g. the item
 * it deleted).
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = m.common_cancel(),
  busy = false,
  busyLabel,
  error,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
      dialog.querySelector<HTMLElement>('[data-initial-focus]')?.focus();
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
      const back = opener.current;
      opener.current = null;
      if (back?.isConnected) back.focus();
      else document.getElementById('page-title')?.focus();
    }
  }, [open]);

  // Unmounting while open (navigating away) must not leave the page inert.
  useEffect(() => () => ref.current?.close?.(), []);

  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      aria-describedby={children ? bodyId : undefined}
      onCancel={(e) => {
        // Escape: the flow decides whether the dialog closes (not while busy).
        e.preventDefault();
        if (!busy) onCancel();
      }}
    >
      {open && (
        <>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          {error && <Alert tone="error">{error}</Alert>}
          {children && (
            <div id={bodyId} className={styles.body}>
              {children}
            </div>
          )}
          <div className={styles.actions}>
            <Button
              tone="secondary"
              data-initial-focus
              onClick={() => !busy && onCancel()}
              aria-disabled={busy || undefined}
            >
              {cancelLabel}
            </Button>
            <Button
              tone="danger"
              onClick={() => !busy && onConfirm()}
              busy={busy}
              busyLabel={busyLabel}
              aria-disabled={busy || undefined}
            >
              {confirmLabel}
            </Button>
          </div>
        </>
      )}
    </dialog>
  );
}
