import type { MiddlewareHandler } from 'hono';
import { Address as AddressSchema } from '#src/schemas/addresses.ts';
import { SavedPassenger as SavedPassengerSchema } from '#src/schemas/passengers.ts';
import type { AppEnv } from './app-env.ts';
import { errorBody } from './errors.ts';

/**
 * The spec-shape modes of the local server (API_SHAPE=spec, API_SHAPE=spec-nulls; decision 340):
 * the same data and rules, but every answer carries only the fields docs/product/entities.md and docs/product/api.md name, and
 * every call docs/product/api.md does not list answers 404, as a retailer's API that implements the spec and
 * nothing more would. One strip step at the edge (`specShape`), driven by one table (`specCalls`).
 *
 * - `full` (default): the local server's own answers, extras included.
 * - `spec`: a field the table does not name is left out; so is a named field whose value is null
 *   ("absent where it does not apply", as JSON APIs commonly do).
 * - `spec-nulls`: a field the table does not name is left out; a named field that is absent or null
 *   is sent as `null`.
 */
export const apiShapes = ['full', 'spec', 'spec-nulls'] as const;
export type ApiShape = (typeof apiShapes)[number];

export const apiShapeFrom = (value: string | undefined): ApiShape => {
  if (value === undefined || value === '') return 'full';
  if ((apiShapes as readonly string[]).includes(value)) return value as ApiShape;
  throw new Error(`API_SHAPE=${value} is not one of ${apiShapes.join(', ')}`);
};

/**
 * What a field may carry: `true` keeps its value as it is (a scalar, or a value whose inner shape
 * the spec does not give: it is ours, decision 230); an object names the fields kept inside it. An
 * array takes its elements' shape: `{ results: Entry }` keeps `Entry`'s fields of every result.
 */
export type Shape = true | { readonly [field: string]: Shape };

/** `none`: docs/product/api.md names no response: the call answers 204 with no body (decision 230's Acknowledged). */
export type SpecCall = {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** After /my-account/api; `:name` is one path segment, `:name(a|b)` one of those values. */
  readonly path: string;
  readonly response: Shape | 'none';
};

/** What shapeOf reads of a valibot schema: an object's entries, an array's item, a wrapper's wrapped schema. */
type SchemaLike = {
  readonly type: string;
  readonly entries?: object;
  readonly item?: unknown;
  readonly wrapped?: unknown;
};
const WRAPPERS = new Set(['optional', 'exact_optional', 'nullish', 'nullable', 'undefinedable', 'non_nullable']);

/**
 * The shape a response schema of the app (src/schemas) reads: every field of an object, an array's
 * elements' fields, anything else kept whole. For a record whose schema has no field the spec does
 * not name, so the table cannot name a field the app does not read, nor leave out one it requires
 * (test/unit/spec-shape-schemas.test.ts holds the hand-written entries to the schemas too).
 */
export const shapeOf = (schema: SchemaLike): Shape => {
  let s = schema;
  while ((WRAPPERS.has(s.type) && s.wrapped) || (s.type === 'array' && s.item)) {
    s = (s.type === 'array' ? s.item : s.wrapped) as SchemaLike;
  }
  if (!s.entries) return true;
  return Object.fromEntries(
    Object.entries(s.entries as Record<string, SchemaLike>).map(([field, inner]) => [field, shapeOf(inner)]),
  );
};

