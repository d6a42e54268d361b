import type { ReactNode } from 'react';
import { ConfirmDialog } from '#src/ui/confirm-dialog';

/**
 * A saved item's delete confirmation, for a form whose chart asks in `confirmingDelete` and deletes
 * in `deleting` (machines/passenger-form.ts, machines/railcard-form.ts): open from the question until
 * the delete ends, busy while it runs, and after a failed delete still open with `failedMessage`.
 */
export function DeleteDialog({
  snapshot,
  send,
  title,
  confirmLabel,
  busyLabel,
  failedMessage,
  children,
}: {
  snapshot: { matches(state: 'confirmingDelete' | 'deleting'): boolean; context: { deleteFailed: boolean } };
  send: (event: { type: 'delete.confirm' } | { type: 'delete.cancel' }) => void;
  title: string;
  confirmLabel: string;
  busyLabel: string;
  failedMessage: string;
  children: ReactNode;
}) {
  const deleting = snapshot.matches('deleting');
  return (
    <ConfirmDialog
      open={snapshot.matches('confirmingDelete') || deleting}
      title={title}
      confirmLabel={confirmLabel}
      busy={deleting}
      busyLabel={busyLabel}
      error={snapshot.context.deleteFailed ? failedMessage : undefined}
      onConfirm={() => send({ type: 'delete.confirm' })}
      onCancel={() => send({ type: 'delete.cancel' })}
    >
      {children}
    </ConfirmDialog>
  );
}
