import type { ReactNode } from 'react';
import { Button } from './button';
import * as formStyles from './form.css';
import { SubmitHint } from './submit-hint';

/** Where the form stands: what its submit button and hint show. */
export interface SubmitState {
  canSubmit: boolean;
  submitting: boolean;
  /** The `name`s of the fields still missing or wrong (formView's `blocking`). */
  blocking: readonly string[];
  /** A press on the disabled submit (useSubmitAttempts): the error summary shows. */
  onRefused: () => void;
}

export interface SubmitActionsProps {
  /** The hint's id, which the submit button is described by. */
  hintId: string;
  /** The submit button's words while the form is sent. */
  busyLabel: string;
  form: SubmitState;
  /** The submit button's words. */
  children: ReactNode;
  /** Beside the submit button, before the hint: a link away. */
  beside?: ReactNode;
}

/**
 * A form's actions row: its submit button, disabled while the form cannot be sent and busy while
 * it is, and the hint that says why it is disabled (not while sending), which the button names.
 */
export function SubmitActions({ hintId, busyLabel, form, children, beside }: SubmitActionsProps) {
  const { canSubmit, submitting, blocking, onRefused } = form;
  return (
    <div className={formStyles.actions}>
      <Button
        type="submit"
        disabled={!canSubmit}
        busy={submitting}
        busyLabel={busyLabel}
        aria-describedby={hintId}
        onRefused={onRefused}
      >
        {children}
      </Button>
      {beside}
      <SubmitHint id={hintId} fields={blocking} active={!canSubmit && !submitting} />
    </div>
  );
}
