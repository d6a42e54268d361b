import { formatDate } from '#src/i18n/format';
import { m } from '#src/paraglide/messages.js';

/** The stations of a leg, when the server gave them (docs/product/entities.md lists only a leg's date). */
export interface NamedLeg {
  date: string;
  origin: { name: string } | null;
  destination: { name: string } | null;
}

/**
 * How every screen names a journey: "London Euston to Coventry", or, from a server that sends a
 * leg's date only (the spec's shape, decision 231), "Journey on Mon, 23 Nov 2026" in UK time.
 */
export const journeyName = (leg: NamedLeg, locale: string): string =>
  leg.origin && leg.destination
    ? m.common_origin_to_destination({ origin: leg.origin.name, destination: leg.destination.name })
    : m.common_journey_on({
        date: formatDate(leg.date, locale, {
          weekday: 'short',
          day: 'numeric',
          month: 'short',
          year: 'numeric',
          timeZone: 'Europe/London',
        }),
      });
