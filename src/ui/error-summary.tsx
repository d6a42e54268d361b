import { useLayoutEffect, useReducer, useRef, useState } from 'react';
import { targetOf } from './submit-hint';
import { m } from '#src/paraglide/messages.js';

/**
 * The customer's attempts to send a form that is not ready (a press of its disabled submit, or
 * Enter in a field): give `onRefused` to the submit Button and `attempt` to the ErrorSummary. Each
 * attempt tells the form's machine (`submit`, which sends its `form.submit`: the machine's guard
 * refuses it and marks the submit attempted, so every field's error shows, skipped ones included)
 * and is announced once by the summary.
 */
export function useSubmitAttempts(submit: () => void): { attempt: number; onRefused: () => void } {
  const [attempt, count] = useReducer((n: number) => n + 1, 0);
  return {
    attempt,
    onRefused: () => {
      submit();
      count();
    },
  };
}

export interface ErrorSummaryProps {
  /** From useSubmitAttempts: 0 until the first attempt; each new value announces the errors again. */
  attempt: number;
  /** The errors on screen, by field `name`, in the form's order (formView's `errors`). */
  errors: Partial<Record<string, string | null | undefined>>;
}

/**
 * The form's errors, said once per submit attempt (WCAG 3.3.1, 4.1.3): "There are 2 problems:
 * Email address: Enter your email address. Password: …". An assertive region (role=alert) inside
 * the form, on the page, empty, from the first render, filled when the customer tries to send a
 * form that is not ready; each field's own error beside it is not live, so moving through the form
 * does not announce errors one by one. Visually hidden: on screen the errors sit by their fields
 * and the SubmitHint beside the button links to them.
 */
export function ErrorSummary({ attempt, errors }: ErrorSummaryProps) {
  const ref = useRef<HTMLDivElement>(null);
  const entries = Object.entries(errors).filter((entry): entry is [string, string] => !!entry[1]);
  const key = entries.map(([name]) => name).join(' ');
  const latest = useRef(entries);
  useLayoutEffect(() => {
    latest.current = entries;
  });
  // What this attempt says, written once when the customer tries to send: typing afterwards changes
  // the errors beside the fields, but not this region, so nothing is announced again until the next
  // attempt (decision 460). Emptied when no error is left (a removal is not announced).
  const [said, setSaid] = useState<{ attempt: number; text: string } | null>(null);
  useLayoutEffect(() => {
    if (attempt === 0) return;
    const form = ref.current?.closest('form');
    const now = latest.current;
    const text = now.map(([name, error]) => {
      const label = targetOf(form, name)?.label;
      return label ? `${label}: ${error}` : error;
    });
    setSaid(now.length ? { attempt, text: `${m.ui_error_summary_problems({ count: now.length })} ${text.join(' ')}` } : null);
  }, [attempt]);
  return (
    <div ref={ref} className="visually-hidden" role="alert" aria-atomic="true">
      {/* Keyed by the attempt: new text each time, which is what screen readers announce. */}
      {said && key && <p key={said.attempt}>{said.text}</p>}
    </div>
  );
}
