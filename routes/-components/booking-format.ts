import type { Booking, DeliveryMethod, Leg, Ticket } from '#src/schemas/booking';
import { formatMoney } from '#src/i18n/format';

/** GB rail times are UK times whatever the browser's zone; dates and numbers follow the URL's locale. */
const UK = 'Europe/London';

export const ukDate = (iso: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: UK }).format(new Date(iso));
export const ukTime = (iso: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', timeZone: UK }).format(new Date(iso));
export const ukDateTime = (iso: string, locale: string) => `${ukDate(iso, locale)}, ${ukTime(iso, locale)}`;

/** YYYY-MM-DD of a leg for the timetable call (the date its timetable id carries). */
export const timetableDate = (leg: Leg) => (leg.departureTime ?? leg.date).slice(0, 10);

export const deliveryLabels: Record<DeliveryMethod, string> = {
  mobile: 'Mobile ticket',
  'print-at-home': 'Print at home',
  'collect-at-station': 'Collect at the station',
  post: 'By post',
  smartcard: 'Smartcard',
};

export const directionLabels: Record<Ticket['direction'], string> = {
  outward: 'Outward',
  inward: 'Return journey',
  return: 'Return',
};

export const changesLabel = (n: number) => (n === 0 ? 'Direct' : n === 1 ? '1 change' : `${n} changes`);

export const passengerName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;

export const bookingTitle = (b: Booking) => `${b.outward.origin.name} to ${b.outward.destination.name}`;

/** A leg is past when its date is before now (spec section 3). */
export const isUpcoming = (b: Booking, now = Date.now()) => new Date(b.outward.date).getTime() > now;

/** Copy for the changeability reasons the server gives (docs/decisions/020-booking-detail-and-history.md). */
export const changeabilityReasons: Record<string, string> = {
  DEPARTED: 'This journey has already started, so it can no longer be changed.',
  TICKET_ACTIVATED: 'Your mobile ticket has been activated, so this journey can no longer be changed.',
  FARE_NOT_CHANGEABLE: "This ticket type can't be changed.",
  BOOKING_REPLACED: 'This booking has been replaced by a newer one.',
  SEASON_EXPIRED: 'This season ticket has expired, so it can no longer be changed.',
  NOT_ASSOCIATED: 'Add this booking to your account to change it.',
  REFUNDED: 'This booking has been refunded, so it can no longer be changed.',
  CHANGE_IN_PROGRESS: 'This journey is already being changed.',
};
export const notChangeableFallback = "This journey can't be changed.";

/** What changed between two versions of a booking, in words (history timeline). */
export function describeChanges(before: Booking, after: Booking, locale: string): string[] {
  const lines: string[] = [];
  const route = (b: Booking) => bookingTitle(b);
  if (route(before) !== route(after)) lines.push(`Journey changed from ${route(before)} to ${route(after)}`);
  const when = (l: Leg) => (l.departureTime ? ukDateTime(l.departureTime, locale) : ukDate(l.date, locale));
  if (when(before.outward) !== when(after.outward)) {
    lines.push(`Outward departure changed from ${when(before.outward)} to ${when(after.outward)}`);
  }
  if ((before.inward && when(before.inward)) !== (after.inward && when(after.inward))) {
    lines.push(after.inward ? `Return departure now ${when(after.inward)}` : 'Return journey removed');
  }
  const fares = (b: Booking) => [...new Set(b.tickets.map((t) => t.type))].join(', ');
  if (fares(before) !== fares(after)) lines.push(`Ticket changed from ${fares(before)} to ${fares(after)}`);
  const names = (b: Booking) => b.passengers.map(passengerName);
  const removed = names(before).filter((n) => !names(after).includes(n));
  const added = names(after).filter((n) => !names(before).includes(n));
  if (removed.length) lines.push(`Passengers removed: ${removed.join(', ')}`);
  if (added.length) lines.push(`Passengers added: ${added.join(', ')}`);
  if (before.delivery.method !== after.delivery.method) {
    lines.push(`Delivery changed from ${deliveryLabels[before.delivery.method]} to ${deliveryLabels[after.delivery.method]}`);
  }
  if (before.price.amount !== after.price.amount || before.price.currencyCode !== after.price.currencyCode) {
    lines.push(
      `Price changed from ${formatMoney(before.price.amount, before.price.currencyCode, locale)} to ${formatMoney(after.price.amount, after.price.currencyCode, locale)}`,
    );
  }
  return lines.length ? lines : ['No changes to the journey details'];
}
