import * as v from 'valibot';
import { Address, AddressListResponse, DeleteAddressResponse } from '#src/schemas/addresses.ts';
import { ChangePasswordResponse, UserResponse, ValidateTokenResponse } from '#src/schemas/auth.ts';
import { BookingDetailResponse, BookingHistoryResponse, ChangeabilityResponse } from '#src/schemas/booking.ts';
import { CheckInResponse, GenerateTicketResponse, TicketStatusResponse } from '#src/schemas/booking-actions.ts';
import { AssociateCount, BookingsPage, TokenBookings } from '#src/schemas/bookings-list.ts';
import { CardListResponse } from '#src/schemas/cards.ts';
import { ConsentsResponse, RestoreResponse, RevokeResponse } from '#src/schemas/consents.ts';
import {
  ChangeEmailResponse,
  OrderCountResponse,
  PersonalDetailsResponse,
  SavePersonalDetailsResponse,
} from '#src/schemas/customer-profile.ts';
import { Claim, ClaimTokenResponse } from '#src/schemas/delay-repay.ts';
import { FindBookingResponse } from '#src/schemas/find-booking.ts';
import { EligibilityResponse } from '#src/schemas/insurance.ts';
import { PassengerAssistancesResponse } from '#src/schemas/passenger-assistance.ts';
import { PassengersAndRailcardsResponse, SavedPassenger, SavePassengerResponse } from '#src/schemas/passengers.ts';
import { PassengerRailcard, PassengerRailcardResponse } from '#src/schemas/railcards.ts';
import { PartialRefundsResponse, RefundQuote, RefundRequestResponse } from '#src/schemas/refunds.ts';

/**
 * The calls docs/product/api.md lists, in the server's own route syntax, each with the schema its 2xx
 * answer has in spec mode (API_SHAPE=spec and spec-nulls, decisions 340 and 886): the response schema
 * the app reads it with (src/schemas), whose records name the spec's fields (src/schemas/spec-records.ts).
 * `none`: docs/product/api.md names no response, so the call answers 204 with no body (decision 230's
 * Acknowledged); `whole`: the spec does not give the answer's inner shape, so it is sent as it is.
 * Every other call answers 404 in spec mode. Where docs/product/api.md names a call's answer only
 * through its entity, the list's wrapper key is ours (`addresses`, `cards`, `consents`, `passengers`,
 * `railcards`). Error answers (4xx, 5xx) and 308s keep their body: docs/product/states.md,
 * docs/product/validation.md and docs/product/errors.md read their status and `errors[].code`.
 */
export type SpecAnswer = v.GenericSchema | 'none' | 'whole';
export type SpecRoute = {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** After /my-account/api: `:name` is one path segment, `:name{a|b}` one of those values. */
  readonly path: string;
  readonly answer: SpecAnswer;
};

/** docs/product/entities.md's Railcard is one record for a held card and a catalogue entry: a held card's schema names it. */
const Railcard = PassengerRailcard;

