import * as styles from './field.css';

/**
 * A field's error, beside it and tied to it with aria-describedby (always on the page, empty while
 * the field is fine, so the field can point at it from its first render). Not a live region: the
 * errors are announced together, once per submit attempt, by the form's ErrorSummary
 * (src/ui/error-summary.tsx), not one by one as the customer moves through the form.
 */
export function FieldError({ id, error }: { id: string; error?: string | null | undefined }) {
  return (
    <span id={id} className={styles.error}>
      {error ?? ''}
    </span>
  );
}
