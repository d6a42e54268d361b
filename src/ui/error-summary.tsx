import { createElement, useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import { targetOf } from './submit-hint';
import * as styles from './error-summary.css';
import { m } from '#src/paraglide/messages.js';

/**
 * The customer's attempts to send a form that is not ready (a press of its disabled submit, or
 * Enter in a field): give `onRefused` to the submit Button and `attempt` to the ErrorSummary. Each
 * attempt tells the form's machine (`submit`, which sends its `form.submit`: the machine's guard
 * refuses it and marks the submit attempted, so every field's error shows, skipped ones included)
 * and shows the summary again.
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

type Errors = Partial<Record<string, string | null | undefined>>;

/**
 * A server's refusal about one field, added to the form's errors under that field (after the
 * field's own error, which wins while it shows): the field shows it beside itself, is marked
 * `aria-invalid` and described by it (src/ui/text-field.tsx), and the summary links to it.
 */
export const withRefusal = <E extends Errors>(
  errors: E,
  fields: readonly string[],
  refusal: string | null | undefined,
): E => {
  if (!refusal) return errors;
  const merged: Errors = { ...errors };
  for (const field of fields) merged[field] = errors[field] || refusal;
  return merged as E;
};

export interface ErrorSummaryProps {
  /** From useSubmitAttempts: 0 until the first attempt; each new value shows the summary and focuses it. */
  attempt: number;
  /** The errors on screen, by field `name`, in the form's order (a refusal merged in with `withRefusal`). */
  errors: Errors;
  /**
   * The server's refusal about a field, if any (also merged into `errors`): each new one shows the
   * summary and focuses it, as a refused attempt does.
   */
  refusal?: string | null | undefined;
  /** The heading's level: 2, or one below the heading the form sits under. */
  headingLevel?: 2 | 3 | 4;
}

interface Entry {
  name: string;
  label: string | null;
  element: HTMLElement | null;
}

/**
 * GOV.UK's error summary (WCAG 3.3.1, 3.3.3, 2.4.3): after a refused attempt or a server refusal
 * about a field, a box above the form headed "There is a problem" lists each error, after its
 * field's label, as a link that moves the focus to that field; the box takes the focus, which is
 * how it is announced (once per attempt: it is not a live region, so typing afterwards says nothing),
 * and the page's title starts "Error: " while it shows. A field fixed leaves the list; the
 * box and the title's prefix go with the last one. Decision 670.
 */
export function ErrorSummary({ attempt, errors, refusal, headingLevel = 2 }: ErrorSummaryProps) {
  const ref = useRef<HTMLDivElement>(null);
  const seen = new Set<string>();
  // One entry per message: a refusal tied to two fields (a first and last name) is listed once.
  const entries = Object.entries(errors).filter((entry): entry is [string, string] => {
    if (!entry[1] || seen.has(entry[1])) return false;
    seen.add(entry[1]);
    return true;
  });
  const latest = useRef(entries);
  useLayoutEffect(() => {
    latest.current = entries;
  });
  // The fields this showing is about, read when the customer tried to send or the server refused:
  // the list does not grow while the customer types (a field left empty on the way shows its error
  // beside it), and shrinks as fields are fixed.
  const [shown, setShown] = useState<{ n: number; entries: Entry[] } | null>(null);
  const show = () => {
    const form = ref.current?.closest('form');
    const now = latest.current.map(([name]) => {
      const target = targetOf(form, name);
      return { name, label: target?.label ?? null, element: target?.element ?? null };
    });
    setShown((before) => (now.length ? { n: (before?.n ?? 0) + 1, entries: now } : null));
  };
  useLayoutEffect(() => {
    if (attempt > 0) show();
  }, [attempt]);
  useLayoutEffect(() => {
    if (refusal) show();
  }, [refusal]);
  const current = new Map(entries);
  const visible = shown ? shown.entries.filter((e) => current.has(e.name)) : [];
  const active = visible.length > 0;
  // Each showing takes the focus (GOV.UK): the customer hears it, and Tab goes on to its links.
  useLayoutEffect(() => {
    if (shown) ref.current?.focus();
  }, [shown]);
  // "Error: " before the page's title while the summary shows; the title is put back after.
  useEffect(() => {
    if (!active) return;
    const before = document.title;
    const prefixed = m.ui_error_summary_page_title({ title: before });
    document.title = prefixed;
    return () => {
      if (document.title === prefixed) document.title = before;
    };
  }, [active]);
  return (
    <div ref={ref} tabIndex={-1} className={styles.summary}>
      {active && (
        <>
          {createElement(`h${headingLevel}`, { className: styles.title }, m.ui_error_summary_title())}
          <ul className={styles.list}>
            {visible.map(({ name, label, element }) => {
              const message = current.get(name)!;
              return (
                <li key={name}>
                  <a
                    className={styles.link}
                    href={element?.id ? `#${element.id}` : '#'}
                    onClick={(e) => {
                      e.preventDefault();
                      element?.focus();
                    }}
                  >
                    {label ? `${label}: ${message}` : message}
                  </a>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </div>
  );
}
