// @vitest-environment node
import type * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { specCalls, hostCalls, type Shape } from '#server/lib/spec-shape.ts';
import { Address, AddressListResponse, DeleteAddressResponse } from '#src/schemas/addresses.ts';
import { UserResponse, ValidateTokenResponse } from '#src/schemas/auth.ts';
import { BookingDetailResponse, BookingHistoryResponse, ChangeabilityResponse } from '#src/schemas/booking.ts';
import { CheckInResponse, GenerateTicketResponse } from '#src/schemas/booking-actions.ts';
import { AssociateCount, BookingsPage, TokenBookings } from '#src/schemas/bookings-list.ts';
import { CardListResponse } from '#src/schemas/cards.ts';
import { ConsentsResponse, RestoreResponse, RevokeResponse } from '#src/schemas/consents.ts';
import {
  OrderCountResponse,
  PersonalDetailsResponse,
  SavePersonalDetailsResponse,
} from '#src/schemas/customer-profile.ts';
import { Claim, ClaimTokenResponse } from '#src/schemas/delay-repay.ts';
import { FindBookingResponse } from '#src/schemas/find-booking.ts';
import { SavedPassenger } from '#src/schemas/passengers.ts';
import { PartialRefundsResponse, RefundQuote, RefundRequestResponse } from '#src/schemas/refunds.ts';

/**
 * Spec mode (server/lib/spec-shape.ts, decision 340) cuts every answer to the fields its table
 * names, and the app reads every answer with its valibot schema (src/schemas). The two must agree,
 * or spec mode breaks the app it serves: a field the table names must be one the schema knows
 * (a rename on one side only), and a field the schema requires must be one the table keeps (a
 * field added as required to a schema and never to the table fails every spec-mode answer).
 * Fields the spec does not name are optional in the schemas and stripped by spec mode, by design.
 */
type AnySchema = v.GenericSchema & {
  type: string;
  entries?: Record<string, AnySchema>;
  item?: AnySchema;
  wrapped?: AnySchema;
  options?: readonly AnySchema[];
};
const OPTIONAL = new Set(['optional', 'exact_optional', 'nullish', 'undefinedable']);
const WRAPPERS = new Set([...OPTIONAL, 'nullable', 'non_nullable', 'non_optional', 'non_nullish']);

/** The schema without its optional/nullable wrappers and arrays: what one element of the field is. */
const core = (schema: AnySchema): AnySchema => {
  let s = schema;
  for (;;) {
    if (WRAPPERS.has(s.type) && s.wrapped) s = s.wrapped;
    else if (s.type === 'array' && s.item) s = s.item;
    else return s;
  }
};
/** The object schemas a value may be (a union's or variant's options each), none for a scalar. */
const objectsOf = (schema: AnySchema): AnySchema[] => {
  const s = core(schema);
  if (s.entries) return [s];
  return (s.options ?? []).flatMap(objectsOf);
};

/** Where the table names a field the schema does not know, and where it drops a field the schema requires. */
function drift(schema: AnySchema, shape: Shape, at: string): string[] {
  if (shape === true) return [];
  const objects = objectsOf(schema);
  if (objects.length === 0) return [`${at}: the table gives fields, the schema a scalar`];
  const problems: string[] = [];
  for (const [field, inner] of Object.entries(shape)) {
    const known = objects.map((o) => o.entries?.[field]).filter((s): s is AnySchema => s !== undefined);
    if (known.length === 0) problems.push(`${at}.${field}: named by the table, unknown to the schema`);
    for (const s of known) problems.push(...drift(s, inner, `${at}.${field}`));
  }
  for (const object of objects) {
    for (const [field, s] of Object.entries(object.entries ?? {})) {
      if (!OPTIONAL.has(s.type) && !(field in shape)) {
        problems.push(`${at}.${field}: required by the schema, stripped by the table`);
      }
    }
  }
  return [...new Set(problems)];
}

/** The schema the app reads each listed call's answer with (src/api), by `METHOD path` of the table. */
const schemas: Record<string, v.GenericSchema> = {
  'GET /bookings/:filter(upcoming|past|season)': BookingsPage,
  'GET /booking/token': TokenBookings,
  'GET /booking/:bookingId': BookingDetailResponse,
  'GET /booking/:bookingId/history': BookingHistoryResponse,
  'POST /booking/checkIn': CheckInResponse,
  'POST /booking/find-booking': FindBookingResponse,
  'GET /change-of-journey/changeability/:orderId/:bookingId': ChangeabilityResponse,
  'GET /seasons-change-of-journey/changeability/:orderId/:bookingId': ChangeabilityResponse,
  'POST /booking/:bookingId/generate-on-demand-ticket/:deliveryId': GenerateTicketResponse,
  'POST /order/associate-guest-orders': AssociateCount,
  'GET /refund-quote/:orderId/:bookingId': RefundQuote,
  'POST /refund-quote/:quoteId': RefundRequestResponse,
  'GET /partial-refunds/:bookingId': PartialRefundsResponse,
  'GET /claim-token': ClaimTokenResponse,
  'GET /claim/:claimId': Claim,
  'POST /claim/:claimId': Claim,
  'GET /customer/all-addresses': AddressListResponse,
  'GET /customer/address/:addressId': Address,
  'POST /customer/delete-address': DeleteAddressResponse,
  'GET /customer/consents': ConsentsResponse,
  'POST /customer/consents': ConsentsResponse,
  'POST /customer/consents/revoke': RevokeResponse,
  'POST /customer/consents/restore': RestoreResponse,
  'GET /customer/personal-details': PersonalDetailsResponse,
  'POST /customer/personal-details': SavePersonalDetailsResponse,
  'POST /customer/validate-reset-password-token': ValidateTokenResponse,
  'GET /customer/order-count': OrderCountResponse,
  'GET /customer/cards': CardListResponse,
  'GET /user': UserResponse,
  'POST /login': UserResponse,
  'GET /passengers/saved-passenger/:id': SavedPassenger,
};

describe('spec mode and the app’s response schemas', () => {
  const calls = new Map([...specCalls, ...hostCalls].map((call) => [`${call.method} ${call.path}`, call]));

  it('name each call the table lists', () => {
    expect(Object.keys(schemas).filter((key) => !calls.has(key))).toEqual([]);
  });

  it.each(Object.entries(schemas))(
    '%s: the table keeps what the schema requires and names nothing else',
    (key, schema) => {
      const response = calls.get(key)?.response;
      expect(response).toBeDefined();
      expect(drift(schema as AnySchema, response === 'none' || response === undefined ? true : response, key)).toEqual(
        [],
      );
    },
  );

  it('catches a drift either way', () => {
    const entries = { id: { type: 'string' }, extra: { type: 'optional', wrapped: { type: 'string' } } };
    const schema = { type: 'object', entries } as unknown as AnySchema;
    expect(drift(schema, { id: true }, 'x')).toEqual([]);
    expect(drift(schema, { id: true, renamed: true }, 'x')).toEqual([
      'x.renamed: named by the table, unknown to the schema',
    ]);
    expect(drift(schema, { extra: true }, 'x')).toEqual(['x.id: required by the schema, stripped by the table']);
  });
});
