/**
 * What the service worker keeps for offline reading (decision 250): the minimum to travel.
 * Each kept answer is rebuilt from an allow-list of fields, so anything the API adds later (or the
 * local server's extras such as refunds, claims and insurance) is left out unless it is named here:
 * - the signed-in user: id and status only (no email, provider or name);
 * - a page of upcoming bookings: journeys, fares and references, no refund or claim;
 * - a booking: journeys, passenger names and railcards (needed to travel), tickets, delivery with
 *   the issued ticket's reference and barcode, references, and what its lifecycle is read from
 *   (docs/decisions/320-one-booking-lifecycle.md): the refunds' tracking and the insurance claims, so
 *   a booking refunded, exchanged or paid by insurance shows no ticket offline and says why; no
 *   confirmation email, card, Delay Repay claim;
 * - a train's calling points (no personal data).
 * Payment data is never in any of them. Pure: the service worker and the tests share it.
 */

type Json = Record<string, unknown>;

const isObject = (x: unknown): x is Json => typeof x === 'object' && x !== null && !Array.isArray(x);

/** The named fields of `from` that are present, in that order. */
const pick = (from: unknown, keys: readonly string[]): Json => {
  const out: Json = {};
  if (!isObject(from)) return out;
  for (const k of keys) if (k in from) out[k] = from[k];
  return out;
};

const mapArray = (x: unknown, f: (item: unknown) => unknown): unknown[] => (Array.isArray(x) ? x.map(f) : []);
const orNull = (x: unknown, f: (item: unknown) => unknown): unknown => (x === null || x === undefined ? null : f(x));

const station = (x: unknown) => pick(x, ['code', 'name']);
const money = (x: unknown) => pick(x, ['amount', 'currencyCode']);
const season = (x: unknown) => pick(x, ['kind', 'validFrom', 'validUntil']);

const leg = (x: unknown): Json => {
  const l = pick(x, ['date', 'departureTime', 'arrivalTime', 'operator', 'changes', 'timetableId']);
  if (isObject(x)) {
    // Stations are local-server extras (docs/product/entities.md lists a leg's date only): kept when sent.
    l.origin = orNull(x.origin, station);
    l.destination = orNull(x.destination, station);
    // A cancellation or delay on the train (local-server extra) matters to whoever travels.
    if (isObject(x.disruption)) l.disruption = pick(x.disruption, ['kind', 'delayMinutes']);
  }
  return l;
};

const listEntry = (x: unknown): Json => {
  const entry = isObject(x) ? x : {};
  const b = pick(entry.booking, ['id', 'isSeasonBooking', 'passengerCount', 'ticketTypes']);
  if (isObject(entry.booking)) {
    b.outward = leg(entry.booking.outward);
    b.inward = orNull(entry.booking.inward, leg);
    b.price = money(entry.booking.price);
    b.season = orNull(entry.booking.season, season);
  }
  const order = pick(entry.order, ['id', 'friendlyOrderId']);
  order.replacementOrder = isObject(entry.order) ? orNull(entry.order.replacementOrder, (r) => pick(r, ['id'])) : null;
  return { booking: b, order };
};

/** GET /bookings/upcoming?page=n */
export const minimizeBookingsPage = (body: unknown): Json => ({
  ...pick(body, [
    'total',
    'page',
    'pageSize',
    'upcomingBookings',
    'pastBookings',
    'seasonBookings',
    'guestBookings',
    'hasGuestBookings',
  ]),
  results: mapArray(isObject(body) ? body.results : [], listEntry),
});

const passenger = (x: unknown): Json => {
  const p = pick(x, ['id', 'firstName', 'lastName', 'type']);
  p.railcard = isObject(x) ? orNull(x.railcard, (r) => pick(r, ['code', 'name'])) : null;
  // Offline nothing can be changed: no "Change name" buttons.
  p.alterable = false;
  return p;
};

const ticket = (x: unknown): Json => {
  const t = pick(x, ['id', 'type', 'fareClass', 'direction', 'passengerIds', 'refundable']);
  if (isObject(x)) t.price = money(x.price);
  return t;
};

const delivery = (x: unknown): Json => {
  const d = pick(x, ['id', 'method', 'collectionReference', 'activated']);
  if (isObject(x) && isObject(x.issuedTicket)) {
    // A withdrawn ticket (refunded, exchanged, paid by insurance; decision 570) is kept without a code.
    d.issuedTicket = isObject(x.issuedTicket.withdrawn)
      ? { ...pick(x.issuedTicket, ['reference', 'issuedAt']), withdrawn: pick(x.issuedTicket.withdrawn, ['reason']) }
      : pick(x.issuedTicket, ['reference', 'issuedAt', 'barcode']);
  }
  return d;
};

