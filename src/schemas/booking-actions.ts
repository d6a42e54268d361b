import * as v from 'valibot';
import type { SpecRecord } from './spec-records.ts';
import { Acknowledged } from './acknowledged';

/**
 * Actions on a booking (docs/product/entities.md, docs/product/states.md, docs/product/api.md): check-in, resend booking email, on-demand ticket.
 * Responses are checked with these schemas; a mismatch is an error state, never a crash.
 */

/** POST booking/checkIn answers `{url}`: a same-origin /my-account path (docs/decisions/030-booking-actions.md). */
export const CheckInResponse = v.object({ url: v.pipe(v.string(), v.minLength(1), v.maxLength(2048)) });
export type CheckInResponse = v.InferOutput<typeof CheckInResponse>;

/** docs/product/api.md lists no answer for resend-email: see Acknowledged. */
export const ResendEmailResponse = Acknowledged;

export const GenerateTicketResponse = v.object({ deliverableId: v.pipe(v.string(), v.minLength(1)) });
export type GenerateTicketResponse = v.InferOutput<typeof GenerateTicketResponse>;

/** The issued ticket (local-server extra, on `ready`): without it the booking reloads and shows its delivery. */
export const IssuedTicket = v.object({
  reference: v.string(),
  issuedAt: v.string(),
  barcode: v.string(),
});
export type IssuedTicket = v.InferOutput<typeof IssuedTicket>;

export const TicketStatusResponse = v.variant('status', [
  v.object({ status: v.literal('processing') }),
  v.object({ status: v.literal('failed') }),
  /** docs/product/entities.md names `processing` and `failed`; `ready` and its `ticket` are the local server's. */
  v.object({ status: v.literal('ready'), ticket: v.optional(IssuedTicket) }),
]);
export type TicketStatusResponse = v.InferOutput<typeof TicketStatusResponse>;

export const deliveryMethods = ['mobile', 'print-at-home', 'collect-at-station', 'post', 'smartcard'] as const;
export type DeliveryMethod = (typeof deliveryMethods)[number];

/** Deliveries that can have a ticket generated on demand. */
export const onDemandDeliveryMethods: readonly DeliveryMethod[] = ['mobile', 'print-at-home'];

/** Resend email: how many addresses one request may carry. */
export const maxResendAddresses = 5;

/**
 * docs/product/entities.md names a ticket status's `status` alone (spec mode, src/schemas/spec-records.ts);
 * a variant has no fields of its own, so the spec's are named here.
 */
export const specRecords: readonly SpecRecord[] = [[TicketStatusResponse, { status: v.string() }]];
