import * as v from 'valibot';
import type { SpecRecord } from './spec-records.ts';
import { maybe } from './maybe.ts';
import { Station } from './booking';
import { m } from '#src/paraglide/messages.js';
import { hasControlCharacter } from './control-characters';

/**
 * Passenger assistance (docs/product/screens.md and docs/product/api.md; docs/decisions/100-passenger-assistance.md).
 * The spec's call answers `{passengerAssistances}` and names no item fields; the item fields the
 * other screens rely on (id, passengerId, direction, kinds) are required, `details` and `status`
 * optional, and every other field is a local-server extra, optional, that the screens can do without
 * (they take names and legs from the booking itself).
 */
export const assistanceKinds = ['ramp', 'wheelchair', 'luggage', 'guidance'] as const;
export type AssistanceKind = (typeof assistanceKinds)[number];
export const assistanceDirections = ['outward', 'inward'] as const;
export type AssistanceDirection = (typeof assistanceDirections)[number];

/** Short names, for lists. */
export const assistanceKindNames: Record<AssistanceKind, string> = {
  ramp: m.form_passenger_assistance_ramp(),
  wheelchair: m.form_passenger_assistance_wheelchair(),
  luggage: m.form_passenger_assistance_luggage(),
  guidance: m.form_passenger_assistance_guidance(),
};
/** What each kind of help means, for the form. */
export const assistanceKindHints: Record<AssistanceKind, string> = {
  ramp: m.form_passenger_assistance_ramp_hint(),
  wheelchair: m.form_passenger_assistance_wheelchair_hint(),
  luggage: m.form_passenger_assistance_luggage_hint(),
  guidance: m.form_passenger_assistance_guidance_hint(),
};

const IsoDate = v.pipe(v.string(), v.isoTimestamp());

/** A leg as the assistance calls give it (local-server extra). */
export const AssistanceLeg = v.object({
  origin: Station,
  destination: Station,
  departureTime: IsoDate,
  arrivalTime: v.optional(v.nullable(IsoDate)),
});
export type AssistanceLeg = v.InferOutput<typeof AssistanceLeg>;

export const PassengerAssistance = v.object({
  id: v.string(),
  passengerId: v.string(),
  direction: v.picklist(assistanceDirections),
  kinds: v.array(v.picklist(assistanceKinds)),
  details: v.optional(v.nullable(v.string())),
  /** Missing means booked. */
  status: v.optional(v.picklist(['booked', 'cancelled'])),
  // Local-server extras (not in the spec), optional:
  bookingId: v.optional(v.string()),
  orderId: v.optional(v.string()),
  passengerName: v.optional(v.nullable(v.string())),
  leg: v.optional(v.nullable(AssistanceLeg)),
  createdAt: v.optional(IsoDate),
  cancelledAt: v.optional(v.nullable(IsoDate)),
  /** Why it ended without the customer cancelling it (`refunded`, `insurance-claimed`): its tickets went. */
  cancelledBecause: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(40)))),
});
export type PassengerAssistance = v.InferOutput<typeof PassengerAssistance>;

export const isCancelled = (a: PassengerAssistance) => a.status === 'cancelled';

/** GET …/orders/{orderId}/products/{bookingId} (the spec's call). */
export const PassengerAssistancesResponse = v.object({ passengerAssistances: v.array(PassengerAssistance) });
/** Create, read one and cancel (ours). */
export const PassengerAssistanceResponse = v.object({ passengerAssistance: PassengerAssistance });

/** GET /customer/passenger-assistance (ours): the customer's upcoming journeys with their assistance. */
const UpcomingBooking = v.object({
  bookingId: v.string(),
  orderId: v.string(),
  friendlyOrderId: v.optional(v.string()),
  outward: AssistanceLeg,
  inward: maybe(AssistanceLeg),
  passengerAssistances: v.array(PassengerAssistance),
  /** Set by the app for a journey of `cancelledWithTickets`: its tickets are gone, nothing is offered on it. */
  ticketsGone: v.optional(v.boolean()),
});
export const UpcomingAssistanceResponse = v.object({
  bookings: v.array(UpcomingBooking),
  /** Local extra: upcoming journeys whose tickets are gone, with the help that ended with them (decision 630). */
  cancelledWithTickets: v.optional(v.array(UpcomingBooking)),
});
export type UpcomingAssistance = v.InferOutput<typeof UpcomingBooking>[];