// docs/product/entities.md's records.
const Leg = { date: true } as const;
const Booking = { id: true, outward: Leg, inward: Leg, isSeasonBooking: true, price: { currencyCode: true } } as const;
const Order = { id: true, friendlyOrderId: true, replacementOrder: { id: true } } as const;
const BookingListEntry = { booking: Booking, order: Order } as const;
/** The address schema names the spec's fields and no other. */
const Address = shapeOf(AddressSchema);
const DelayRepayClaim = {
  claimId: true,
  orderId: true,
  claimType: true,
  serviceFee: { amount: true },
  compensationToCustomer: { amount: true },
  customerRegistered: true,
  status: true,
} as const;
const ContactPreference = {
  id: true,
  title: true,
  description: true,
  preBody: true,
  selected: true,
  hasEverBeenUpdated: true,
  missingCategoryDescriptor: { title: true, description: true, optInCopy: true, optOutCopy: true },
} as const;
/** quotePending, quoteError, requestPending and requestError are the screen's state, not the answer's. */
const RefundQuote = {
  quoteId: true,
  status: true,
  reason: true,
  unprocessableReasons: { reasonCode: true },
  partialRefundables: true,
  isPartiallyRefundable: true,
  refundReason: true,
  cancellationDetails: true,
  creditCardForm: true,
} as const;
const PartialRefundJourney = { fares: { farePassengers: { isRefundable: true, refundableId: true } } } as const;
/** isDeleting and hasDeleteError are the screen's state; the schema names the spec's fields and no other. */
const SavedPassenger = shapeOf(SavedPassengerSchema);
const Railcard = {
  railcardDetails: true,
  scopes: true,
  name: true,
  price: { amount: true, currencyCode: true },
  cardHolders: true,
  expiryDate: true,
  termsAndConditions: true,
  attributes: true,
} as const;
const PersonalDetails = { firstName: true, lastName: true, email: true, shouldUpdatePassenger: true } as const;

/**
 * Every call docs/product/api.md lists, with the fields its 2xx answer may carry (docs/product/api.md's response
 * fields, and docs/product/entities.md's fields of the entity it answers with). Where docs/product/api.md names a call's
 * answer only through its entity, the list's wrapper key is ours (`addresses`, `cards`, `consents`,
 * `passengers`, `railcards`). Error answers (4xx, 5xx) and 308s keep their body: docs/product/states.md, docs/product/validation.md and docs/product/errors.md
 * read their status and `errors[].code`.
 */