/** A refund's tracking (no card: the screen names the card only while asking for a new one). */
const refundTracking = (x: unknown): Json => {
  const r = pick(x, [
    'refundId',
    'state',
    'kind',
    'requestedAt',
    'refundReason',
    'refundedAt',
    'rejectedReason',
    'replacementOrderId',
    'orderId',
  ]);
  if (isObject(x)) {
    r.amount = money(x.amount);
    r.adminFee = money(x.adminFee);
    r.postBack = orNull(x.postBack, (p) => pick(p, ['address', 'deadline']));
    r.passengers = mapArray(x.passengers, (p) => pick(p, ['id', 'name']));
    r.items = mapArray(x.items, (i) => {
      const item = pick(i, ['refundableId', 'passengerId', 'direction', 'status']);
      if (isObject(i)) item.amount = money(i.amount);
      return item;
    });
  }
  return r;
};

/** What the lifecycle reads of the refunds; offline nothing can be refunded (`quotable` false). */
const refundSummary = (x: unknown): Json => {
  const r = pick(x, ['changeOfJourneySource', 'changeOfJourneyNewBookingId', 'changeOfJourneyFrom', 'fullyRefunded']);
  r.quotable = false;
  r.refunds = mapArray(isObject(x) ? x.refunds : [], refundTracking);
  return r;
};

const insuranceProduct = (x: unknown): Json => {
  const p = pick(x, ['id', 'kind']);
  if (isObject(x)) {
    p.premium = money(x.premium);
    p.claim = orNull(x.claim, (c) => pick(c, ['claimId', 'reference', 'claimedAt']));
  }
  return p;
};

const booking = (x: unknown): Json => {
  const b = pick(x, ['id', 'orderId', 'isSeasonBooking', 'checkedIn']);
  if (isObject(x)) {
    b.outward = leg(x.outward);
    b.inward = orNull(x.inward, leg);
    b.passengers = mapArray(x.passengers, passenger);
    b.tickets = mapArray(x.tickets, ticket);
    b.delivery = orNull(x.delivery, delivery);
    b.price = money(x.price);
    b.season = orNull(x.season, season);
    // Local-server extras, kept only when sent: without them the app offers what the spec's fields allow.
    if (isObject(x.refund)) b.refund = refundSummary(x.refund);
    if (Array.isArray(x.insurance)) b.insurance = mapArray(x.insurance, insuranceProduct);
  }
  return b;
};

/** GET /booking/{id} (200) */
export const minimizeBookingDetail = (body: unknown): Json => {
  const order = pick(isObject(body) ? body.order : null, ['id', 'friendlyOrderId', 'createdAt']);
  order.email = null;
  order.replacementOrder =
    isObject(body) && isObject(body.order) ? orNull(body.order.replacementOrder, (r) => pick(r, ['id'])) : null;
  return { bookings: mapArray(isObject(body) ? body.bookings : [], booking), order };
};

/** GET /user: who was signed in, nothing else about them. */
export const minimizeUser = (body: unknown): Json => ({
  user: { ...pick(isObject(body) ? body.user : null, ['id', 'status']), email: null, provider: null },
  ufacSession: null,
  isRegistered: isObject(body) && body.isRegistered === true,
});

/** GET /realtime/timetable/{id}: a train's calling points. */
export const minimizeCallingPoints = (body: unknown): Json => ({
  ...pick(body, ['timetableId', 'unavailable']),
  callingPoints: mapArray(isObject(body) ? body.callingPoints : [], (c) => {
    const point = pick(c, ['arrival', 'departure']);
    if (isObject(c)) point.station = station(c.station);
    return point;
  }),
});

export type OfflineKind = 'user' | 'upcoming' | 'booking' | 'callingPoints';

/** The API paths (after /my-account/api) kept for offline reading, and how each is minimized. */
const kinds: readonly [RegExp, OfflineKind][] = [
  [/^\/user$/, 'user'],
  [/^\/bookings\/upcoming$/, 'upcoming'],
  // A booking by id, not its history, refund quote or actions (and not /booking/token, the guest list).
  [/^\/booking\/(?!token$)[^/]+$/, 'booking'],
  [/^\/realtime\/timetable\/[^/]+$/, 'callingPoints'],
];

export const offlineKind = (apiPath: string): OfflineKind | null => kinds.find(([re]) => re.test(apiPath))?.[1] ?? null;

export const minimize: Record<OfflineKind, (body: unknown) => Json> = {
  user: minimizeUser,
  upcoming: minimizeBookingsPage,
  booking: minimizeBookingDetail,
  callingPoints: minimizeCallingPoints,
};
