import { formatCountry } from '#src/i18n/format';
import type { Address } from '#src/schemas/addresses';
import { useServices } from '#src/services';
import * as styles from './address-book.css';

/** The name an address goes by: its nickname, else its first line. */
export const addressName = (address: Address): string => address.nickName?.trim() || address.line1;

/** An address's lines, postcode and country (named in the page's language), one per line. */
export function AddressLines({ address }: { address: Address }) {
  const { locale } = useServices();
  const country = formatCountry(address.isoCountryCode, locale.tag, address.countryName);
  const lines = [
    address.line1,
    address.line2,
    address.line3,
    address.line4,
    address.line5,
    address.postCode,
    country,
  ].filter((line): line is string => Boolean(line && line.trim()));
  return (
    <address className={styles.lines}>
      {lines.map((line, i) => (
        <span key={i}>
          {line}
          {i < lines.length - 1 && <br />}
        </span>
      ))}
    </address>
  );
}