/** What the assistance screens need of a booking (read from GET /booking/{id}). */
export interface AssistanceBooking {
  bookingId: string;
  orderId: string;
  passengers: { id: string; name: string }[];
  legs: { direction: AssistanceDirection; origin: string; destination: string; departureTime: string }[];
  /** Season tickets and replaced bookings take no assistance here. */
  bookable: boolean;
  /**
   * A leg came without its stations (docs/product/entities.md lists a leg's date only): it is left out of
   * `legs`, and the screens say why rather than that the journey has left (decision 231).
   */
  stationsUnknown?: boolean;
}

/** A booking and its assistance. */
export interface AssistanceOverview {
  booking: AssistanceBooking;
  assistances: PassengerAssistance[];
}

/** One assistance and its booking. */
export interface AssistanceItem {
  booking: AssistanceBooking;
  assistance: PassengerAssistance;
}

/** What a failed change says: the server's sentence (`detail`) when it gave one. */
export interface AssistanceFailure {
  code: string | null;
  detail: string | null;
}

export const passengerNameOf = (booking: AssistanceBooking, a: PassengerAssistance) =>
  booking.passengers.find((p) => p.id === a.passengerId)?.name ?? a.passengerName ?? m.common_passenger();
export const legOf = (booking: AssistanceBooking, direction: AssistanceDirection) =>
  booking.legs.find((l) => l.direction === direction) ?? null;

// ---- The request form ---------------------------------------------------------------------------

export const assistanceDetailsMax = 500;

export interface AssistanceFormValues {
  passengerId: string;
  direction: AssistanceDirection | '';
  kinds: AssistanceKind[];
  details: string;
}
export type AssistanceField = keyof AssistanceFormValues;

/** Messages the spec does not give (docs/decisions/100-passenger-assistance.md). */
export const assistanceFormMessages = {
  passengerRequired: m.form_passenger_assistance_passenger_required(),
  directionRequired: m.form_passenger_assistance_direction_required(),
  kindsRequired: m.form_passenger_assistance_kinds_required(),
  detailsTooLong: m.form_passenger_assistance_details_too_long({ assistanceDetailsMax }),
  detailsControlCharacter: m.form_passenger_assistance_details_control_character(),
} as const;

/** Errors of the form values against the booking's passengers and legs. */
export function assistanceFormErrors(
  values: AssistanceFormValues,
  booking: Pick<AssistanceBooking, 'passengers' | 'legs'>,
): Partial<Record<AssistanceField, string>> {
  const errors: Partial<Record<AssistanceField, string>> = {};
  if (!booking.passengers.some((p) => p.id === values.passengerId))
    errors.passengerId = assistanceFormMessages.passengerRequired;
  if (!booking.legs.some((l) => l.direction === values.direction))
    errors.direction = assistanceFormMessages.directionRequired;
  if (values.kinds.length === 0) errors.kinds = assistanceFormMessages.kindsRequired;
  // The API refuses a NUL outright (a 400 no retry gets past): name the field instead.
  if (hasControlCharacter(values.details)) errors.details = assistanceFormMessages.detailsControlCharacter;
  else if (values.details.trim().length > assistanceDetailsMax) errors.details = assistanceFormMessages.detailsTooLong;
  return errors;
}

/** The create call's body. */
export interface AssistanceInput {
  passengerId: string;
  direction: AssistanceDirection;
  kinds: AssistanceKind[];
  details: string | null;
}
export const valuesToAssistanceInput = (values: AssistanceFormValues): AssistanceInput => ({
  passengerId: values.passengerId,
  direction: values.direction === 'inward' ? 'inward' : 'outward',
  kinds: assistanceKinds.filter((k) => values.kinds.includes(k)),
  details: values.details.trim() === '' ? null : values.details.trim(),
});

/** A booking's assistances are kept whole in spec mode: docs/product/api.md names the list, not its fields (src/schemas/spec-records.ts). */
export const specRecords: readonly SpecRecord[] = [
  [PassengerAssistancesResponse, PassengerAssistancesResponse.entries, ['passengerAssistances']],
];
