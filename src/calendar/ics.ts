import type { Leg } from '#src/schemas/booking';
import { refundItemGroups, type BookingRefundSummary, type RefundItemStatus } from '#src/schemas/refund-tracking';
import { ukWall } from '#src/schemas/uk-time';

/**
 * A booking as an RFC 5545 calendar (docs/decisions/190-add-to-calendar.md): one VEVENT per timed
 * leg, local times in Europe/London with its VTIMEZONE, a stable UID per leg so importing the file
 * again updates the events instead of duplicating them. Pure: no DOM, no clock, no catalogue (the
 * caller passes the words, `now` and the link back to the booking).
 */

/** Fixed domain of every UID (RFC 5545 3.8.4.7: globally unique, so an id @ a domain we own). */
export const ICS_UID_DOMAIN = 'my-account.rail.example';
export const ICS_PRODID = '-//Rail My Account//Add to calendar//EN';
const TZID = 'Europe/London';

/** SEQUENCE counts minutes since this instant, so a later export always supersedes an earlier one. */
const SEQUENCE_EPOCH = Date.UTC(2026, 0, 1);

export type LegKey = 'outward' | 'inward';

/** The words of the file, in the page's locale (from the message catalogue). */
export interface IcsCopy {
  summary: (origin: string, destination: string) => string;
  operator: (operator: string) => string;
  reference: (reference: string) => string;
  link: (url: string) => string;
}

/** A leg as the file reads it. */
type IcsLeg = Pick<Leg, 'origin' | 'destination' | 'departureTime' | 'arrivalTime' | 'operator'>;

/**
 * What the file needs of a booking: the app's Booking, and the local server's own booking shape for
 * the private calendar feed (decision 191), both fit.
 */
export interface IcsBooking {
  id: string;
  isSeasonBooking: boolean;
  season: object | null;
  outward: IcsLeg;
  inward: IcsLeg | null;
  passengers: readonly { id: string }[];
  refund?: BookingRefundSummary | undefined;
}

export interface IcsInput {
  booking: IcsBooking;
  /** The booking reference the customer knows (the order's friendly id). */
  reference: string;
  /** Absolute URL of the booking detail screen (see bookingUrl). */
  link: string;
  now: Date;
  copy: IcsCopy;
}

/** The absolute link back to a booking: the page's origin, its locale basepath and the screen's path. */
export const bookingUrl = (origin: string, basepath: string, path: string) => `${origin}${basepath}${path}`;

type Station = NonNullable<Leg['origin']>;
/**
 * The legs that can become events: timed journeys between named stations (not season tickets, not
 * open legs without a departure time, not legs a spec-shaped server sent without stations).
 */
export const calendarLegs = (
  booking: IcsBooking,
): { key: LegKey; leg: IcsLeg & { departureTime: string; origin: Station; destination: Station } }[] => {
  if (booking.season || booking.isSeasonBooking) return [];
  const legs: { key: LegKey; leg: IcsLeg | null }[] = [
    { key: 'outward', leg: booking.outward },
    { key: 'inward', leg: booking.inward },
  ];
  return legs.flatMap(({ key, leg }) =>
    leg?.departureTime && leg.origin && leg.destination
      ? [{ key, leg: { ...leg, departureTime: leg.departureTime, origin: leg.origin, destination: leg.destination } }]
      : [],
  );
};

const doneStatuses: readonly RefundItemStatus[] = refundItemGroups.done;

/**
 * Cancelled: the whole booking is refunded or being refunded (refund.fullyRefunded), or every
 * passenger's item for this leg's direction (or a return covering both) is voided or refunded.
 * A partial refund of some passengers leaves the leg confirmed (the others still travel).
 */
export const legCancelled = (booking: IcsBooking, key: LegKey): boolean => {
  const refund = booking.refund;
  if (!refund) return false;
  if (refund.fullyRefunded) return true;
  if (booking.passengers.length === 0) return false;
  const items = refund.refunds.flatMap((r) => r.items);
  return booking.passengers.every((p) =>
    items.some(
      (i) =>
        i.passengerId === p.id && (i.direction === key || i.direction === 'return') && doneStatuses.includes(i.status),
    ),
  );
};

