import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { Booking } from '#src/schemas/booking';
import { bookingCalendar, bookingUrl, calendarLegs, escapeText, foldLine, type IcsCopy } from '#src/calendar/ics';
import { parseCalendar } from '#test/helpers/parse-ics';

const copy: IcsCopy = {
  summary: (origin, destination) => `${origin} to ${destination}`,
  operator: (operator) => `Operator: ${operator}`,
  reference: (reference) => `Booking reference: ${reference}`,
  link: (url) => `View your booking: ${url}`,
};

const leg = (departure: string | null, arrival: string | null, over: Record<string, unknown> = {}) => ({
  date: departure ?? '2027-03-28T00:00:00.000Z',
  origin: { code: 'KGX', name: "London King's Cross" },
  destination: { code: 'YRK', name: 'York' },
  departureTime: departure,
  arrivalTime: arrival,
  operator: 'LNER',
  changes: 0,
  timetableId: null,
  ...over,
});

/** A booking through the real schema, so the fixture has the shape the screen gets. */
const booking = (over: Record<string, unknown> = {}): Booking =>
  v.parse(Booking, {
    id: 'bk-1',
    orderId: 'ord-1',
    isSeasonBooking: false,
    outward: leg('2027-03-28T00:30:00.000Z', '2027-03-28T02:30:00.000Z'),
    inward: leg('2026-10-25T02:30:00.000Z', '2026-10-25T04:45:00.000Z', {
      origin: { code: 'YRK', name: 'York' },
      destination: { code: 'KGX', name: "London King's Cross" },
    }),
    passengers: [
      { id: 'p1', firstName: 'Jamie', lastName: 'Morgan', type: 'adult', railcard: null, alterable: true },
      { id: 'p2', firstName: 'Sam', lastName: 'Morgan', type: 'adult', railcard: null, alterable: true },
    ],
    tickets: [],
    delivery: { id: 'd1', method: 'mobile', collectionReference: null, activated: false },
    price: { amount: 98.4, currencyCode: 'GBP' },
    season: null,
    ...over,
  });

const now = new Date('2026-11-23T03:30:00.000Z');
const link = bookingUrl('https://rail.example', '/my-account', '/bookings/bk-1');
const ics = (b: Booking, at = now) => bookingCalendar({ booking: b, reference: 'RAIL-8F3K2', link, now: at, copy });

const refund = (
  items: { passengerId: string; direction: 'outward' | 'inward' | 'return'; status: string }[],
  fullyRefunded = false,
) => ({
  quotable: false,
  changeOfJourneySource: false,
  fullyRefunded,
  refunds: [
    {
      refundId: 'r1',
      state: 'refunded',
      kind: 'partial',
      requestedAt: '2026-11-01T10:00:00.000Z',
      refundReason: 'CHANGED_PLANS',
      amount: { amount: 10, currencyCode: 'GBP' },
      adminFee: { amount: 0, currencyCode: 'GBP' },
      postBack: null,
      refundedAt: null,
      rejectedReason: null,
      passengers: [],
      items: items.map((i, n) => ({ refundableId: `f${n}`, amount: { amount: 5, currencyCode: 'GBP' }, ...i })),
      replacementOrderId: null,
      orderId: 'ord-1',
    },
  ],
});