export const specCalls: readonly SpecCall[] = [
  // Bookings
  {
    method: 'GET',
    path: '/bookings/:filter(upcoming|past|season)',
    response: {
      pastBookings: true,
      upcomingBookings: true,
      seasonBookings: true,
      hasGuestBookings: true,
      results: BookingListEntry,
      total: true,
    },
  },
  { method: 'GET', path: '/booking/token', response: { bookings: BookingListEntry, customerRegistered: true } },
  { method: 'GET', path: '/booking/:bookingId', response: { bookings: Booking, order: Order } },
  {
    method: 'GET',
    path: '/booking/:bookingId/history',
    response: { replacedBy: true, bookings: { booking: Booking, order: Order }, order: Order },
  },
  { method: 'POST', path: '/booking/checkIn', response: { url: true } },
  { method: 'POST', path: '/booking/find-booking', response: { orderExchangeToken: true } },
  { method: 'PUT', path: '/pico/edit-passengers', response: 'none' },
  {
    method: 'GET',
    path: '/change-of-journey/changeability/:orderId/:bookingId',
    response: { changeable: true, reason: true },
  },
  {
    method: 'GET',
    path: '/seasons-change-of-journey/changeability/:orderId/:bookingId',
    response: { changeable: true, reason: true },
  },
  { method: 'POST', path: '/booking/resend-email', response: 'none' },
  {
    method: 'POST',
    path: '/booking/:bookingId/generate-on-demand-ticket/:deliveryId',
    response: { deliverableId: true },
  },
  { method: 'GET', path: '/booking/:bookingId/get-on-demand-ticket-status/:deliverableId', response: { status: true } },
  { method: 'POST', path: '/order/associate-guest-orders', response: { count: true } },
  // Refunds and insurance
  { method: 'GET', path: '/refund-quote/:orderId/:bookingId', response: RefundQuote },
  { method: 'POST', path: '/refund-quote/:quoteId', response: { status: true, creditCardForm: true } },
  {
    method: 'GET',
    path: '/partial-refunds/:bookingId',
    response: {
      booking: {
        outward: PartialRefundJourney,
        inward: PartialRefundJourney,
        sameFare: true,
        journeyFare: true,
        recipient: { email: true },
        creditCardForm: true,
        orderId: true,
        selectedRefundables: true,
        passengerAssistances: true,
      },
      orderId: true,
      refundables: true,
    },
  },
  {
    method: 'GET',
    path: '/customer/passenger-assistance/orders/:orderId/products/:productId',
    response: { passengerAssistances: true },
  },
  {
    method: 'POST',
    path: '/flexible-insurance/:orderId/:insuranceProductId/eligibility',
    response: { orderId: true, insuranceProductId: true, claimId: true, isClaimable: true, errorType: true },
  },
  { method: 'POST', path: '/flexible-insurance/:orderId/:insuranceProductId/:claimId/claim', response: 'none' },
  // Claims
  { method: 'GET', path: '/claim-token', response: { customerRegistered: true } },
  { method: 'GET', path: '/claim/:claimId', response: DelayRepayClaim },
  { method: 'POST', path: '/claim/:claimId', response: DelayRepayClaim },
  // Customer
  { method: 'GET', path: '/customer/all-addresses', response: { addresses: Address } },
  { method: 'GET', path: '/customer/address/:addressId', response: Address },
  { method: 'POST', path: '/customer/delete-address', response: { success: true } },
  { method: 'GET', path: '/customer/consents', response: { consents: ContactPreference } },
  { method: 'POST', path: '/customer/consents', response: { consents: ContactPreference } },
  { method: 'POST', path: '/customer/consents/revoke', response: { revoked: true } },
  { method: 'POST', path: '/customer/consents/restore', response: { restored: true } },
  { method: 'POST', path: '/customer/forgot-password', response: 'none' },
  { method: 'POST', path: '/customer/change-password', response: { errors: { code: true } } },
  { method: 'POST', path: '/customer/change-email', response: { newTokens: true, updatedEmailAddress: true } },
  { method: 'GET', path: '/customer/personal-details', response: PersonalDetails },
  { method: 'POST', path: '/customer/personal-details', response: { ...PersonalDetails, updatePassengerFailed: true } },
  { method: 'POST', path: '/customer/validate-reset-password-token', response: { isValid: true } },
  { method: 'GET', path: '/customer/order-count', response: { lifeTimeBookingCount: true } },
  { method: 'GET', path: '/customer/cards', response: { cards: { id: true } } },
  { method: 'POST', path: '/customer/delete-card', response: 'none' },
  { method: 'GET', path: '/customer/passengers-and-railcards', response: { passengers: SavedPassenger } },
  { method: 'POST', path: '/customer/passengers-and-railcards/add-passenger', response: 'none' },
  {
    method: 'GET',
    path: '/user',
    response: { user: { id: true, email: true, provider: true, status: true }, ufacSession: true, isRegistered: true },
  },
  { method: 'POST', path: '/logout', response: 'none' },
  // Passengers and railcards
  { method: 'GET', path: '/passengers/saved-passenger/:id', response: SavedPassenger },
  { method: 'POST', path: '/passengers/edit-passenger/:id', response: { accountUpdateFailed: true } },
  { method: 'DELETE', path: '/passengers/delete-passenger', response: 'none' },
  { method: 'GET', path: '/passenger/:passengerId/railcard/:railcardId', response: { railcard: Railcard } },
  { method: 'DELETE', path: '/passenger/:passengerId/railcard/:railcardId', response: 'none' },
  { method: 'PUT', path: '/passenger/:passengerId/railcard/:railcardId', response: { railcard: Railcard } },
  { method: 'POST', path: '/passenger/:passengerId/railcard/:railcardId', response: { railcard: Railcard } },
  { method: 'POST', path: '/passenger/:passengerId/railcard-status/:railcardId', response: true },
  { method: 'GET', path: '/passenger/:passengerId/railcardslist', response: { railcards: Railcard } },
  { method: 'GET', path: '/railcard/:railcardId', response: Railcard },
  { method: 'GET', path: '/passengers-and-railcards/digital-railcard/:railcardId', response: Railcard },
  // Other
  { method: 'GET', path: '/locations-pot/search', response: true },
  { method: 'GET', path: '/realtime/timetable/:timetableId', response: true },
];

