import { formatDate, formatMoney } from '#src/i18n/format';
import type { Price } from '#src/schemas/railcards';
import * as styles from './railcards.css';
import { m } from '#src/paraglide/messages.js';

/** A railcard's price in its currency (default GBP), formatted for the URL's locale. */
export const railcardPrice = (price: Price, locale: string) => formatMoney(price.amount, price.currencyCode, locale);

/** An ISO date (YYYY-MM-DD) as a long date in the locale, read as a calendar date (no time-zone shift). */
export const longDate = (iso: string, locale: string) =>
  formatDate(`${iso}T12:00:00Z`, locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

export function Terms({ text }: { text: string }) {
  return (
    <details className={styles.terms}>
      <summary className={styles.termsSummary}>{m.railcard_facts_terms_and_conditions()}</summary>
      <p className={styles.termsText}>{text}</p>
    </details>
  );
}
