import * as styles from './button.css';

export type ButtonTone = keyof typeof styles.tone;

/** The class names of a button (or of a link drawn as one): primary unless told, full width on request. */
export const buttonClass = ({
  tone = 'primary',
  block = false,
}: {
  tone?: ButtonTone | undefined;
  block?: boolean | undefined;
} = {}): string =>
  block ? `${styles.base} ${styles.tone[tone]} ${styles.block}` : `${styles.base} ${styles.tone[tone]}`;
