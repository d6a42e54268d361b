import type { Booking, DeliveryMethod, Leg, Ticket } from '#src/schemas/booking';
import { formatDate, formatMoney } from '#src/i18n/format';
import { m } from '#src/paraglide/messages.js';
import { journeyName } from './journey-name';

/** GB rail times are UK times whatever the browser's zone; dates and numbers follow the URL's locale. */
const UK = 'Europe/London';

export const ukDate = (iso: string, locale: string) =>
  formatDate(iso, locale, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: UK });
/** A day in words ("27 August 2027"), the UK day of the instant: a season's last day reads the same on every screen. */
export const ukLongDate = (iso: string, locale: string) =>
  formatDate(iso, locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: UK });
/**
 * A ticket's type as the page says it: the fares' own names (Anytime Return, Advance Single) are the
 * retailer's product names and stay; a season ticket's kind, which the API writes in English
 * ("Season (Annual)"), is worded in the page's language.
 */
export const ticketTypeName = (type: string): string => {
  const season = /^Season \((Weekly|Monthly|Annual)\)$/.exec(type)?.[1];
  if (season === 'Weekly') return m.booking_format_season_weekly();
  if (season === 'Monthly') return m.booking_format_season_monthly();
  if (season === 'Annual') return m.booking_format_season_annual();
  return type;
};
export const ukTime = (iso: string, locale: string) =>
  formatDate(iso, locale, { hour: '2-digit', minute: '2-digit', timeZone: UK });
export const ukDateTime = (iso: string, locale: string) => `${ukDate(iso, locale)}, ${ukTime(iso, locale)}`;

export const deliveryLabels: Record<DeliveryMethod, string> = {
  mobile: m.booking_format_mobile(),
  'print-at-home': m.booking_format_print_at_home(),
  'collect-at-station': m.booking_format_collect_at_station(),
  post: m.booking_format_post(),
  smartcard: m.booking_format_smartcard(),
};

export const directionLabels: Record<Ticket['direction'], string> = {
  outward: m.common_outward(),
  inward: m.common_return_journey(),
  return: m.common_return_ticket(),
};

export const changesLabel = (n: number) => (n === 0 ? m.common_direct() : m.common_changes({ count: n }));

export const passengerName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;

export const bookingTitle = (b: Booking, locale: string) => journeyName(b.outward, locale);

/** A leg is past when its date is before now (docs/product/entities.md). */
export const isUpcoming = (b: Booking, now = Date.now()) => new Date(b.outward.date).getTime() > now;

/** Check-in opens this long before the outward train leaves (the server's CHECK_IN_OPENS_BEFORE_MS). */
export const CHECK_IN_OPENS_BEFORE_MS = 24 * 60 * 60 * 1000;

/** Check-in is open from 24 hours before the outward train leaves until it leaves. */
export const isCheckInOpen = (b: Booking, now = Date.now()) => {
  const departure = new Date(b.outward.date).getTime();
  return now >= departure - CHECK_IN_OPENS_BEFORE_MS && now < departure;
};

/** Copy for the changeability reasons the server gives (docs/decisions/023-changeability-reasons.md). */
export const changeabilityReasons: Record<string, string> = {
  DEPARTED: m.booking_format_departed(),
  TICKET_ACTIVATED: m.booking_format_ticket_activated(),
  FARE_NOT_CHANGEABLE: m.booking_format_fare_not_changeable(),
  BOOKING_REPLACED: m.booking_format_booking_replaced(),
  SEASON_EXPIRED: m.booking_format_season_expired(),
  SEASON_STARTED: m.booking_format_season_started(),
  NOT_ASSOCIATED: m.booking_format_not_associated(),
  REFUNDED: m.booking_format_refunded(),
  CHANGE_IN_PROGRESS: m.booking_format_change_in_progress(),
};
export const notChangeableFallback = m.booking_format_this_journey_cant_be_changed();

/** What changed between two versions of a booking, in words (history timeline). */
export function describeChanges(before: Booking, after: Booking, locale: string): string[] {
  const lines: string[] = [];
  const route = (b: Booking) => bookingTitle(b, locale);
  if (route(before) !== route(after))
    lines.push(m.booking_format_journey_changed_from_to({ before: route(before), after: route(after) }));
  const when = (l: Leg) => (l.departureTime ? ukDateTime(l.departureTime, locale) : ukDate(l.date, locale));
  if (when(before.outward) !== when(after.outward)) {
    lines.push(
      m.booking_format_outward_departure_changed_from_to({ before: when(before.outward), after: when(after.outward) }),
    );
  }
  if ((before.inward && when(before.inward)) !== (after.inward && when(after.inward))) {
    lines.push(
      after.inward
        ? m.booking_format_return_departure_now({ time: when(after.inward) })
        : m.booking_format_return_journey_removed(),
    );
  }
  const fares = (b: Booking) => [...new Set(b.tickets.map((t) => t.type))].join(', ');
  if (fares(before) !== fares(after))
    lines.push(m.booking_format_ticket_changed_from_to({ before: fares(before), after: fares(after) }));
  const names = (b: Booking) => b.passengers.map(passengerName);
  const removed = names(before).filter((n) => !names(after).includes(n));
  const added = names(after).filter((n) => !names(before).includes(n));
  if (removed.length) lines.push(m.booking_format_passengers_removed({ names: removed.join(', ') }));
  if (added.length) lines.push(m.booking_format_passengers_added({ names: added.join(', ') }));
  // Delivery and the amount are not in every API's answer (decision 230): compared only when both have them.
  if (before.delivery && after.delivery && before.delivery.method !== after.delivery.method) {
    lines.push(
      m.booking_format_delivery_changed_from_to({
        before: deliveryLabels[before.delivery.method],
        after: deliveryLabels[after.delivery.method],
      }),
    );
  }
  if (
    before.price.amount !== null &&
    after.price.amount !== null &&
    (before.price.amount !== after.price.amount || before.price.currencyCode !== after.price.currencyCode)
  ) {
    lines.push(
      m.booking_format_price_changed_from_to({
        amount: formatMoney(before.price.amount, before.price.currencyCode, locale),
        amount2: formatMoney(after.price.amount, after.price.currencyCode, locale),
      }),
    );
  }
  return lines.length ? lines : [m.booking_format_no_changes_to_the_journey()];
}