/** TEXT value escaping (RFC 5545 3.3.11). */
export const escapeText = (value: string) =>
  value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');

const encoder = new TextEncoder();

/** Folds a content line at 75 octets (RFC 5545 3.1), never inside a UTF-8 character. */
export const foldLine = (line: string): string => {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  let limit = 75;
  for (const char of line) {
    const size = encoder.encode(char).length;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
      limit = 74; // a continuation line starts with one space
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
};

const pad = (n: number) => String(n).padStart(2, '0');

const utcStamp = (d: Date) =>
  `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}Z`;

const londonLocal = (ms: number) => {
  const w = ukWall(ms);
  return `${w.year}${pad(w.month)}${pad(w.day)}T${pad(w.hour)}${pad(w.minute)}${pad(w.second)}`;
};

/**
 * DTSTART/DTEND as London wall-clock time. A wall time repeated when the clocks go back (01:00 to
 * 01:59 on the last Sunday of October) is ambiguous: RFC 5545 3.3.5 says it means the first
 * occurrence, but parsers differ (ical.js 2 takes the second), so both occurrences are written in
 * UTC instead, which every reader takes as the same instant.
 */
export const dateTimeProperty = (name: 'DTSTART' | 'DTEND', iso: string): string => {
  const ms = new Date(iso).getTime();
  const local = londonLocal(ms);
  if (londonLocal(ms - 3_600_000) === local || londonLocal(ms + 3_600_000) === local)
    return `${name}:${utcStamp(new Date(ms))}`;
  return `${name};TZID=${TZID}:${local}`;
};

const VTIMEZONE_LONDON = [
  'BEGIN:VTIMEZONE',
  `TZID:${TZID}`,
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0000',
  'TZOFFSETTO:+0100',
  'TZNAME:BST',
  'DTSTART:19700329T010000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0000',
  'TZNAME:GMT',
  'DTSTART:19701025T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

export const legUid = (bookingId: string, key: LegKey) => `${bookingId}-${key}@${ICS_UID_DOMAIN}`;

/** One VEVENT per timed leg of a booking, as unfolded lines. */
export const bookingEvents = ({ booking, reference, link, now, copy }: IcsInput): string[] => {
  const stamp = utcStamp(now);
  const sequence = Math.max(0, Math.floor((now.getTime() - SEQUENCE_EPOCH) / 60_000));
  const events = calendarLegs(booking).flatMap(({ key, leg }) => {
    const description = [
      ...(leg.operator ? [copy.operator(leg.operator)] : []),
      copy.reference(reference),
      copy.link(link),
    ].join('\n');
    return [
      'BEGIN:VEVENT',
      `UID:${legUid(booking.id, key)}`,
      `DTSTAMP:${stamp}`,
      `SEQUENCE:${sequence}`,
      dateTimeProperty('DTSTART', leg.departureTime),
      ...(leg.arrivalTime ? [dateTimeProperty('DTEND', leg.arrivalTime)] : []),
      `SUMMARY:${escapeText(copy.summary(leg.origin.name, leg.destination.name))}`,
      `LOCATION:${escapeText(leg.origin.name)}`,
      `DESCRIPTION:${escapeText(description)}`,
      `URL:${link}`,
      `STATUS:${legCancelled(booking, key) ? 'CANCELLED' : 'CONFIRMED'}`,
      'TRANSP:OPAQUE',
      'END:VEVENT',
    ];
  });
  return events;
};

/**
 * A whole .ics file of these events (CRLF line endings, folded lines). `name` titles a subscribed
 * calendar (X-WR-CALNAME, read by Apple, Google and Outlook).
 */
export const calendarFile = (events: readonly string[], name?: string): string => {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${ICS_PRODID}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...(name ? [`X-WR-CALNAME:${escapeText(name)}`, `X-WR-TIMEZONE:${TZID}`] : []),
    ...VTIMEZONE_LONDON,
    ...events,
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
};

/** The .ics file of one booking ("Add to calendar"). */
export const bookingCalendar = (input: IcsInput): string => calendarFile(bookingEvents(input));
