import { useEffect, useRef, type ReactNode } from 'react';
import { Button } from '../../../src/ui/button';
import * as formStyles from '../../../src/ui/form.css';
import * as styles from './passengers.css';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  busy: boolean;
  busyLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A modal confirmation on the native <dialog>: focus moves into it and is kept there, Escape cancels,
 * and focus returns to where it was when it closes.
 */
export function ConfirmDialog({ open, title, children, confirmLabel, busy, busyLabel, onConfirm, onCancel }: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby="confirm-dialog-title"
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) onCancel();
      }}
    >
      <h2 id="confirm-dialog-title" className={styles.dialogTitle}>
        {title}
      </h2>
      {children}
      <div className={formStyles.actions}>
        <Button tone="danger" onClick={onConfirm} disabled={busy} busy={busy} busyLabel={busyLabel}>
          {confirmLabel}
        </Button>
        <Button tone="secondary" onClick={onCancel} disabled={busy} autoFocus>
          Cancel
        </Button>
      </div>
    </dialog>
  );
}
