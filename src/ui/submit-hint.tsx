import { Fragment, useLayoutEffect, useRef, useState } from 'react';
import * as styles from './field.css';
import { useFilledLater } from './live-region';
import { m } from '#src/paraglide/messages.js';

export interface SubmitHintProps {
  /** Give the submit button `aria-describedby` this id, so focusing it reads the reason. */
  id: string;
  /** The `name`s of the fields still missing or wrong, in the form's order (formView's `blocking`). */
  fields: readonly string[];
  /** Submit is disabled (spec: pristine, invalid or submitting); the hint says why, except while submitting. */
  active: boolean;
}

export interface Target {
  name: string;
  label: string;
  element: HTMLElement;
}

/**
 * A field's label as the customer sees it: its <label>, or the legend of its group (radios,
 * checkboxes, or a fieldset marked `data-field-group` such as a date in three parts).
 */
export const targetOf = (form: HTMLFormElement | null | undefined, name: string): Target | null => {
  const found = form?.elements.namedItem(name);
  // A radio group: its chosen radio, where the keyboard would land, else its first.
  const element =
    found instanceof RadioNodeList
      ? ([...found].find((r) => r instanceof HTMLInputElement && r.checked) ?? found[0])
      : found;
  if (!(element instanceof HTMLElement)) return null;
  const grouped =
    (element instanceof HTMLInputElement && (element.type === 'radio' || element.type === 'checkbox')) ||
    element.closest('fieldset[data-field-group]');
  const label = grouped
    ? element.closest('fieldset')?.querySelector('legend')?.textContent
    : (element as HTMLInputElement).labels?.[0]?.textContent;
  return label ? { name, label: label.trim(), element } : null;
};

/**
 * Beside a disabled submit: why it is disabled (WCAG 3.3.1/3.3.2). Names each field still missing
 * or wrong, by its label, as a link that takes the focus to it; on a form with nothing changed
 * yet, says so. A polite live region on the page from the first render, so a change is announced.
 */
export function SubmitHint({ id, fields, active }: SubmitHintProps) {
  const ref = useRef<HTMLParagraphElement>(null);
  const filled = useFilledLater();
  const [targets, setTargets] = useState<Target[]>([]);
  const key = fields.join(' ');
  // The labels are read from the form itself, once it is on screen: every field keeps one name.
  useLayoutEffect(() => {
    const form = ref.current?.closest('form');
    setTargets(key ? key.split(' ').flatMap((name) => targetOf(form, name) ?? []) : []);
  }, [key]);
  let content = null;
  if (filled && active) {
    // Keyed by what is missing: each change is new text in the region, which is what screen
    // readers announce (a removal alone is not).
    content = targets.length ? (
      <span key={key}>
        {m.ui_submit_hint_still_needed()}{' '}
        {targets.map((t, index) => (
          <Fragment key={t.name}>
            {index > 0 && ', '}
            <a
              href={t.element.id ? `#${t.element.id}` : '#'}
              onClick={(e) => {
                e.preventDefault();
                t.element.focus();
              }}
            >
              {t.label}
            </a>
          </Fragment>
        ))}
      </span>
    ) : (
      m.ui_submit_hint_no_changes()
    );
  }
  return (
    <p ref={ref} id={id} className={styles.submitHint} role="status" data-reserved={active || undefined}>
      {content}
    </p>
  );
}