export const specRoutes: readonly SpecRoute[] = [
  // Bookings
  { method: 'GET', path: '/bookings/:filter{upcoming|past|season}', answer: BookingsPage },
  { method: 'GET', path: '/booking/token', answer: TokenBookings },
  { method: 'GET', path: '/booking/:bookingId', answer: BookingDetailResponse },
  { method: 'GET', path: '/booking/:bookingId/history', answer: BookingHistoryResponse },
  { method: 'POST', path: '/booking/checkIn', answer: CheckInResponse },
  { method: 'POST', path: '/booking/find-booking', answer: FindBookingResponse },
  { method: 'PUT', path: '/pico/edit-passengers', answer: 'none' },
  { method: 'GET', path: '/change-of-journey/changeability/:orderId/:bookingId', answer: ChangeabilityResponse },
  {
    method: 'GET',
    path: '/seasons-change-of-journey/changeability/:orderId/:bookingId',
    answer: ChangeabilityResponse,
  },
  { method: 'POST', path: '/booking/resend-email', answer: 'none' },
  { method: 'POST', path: '/booking/:bookingId/generate-on-demand-ticket/:deliveryId', answer: GenerateTicketResponse },
  {
    method: 'GET',
    path: '/booking/:bookingId/get-on-demand-ticket-status/:deliverableId',
    answer: TicketStatusResponse,
  },
  { method: 'POST', path: '/order/associate-guest-orders', answer: AssociateCount },
  // Refunds and insurance
  { method: 'GET', path: '/refund-quote/:orderId/:bookingId', answer: RefundQuote },
  { method: 'POST', path: '/refund-quote/:quoteId', answer: RefundRequestResponse },
  { method: 'GET', path: '/partial-refunds/:bookingId', answer: PartialRefundsResponse },
  {
    method: 'GET',
    path: '/customer/passenger-assistance/orders/:orderId/products/:productId',
    answer: PassengerAssistancesResponse,
  },
  {
    method: 'POST',
    path: '/flexible-insurance/:orderId/:insuranceProductId/eligibility',
    answer: EligibilityResponse,
  },
  { method: 'POST', path: '/flexible-insurance/:orderId/:insuranceProductId/:claimId/claim', answer: 'none' },
  // Claims
  { method: 'GET', path: '/claim-token', answer: ClaimTokenResponse },
  { method: 'GET', path: '/claim/:claimId', answer: Claim },
  { method: 'POST', path: '/claim/:claimId', answer: Claim },
  // Customer
  { method: 'GET', path: '/customer/all-addresses', answer: AddressListResponse },
  { method: 'GET', path: '/customer/address/:addressId', answer: Address },
  { method: 'POST', path: '/customer/delete-address', answer: DeleteAddressResponse },
  { method: 'GET', path: '/customer/consents', answer: ConsentsResponse },
  { method: 'POST', path: '/customer/consents', answer: ConsentsResponse },
  { method: 'POST', path: '/customer/consents/revoke', answer: RevokeResponse },
  { method: 'POST', path: '/customer/consents/restore', answer: RestoreResponse },
  { method: 'POST', path: '/customer/forgot-password', answer: 'none' },
  { method: 'POST', path: '/customer/change-password', answer: ChangePasswordResponse },
  { method: 'POST', path: '/customer/change-email', answer: ChangeEmailResponse },
  { method: 'GET', path: '/customer/personal-details', answer: PersonalDetailsResponse },
  { method: 'POST', path: '/customer/personal-details', answer: SavePersonalDetailsResponse },
  { method: 'POST', path: '/customer/validate-reset-password-token', answer: ValidateTokenResponse },
  { method: 'GET', path: '/customer/order-count', answer: OrderCountResponse },
  { method: 'GET', path: '/customer/cards', answer: CardListResponse },
  { method: 'POST', path: '/customer/delete-card', answer: 'none' },
  { method: 'GET', path: '/customer/passengers-and-railcards', answer: PassengersAndRailcardsResponse },
  { method: 'POST', path: '/customer/passengers-and-railcards/add-passenger', answer: 'none' },
  { method: 'GET', path: '/user', answer: UserResponse },
  { method: 'POST', path: '/logout', answer: 'none' },
  // Passengers and railcards
  { method: 'GET', path: '/passengers/saved-passenger/:id', answer: SavedPassenger },
  { method: 'POST', path: '/passengers/edit-passenger/:id', answer: SavePassengerResponse },
  { method: 'DELETE', path: '/passengers/delete-passenger', answer: 'none' },
  { method: 'GET', path: '/passenger/:passengerId/railcard/:railcardId', answer: PassengerRailcardResponse },
  { method: 'DELETE', path: '/passenger/:passengerId/railcard/:railcardId', answer: 'none' },
  { method: 'PUT', path: '/passenger/:passengerId/railcard/:railcardId', answer: PassengerRailcardResponse },
  { method: 'POST', path: '/passenger/:passengerId/railcard/:railcardId', answer: PassengerRailcardResponse },
  { method: 'POST', path: '/passenger/:passengerId/railcard-status/:railcardId', answer: 'whole' },
  {
    method: 'GET',
    path: '/passenger/:passengerId/railcardslist',
    answer: v.object({ railcards: v.array(Railcard) }),
  },
  { method: 'GET', path: '/railcard/:railcardId', answer: Railcard },
  { method: 'GET', path: '/passengers-and-railcards/digital-railcard/:railcardId', answer: Railcard },
  // Other
  { method: 'GET', path: '/locations-pot/search', answer: 'whole' },
  { method: 'GET', path: '/realtime/timetable/:timetableId', answer: 'whole' },
];

/**
 * Calls the spec does not list that stay open in spec mode (decision 571): signing in with a
 * password, and setting the new password a reset link was sent for. The spec names the providers
 * (docs/product/entities.md) and the routes (docs/product/screens.md) but no sign-in call; a
 * retailer's host signs customers in its own way, and without a sign-in no account screen can be
 * reached. Its answers are GET /user's. A host that sends a reset link (forgot-password) and checks
 * its token (validate-reset-password-token) takes the new password too, or its link leads nowhere:
 * that call answers 204 like the listed calls with no named answer. Signing in through a provider
 * (`/oidc/...`) is not here: page data offers no provider the API does not serve.
 */
export const hostRoutes: readonly SpecRoute[] = [
  { method: 'POST', path: '/login', answer: UserResponse },
  { method: 'POST', path: '/register', answer: UserResponse },
  { method: 'POST', path: '/customer/reset-password', answer: 'none' },
];