describe('booking as an .ics calendar (decision 190)', () => {
  it('is a VCALENDAR with a PRODID, the Europe/London VTIMEZONE and one event per leg', () => {
    const text = ics(booking());
    const cal = parseCalendar(text);
    expect(cal.version).toBe('2.0');
    expect(cal.prodid).toBe('-//Rail My Account//Add to calendar//EN');
    expect(cal.tzids).toEqual(['Europe/London']);
    expect(text).toContain('BEGIN:DAYLIGHT\r\n');
    expect(text).toContain('RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU\r\n');
    expect(cal.events.map((e) => e.summary)).toEqual(["London King's Cross to York", "York to London King's Cross"]);
    const [outward] = cal.events;
    expect(outward).toMatchObject({
      location: "London King's Cross",
      description: `Operator: LNER\nBooking reference: RAIL-8F3K2\nView your booking: https://rail.example/my-account/bookings/bk-1`,
      url: 'https://rail.example/my-account/bookings/bk-1',
      status: 'CONFIRMED',
      startTzid: 'Europe/London',
      dtstamp: '2026-11-23T03:30:00.000Z',
    });
  });

  it('uses CRLF line endings and no line longer than 75 octets', () => {
    const text = ics(
      booking({ outward: leg('2027-01-10T09:00:00.000Z', '2027-01-10T11:00:00.000Z', { operator: 'Ł'.repeat(60) }) }),
    );
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = text.split('\r\n');
    expect(Math.max(...lines.map((l) => new TextEncoder().encode(l).length))).toBeLessThanOrEqual(75);
    expect(lines.some((l) => l.startsWith(' '))).toBe(true);
    // Unfolded by the parser, the long value comes back whole.
    expect(parseCalendar(text).events[0]?.description).toContain(`Operator: ${'Ł'.repeat(60)}\n`);
  });

  it('folds at 75 octets without splitting a multi-byte character', () => {
    const folded = foldLine(`DESCRIPTION:${'é'.repeat(40)}`);
    const parts = folded.split('\r\n');
    expect(parts.map((p) => new TextEncoder().encode(p).length)).toEqual([74, 19]);
    expect(parts.slice(1).every((p) => p.startsWith(' '))).toBe(true);
    expect(parts.map((p, i) => (i === 0 ? p : p.slice(1))).join('')).toBe(`DESCRIPTION:${'é'.repeat(40)}`);
    expect(foldLine('A'.repeat(75))).toBe('A'.repeat(75));
    expect(foldLine('A'.repeat(76))).toBe(`${'A'.repeat(75)}\r\n A`);
  });

  it('escapes commas, semicolons, backslashes and newlines in text', () => {
    expect(escapeText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
    const odd = booking({
      outward: leg('2027-01-10T09:00:00.000Z', null, {
        origin: { code: 'XXX', name: 'Heath; Row, T5\\West\nside' },
        operator: 'Heathrow Express, Ltd; \\HEx',
      }),
      inward: null,
    });
    const text = ics(odd);
    expect(text).toContain('LOCATION:Heath\\; Row\\, T5\\\\West\\nside\r\n');
    const [event] = parseCalendar(text).events;
    expect(event?.location).toBe('Heath; Row, T5\\West\nside');
    expect(event?.summary).toBe('Heath; Row, T5\\West\nside to York');
    expect(event?.description.split('\n')[0]).toBe('Operator: Heathrow Express, Ltd; \\HEx');
    expect(event?.end).toBeNull();
  });

  it('keeps the instants across the March clock change (last Sunday, 28 March 2027)', () => {
    const text = ics(booking({ inward: null, outward: leg('2027-03-28T00:30:00.000Z', '2027-03-28T02:30:00.000Z') }));
    // 00:30 GMT before the change; 02:30 UTC is 03:30 BST after it.
    expect(text).toContain('DTSTART;TZID=Europe/London:20270328T003000\r\n');
    expect(text).toContain('DTEND;TZID=Europe/London:20270328T033000\r\n');
    const [event] = parseCalendar(text).events;
    expect(event?.start).toBe('2027-03-28T00:30:00.000Z');
    expect(event?.end).toBe('2027-03-28T02:30:00.000Z');
    // 02:30 local on that day (BST): 01:30 UTC.
    const later = parseCalendar(ics(booking({ inward: null, outward: leg('2027-03-28T01:30:00.000Z', null) })))
      .events[0];
    expect(later?.start).toBe('2027-03-28T01:30:00.000Z');
  });

  it.each([
    ['2026', '2026-10-25'],
    ['2027', '2027-10-31'],
  ])('keeps the instants across the October clock change (last Sunday, %s)', (_year, day) => {
    const text = ics(booking({ inward: null, outward: leg(`${day}T00:30:00.000Z`, `${day}T02:30:00.000Z`) }));
    // 00:30 UTC is 01:30 BST, the first of two 01:30s, so it is written in UTC (parsers disagree
    // on which one a TZID 01:30 means); 02:30 UTC is 02:30 GMT after the change.
    const compact = day.replace(/-/g, '');
    expect(text).toContain(`DTSTART:${compact}T003000Z\r\n`);
    expect(text).toContain(`DTEND;TZID=Europe/London:${compact}T023000\r\n`);
    const [event] = parseCalendar(text).events;
    expect(event?.start).toBe(`${day}T00:30:00.000Z`);
    expect(event?.end).toBe(`${day}T02:30:00.000Z`);
    // Local 00:30 BST (23:30 UTC the day before).
    const early = parseCalendar(
      ics(
        booking({
          inward: null,
          outward: leg(`${day}T00:00:00.000Z`, null, {
            departureTime: new Date(Date.parse(`${day}T00:30:00.000Z`) - 3_600_000).toISOString(),
          }),
        }),
      ),
    ).events[0];
    expect(early?.start).toBe(new Date(Date.parse(`${day}T00:30:00.000Z`) - 3_600_000).toISOString());
    // The second 01:30 (GMT, 01:30 UTC) is written in UTC too.
    const repeated = ics(booking({ inward: null, outward: leg(`${day}T01:30:00.000Z`, null) }));
    expect(repeated).toContain(`DTSTART:${compact}T013000Z\r\n`);
    expect(parseCalendar(repeated).events[0]?.start).toBe(`${day}T01:30:00.000Z`);
  });

  it('gives each leg a stable UID, and a later export a higher SEQUENCE', () => {
    const first = parseCalendar(ics(booking())).events;
    const again = parseCalendar(ics(booking(), new Date('2026-11-24T08:00:00.000Z'))).events;
    expect(first.map((e) => e.uid)).toEqual([
      'bk-1-outward@my-account.rail.example',
      'bk-1-inward@my-account.rail.example',
    ]);
    expect(again.map((e) => e.uid)).toEqual(first.map((e) => e.uid));
    expect(again[0]!.sequence).toBeGreaterThan(first[0]!.sequence);
    const other = parseCalendar(ics(booking({ id: 'bk-2' }))).events;
    expect(other[0]?.uid).toBe('bk-2-outward@my-account.rail.example');
  });

  it('marks a refunded booking, or a leg every passenger was refunded on, STATUS:CANCELLED', () => {
    const statuses = (b: Booking) => parseCalendar(ics(b)).events.map((e) => e.status);
    expect(statuses(booking({ refund: refund([], true) }))).toEqual(['CANCELLED', 'CANCELLED']);
    const inwardDone = refund([
      { passengerId: 'p1', direction: 'inward', status: 'refunded' },
      { passengerId: 'p2', direction: 'inward', status: 'voided' },
    ]);
    expect(statuses(booking({ refund: inwardDone }))).toEqual(['CONFIRMED', 'CANCELLED']);
    // One passenger refunded: the other still travels.
    expect(
      statuses(booking({ refund: refund([{ passengerId: 'p1', direction: 'return', status: 'refunded' }]) })),
    ).toEqual(['CONFIRMED', 'CONFIRMED']);
    // A refund still pending or rejected cancels nothing.
    const pending = refund([
      { passengerId: 'p1', direction: 'return', status: 'pending' },
      { passengerId: 'p2', direction: 'return', status: 'rejected' },
    ]);
    expect(statuses(booking({ refund: pending }))).toEqual(['CONFIRMED', 'CONFIRMED']);
    const bothReturn = refund([
      { passengerId: 'p1', direction: 'return', status: 'refunded' },
      { passengerId: 'p2', direction: 'return', status: 'refunded' },
    ]);
    expect(statuses(booking({ refund: bothReturn }))).toEqual(['CANCELLED', 'CANCELLED']);
  });

  it('has no events for a season ticket or legs without a departure time', () => {
    const season = booking({
      isSeasonBooking: true,
      season: { kind: 'monthly', validFrom: '2026-11-01T00:00:00.000Z', validUntil: '2026-12-01T00:00:00.000Z' },
    });
    expect(calendarLegs(season)).toEqual([]);
    const open = booking({ outward: leg(null, null), inward: null });
    expect(calendarLegs(open)).toEqual([]);
    expect(parseCalendar(ics(open)).events).toEqual([]);
  });
});
