import * as styles from './field.css';

/**
 * A field's error, in a polite live region that is always on the page (empty while the field is
 * fine), so the error is announced when it appears (WCAG 4.1.3) and the field can point at it with
 * aria-describedby from its first render. Use it for every field and group (radios included).
 */
export function FieldError({ id, error }: { id: string; error?: string | null | undefined }) {
  return (
    <span id={id} className={styles.error} aria-live="polite">
      {error ?? ''}
    </span>
  );
}
