import { useLayoutEffect, useReducer, useRef, useState } from 'react';
import { targetOf, type Target } from './submit-hint';
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
  const [targets, setTargets] = useState<Target[]>([]);
  useLayoutEffect(() => {
    const form = ref.current?.closest('form');
    setTargets(key ? key.split(' ').flatMap((name) => targetOf(form, name) ?? []) : []);
  }, [key, attempt]);
  const labelOf = (name: string) => targets.find((t) => t.name === name)?.label;
  return (
    <div ref={ref} className="visually-hidden" role="alert" aria-atomic="true">
      {attempt > 0 && entries.length > 0 && (
        // Keyed by the attempt: new text each time, which is what screen readers announce.
        <p key={attempt}>
          {m.ui_error_summary_problems({ count: entries.length })}{' '}
          {entries.map(([name, error]) => {
            const label = labelOf(name);
            return label ? `${label}: ${error} ` : `${error} `;
          })}
        </p>
      )}
    </div>
  );
}