/**
 * Calls the spec does not list that stay open in spec mode: signing in with a password, and setting
 * the new password a reset link was sent for. The spec names the providers (docs/product/entities.md) and the
 * routes (docs/product/screens.md) but no sign-in call; a retailer's host signs customers in its own way, and
 * without a sign-in no account screen can be reached. Its answers are stripped to `user` as GET
 * /user's. A host that sends a reset link (forgot-password) and checks its token
 * (validate-reset-password-token) takes the new password too, or its link leads nowhere: that call
 * answers 204 like the listed calls with no named answer (decision 571). Signing in through a
 * provider (`/oidc/...`) is not here: page data offers no provider the API does not serve.
 */
export const hostCalls: readonly SpecCall[] = [
  {
    method: 'POST',
    path: '/login',
    response: { user: { id: true, email: true, provider: true, status: true }, ufacSession: true, isRegistered: true },
  },
  {
    method: 'POST',
    path: '/register',
    response: { user: { id: true, email: true, provider: true, status: true }, ufacSession: true, isRegistered: true },
  },
  { method: 'POST', path: '/customer/reset-password', response: 'none' },
];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const segmentPattern = (part: string): string => {
  if (!part.startsWith(':')) return escape(part);
  const choices = /^:\w+\(([\w|-]+)\)$/.exec(part)?.[1];
  return choices ? `(?:${choices.split('|').map(escape).join('|')})` : '[^/]+';
};
const patternOf = (path: string): RegExp => new RegExp(`^${path.split('/').map(segmentPattern).join('/')}$`);

const compiled = [...specCalls, ...hostCalls].map((call) => ({ call, pattern: patternOf(call.path) }));

/** The table's entry for `method path` (path after /my-account/api), or null when the spec does not list it. */
export const specCallFor = (method: string, path: string): SpecCall | null => {
  const bare = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  // Literal paths first: GET /booking/token is not GET /booking/:bookingId.
  const matches = compiled.filter(({ call, pattern }) => call.method === method && pattern.test(bare));
  const exact = matches.find(({ call }) => !call.path.includes(':'));
  return (exact ?? matches[0])?.call ?? null;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `value` with only the fields `shape` names; named fields absent or null are left out (`spec`) or null (`spec-nulls`). */
export const stripToShape = (value: unknown, shape: Shape, mode: Exclude<ApiShape, 'full'>): unknown => {
  if (shape === true) return value;
  if (Array.isArray(value)) return value.map((item) => stripToShape(item, shape, mode));
  if (!isRecord(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [field, inner] of Object.entries(shape)) {
    const present = value[field];
    if (present === undefined || present === null) {
      if (mode === 'spec-nulls') out[field] = null;
      continue;
    }
    out[field] = stripToShape(present, inner, mode);
  }
  return out;
};

/**
 * The strip step, on every /my-account/api call, before any handler runs: a call the table does
 * not list answers 404 (nothing of it runs); a listed call's 2xx JSON answer is cut to its shape.
 * `allow` lets through paths that are not the retailer's API at all (the test switches).
 */
export const specShape =
  (
    mode: Exclude<ApiShape, 'full'>,
    apiBase: string,
    allow: (path: string) => boolean = () => false,
  ): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const path = c.req.path.slice(apiBase.length) || '/';
    if (allow(path)) return next();
    const call = specCallFor(c.req.method, path);
    if (!call) return c.json(errorBody('NOT_FOUND'), 404);
    await next();
    const { res } = c;
    if (res.status < 200 || res.status >= 300) return;
    const headers = new Headers(res.headers);
    headers.delete('content-length');
    // Hono copies the old answer's headers onto a new one: let go of the old answer first.
    const replace = (answer: Response) => {
      c.res = undefined;
      c.res = answer;
    };
    if (call.response === 'none') {
      headers.delete('content-type');
      replace(new Response(null, { status: 204, headers }));
      return;
    }
    if (!(res.headers.get('content-type') ?? '').includes('application/json')) return;
    const body = (await res.json()) as unknown;
    replace(new Response(JSON.stringify(stripToShape(body, call.response, mode)), { status: res.status, headers }));
  };
