import { useId, type ReactNode } from 'react';
import { FieldError } from './field-error';
import * as styles from './radio-group.css';

/** One choice of a radio group: its value, its name (the label), and what it says besides. */
export interface RadioOption<V extends string> {
  value: V;
  /** The radio's accessible name: everything in it is read as the option's name. */
  label: ReactNode;
  /** A note under the option, read after its name (aria-describedby): why it cannot be chosen, say. */
  description?: ReactNode;
  /** Cannot be chosen (an expired card, a journey that cannot change): skipped by the arrow keys. */
  disabled?: boolean;
}

export interface RadioGroupProps<V extends string> {
  /** The radios' `name`: one group in the form, which the error summary and submit hint find it by. */
  name: string;
  legend: ReactNode;
  options: readonly RadioOption<V>[];
  /** The value chosen; '' or null while none is. */
  value: V | '' | null;
  onChange: (value: V) => void;
  onBlur?: () => void;
  /** Under the legend, describing the whole group. */
  hint?: ReactNode;
  /** The group's error, shown under its options and describing the group while it shows. */
  error?: string | null | undefined;
  required?: boolean;
  /**
   * While the form is sent or checked: the radios are aria-disabled and ignore changes, not
   * disabled, since a disabled radio drops the focus to the page (decision 371, as Button does).
   */
  readOnly?: boolean;
  /** The radios' ids, `${idPrefix}-${value}`, for a page that links to one; else React's own. */
  idPrefix?: string;
  /** The error's id, for a page that ties something else to it; else made from the group's. */
  errorId?: string;
  /** The fieldset's and the legend's own look, where a page keeps its own ('' for the browser's). */
  className?: string;
  legendClassName?: string;
}

/**
 * The product's radio group (docs/decisions/865-one-radio-group.md): a fieldset named by its legend,
 * each option a native radio inside its label (arrow keys move and choose, Tab enters at the chosen
 * one, Space chooses), the group's hint and error tied to it with aria-describedby, an option's own
 * note tied to its radio. Generic over the value, so `onChange` hands back the type the page chose
 * from (a Direction, a card choice's id), never a bare string.
 */
export function RadioGroup<V extends string>({
  name,
  legend,
  options,
  value,
  onChange,
  onBlur,
  hint,
  error,
  required,
  readOnly,
  idPrefix,
  errorId,
  className,
  legendClassName,
}: RadioGroupProps<V>) {
  const auto = useId();
  const prefix = idPrefix ?? `${auto}-${name}`;
  const hintId = hint ? `${prefix}-hint` : undefined;
  const errId = errorId ?? `${prefix}-error`;
  const describedBy = [hintId, error ? errId : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className={className ?? styles.fieldset} aria-describedby={describedBy}>
      <legend className={legendClassName ?? styles.legend}>{legend}</legend>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {options.map((option) => {
        const id = `${prefix}-${option.value}`;
        const noteId = option.description ? `${id}-note` : undefined;
        return (
          <div key={option.value}>
            <label className={styles.row}>
              <input
                id={id}
                type="radio"
                name={name}
                className={styles.radio}
                value={option.value}
                required={required}
                checked={value === option.value}
                disabled={option.disabled}
                aria-disabled={readOnly || undefined}
                aria-describedby={noteId}
                onChange={() => {
                  if (!readOnly) onChange(option.value);
                }}
                onBlur={onBlur}
              />
              <span>{option.label}</span>
            </label>
            {option.description && (
              <p id={noteId} className={styles.description}>
                {option.description}
              </p>
            )}
          </div>
        );
      })}
      <FieldError id={errId} error={error} />
    </fieldset>
  );
}
