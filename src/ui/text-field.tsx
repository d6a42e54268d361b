import { useId, type InputHTMLAttributes } from 'react';
import * as styles from './field.css';
import { FieldError } from './field-error';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | null | undefined;
  hint?: string;
  /**
   * A field the customer must fill: marked for assistive tech (aria-required). On screen the forms
   * mark the optional fields instead ("(optional)" in their labels), as GOV.UK does.
   */
  required?: boolean;
  /**
   * The id of a message elsewhere (a server's refusal above the form) that is about this field:
   * the field is marked invalid and described by it too.
   */
  problemId?: string | undefined;
}

/** A labelled input whose error is announced and tied to it with aria-describedby. */
export function TextField({
  label,
  value,
  onValueChange,
  error,
  hint,
  id,
  required,
  problemId,
  ...rest
}: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = `${inputId}-error`;
  const describedBy = [hintId, error ? errorId : undefined, problemId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={inputId}>
        {label}
      </label>
      {hint && (
        <span id={hintId} className={styles.hint}>
          {hint}
        </span>
      )}
      <input
        id={inputId}
        className={styles.input}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        aria-invalid={error || problemId ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy}
        {...rest}
      />
      <FieldError id={errorId} error={error} />
    </div>
  );
}
