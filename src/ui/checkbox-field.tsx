import type { ReactNode } from 'react';
import * as styles from './field.css';

export interface CheckboxFieldProps {
  id: string;
  label: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
}

/** A labelled checkbox on its own row, with a target large enough to tap. */
export function CheckboxField({ id, label, checked, onCheckedChange, disabled }: CheckboxFieldProps) {
  return (
    <div className={styles.checkboxRow}>
      <input
        id={id}
        type="checkbox"
        className={styles.checkbox}
        checked={checked}
        disabled={disabled}
        onChange={(e) => onCheckedChange(e.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
