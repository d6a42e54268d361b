import type { Context } from 'hono';
import { Hono } from 'hono';
import * as v from 'valibot';
import type { DeliveryMethod } from '../domain/booking-data.ts';
import { findBooking, findOrder, type BookingRow } from '../domain/bookings.ts';
import { checkIn, isCheckedIn, recordEmailResend } from '../domain/booking-check-ins-and-resends.ts';
import { findDeliverable, isOrderReplaced, issuedTicketOf, issueOnDemandTicket } from '../domain/on-demand-tickets.ts';
import { authorizeOrder, type OrderAccess } from '../lib/access.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { emailSchema, readBody } from '../lib/body.ts';
import { HOUR_MS } from '../lib/clock.ts';
import { appLink, createEmailCopy, emailLocale } from '../lib/email-copy.ts';
import { ApiError } from '../lib/errors.ts';
import { deliverEmails, queueEmail, uniqueAddresses } from '../lib/outbox.ts';
import { DEFAULT_PUBLIC_ORIGIN } from '../lib/public-origin.ts';
import { bookingOffers, LIFECYCLE_DETAIL, requireLifecycleAllows } from '../domain/booking-lifecycle.ts';
import { PORTALS } from '../lib/page-data.ts';
import { loadTicketSecret, ticketBarcodeData } from '../domain/ticket-barcode.ts';
import { gateFeature } from '../lib/feature-gate.ts';
import { assertNotThrottled, clientAddress, LIMITS, recordAttempt, type Limit } from '../lib/rate-limit.ts';
import { can } from '../lib/policy.ts';

/**
 * Actions on a booking (docs/decisions/030-booking-actions.md):
 * POST /booking/checkIn, POST /booking/resend-email,
 * POST /booking/:bookingId/generate-on-demand-ticket/:deliveryId,
 * GET  /booking/:bookingId/get-on-demand-ticket-status/:deliverableId.
 * Every call acts on one booking and names its action; the access policy decides who may (its
 * customer, a guest session for its order, or its plain order token `?token=`; docs/access-policy.md).
 */

/** Check-in opens this long before the outward departure and closes at departure. */
export const CHECK_IN_OPENS_BEFORE_MS = 24 * HOUR_MS;
export const ON_DEMAND_METHODS: readonly DeliveryMethod[] = ['mobile', 'print-at-home'];
export const MAX_RESEND_ADDRESSES = 5;

const DELIVERY_METHODS = ['mobile', 'print-at-home', 'collect-at-station', 'post', 'smartcard'] as const;
const idSchema = v.pipe(v.string(), v.minLength(1), v.maxLength(64), v.regex(/^[\w-]+$/));

const CheckInBody = v.object({ uri: v.pipe(v.string(), v.maxLength(200)) });
const CHECK_IN_URI = /^\/bookings\/([\w-]{1,64})$/;

const ResendBody = v.object({
  emailAddresses: v.array(v.unknown()),
  bookingId: idSchema,
  orderId: idSchema,
  deliveryMethod: v.picklist(DELIVERY_METHODS),
  vendor: v.picklist(PORTALS),
});
const EmailList = v.pipe(v.array(emailSchema), v.minLength(1), v.maxLength(MAX_RESEND_ADDRESSES));

const token = (c: Context<AppEnv>) => c.req.query('token') ?? null;

/** The booking and who is acting on it; an unknown booking answers like a foreign one (403). */
async function bookingAccess(
  c: Context<AppEnv>,
  bookingId: string,
): Promise<{ booking: BookingRow; access: OrderAccess }> {
  const booking = /^[\w-]{1,64}$/.test(bookingId) ? await findBooking(c.get('deps').db, bookingId) : null;
  const access = await authorizeOrder(c, booking?.order_id ?? '', { token: token(c) });
  if (!booking) throw new ApiError(403, 'FORBIDDEN');
  return { booking, access };
}

/**
 * Who a booking's email may be resent to (decision 301): the address the order was booked with, and,
 * for its signed-in customer, the account's email once verified. Anyone else would let whoever holds
 * a booking (or its guest link) mail its tickets, or mail anyone at all from the retailer.
 */
function allowedRecipients(access: OrderAccess): Set<string> {
  const allowed = new Set([access.order.email.toLowerCase()]);
  if (access.via === 'customer' && access.customer.emailVerified) allowed.add(access.customer.email.toLowerCase());
  return allowed;
}

/** Same-origin page the browser goes to after checking in (the booking, marked checked in). */
const checkedInUrl = (access: OrderAccess, bookingId: string) =>
  access.via === 'customer'
    ? `/my-account/bookings/${bookingId}?checkedIn=true`
    : `/my-account/order-token/${bookingId}?checkedIn=true`;

export function bookingActionsApi(): Hono<AppEnv> {
  const api = new Hono<AppEnv>();
  // Behind the on-demand-tickets flag, like its screens.
  gateFeature(api, 'on-demand-tickets', [
    '/booking/:bookingId/generate-on-demand-ticket',
    '/booking/:bookingId/get-on-demand-ticket-status',
  ]);

  api.post('/booking/checkIn', can('ticket.issue'), async (c) => {
    const { uri } = await readBody(c, CheckInBody);
    const match = CHECK_IN_URI.exec(uri);
    if (!match?.[1]) throw new ApiError(400, 'VALIDATION', 'uri must be /bookings/{bookingId}');
    const { booking, access } = await bookingAccess(c, match[1]);
    const { db, clock } = c.get('deps');
    const now = clock.now();
    if (!(await isCheckedIn(db, booking.id))) {
      if (booking.is_season) throw new ApiError(409, 'CHECK_IN_NOT_SUPPORTED');
      const departure = new Date(booking.outward_date);
      if (now.getTime() >= departure.getTime()) throw new ApiError(409, 'CHECK_IN_CLOSED');
      if (now.getTime() < departure.getTime() - CHECK_IN_OPENS_BEFORE_MS) throw new ApiError(409, 'CHECK_IN_NOT_OPEN');
      // Not on a booking refunded, exchanged or paid by insurance (decision 320).
      await requireLifecycleAllows(db, booking.id, 'checkIn.open', now);
      await checkIn(db, booking.id, now, access.via);
    }
    return c.json({ url: checkedInUrl(access, booking.id) });
  });

  const emailCopy = createEmailCopy();

  api.post('/booking/resend-email', can('booking.resendToOrderEmail'), async (c) => {
    const body = await readBody(c, ResendBody);
    const emails = v.safeParse(EmailList, body.emailAddresses);
    if (!emails.success) throw new ApiError(400, 'INVALID_EMAIL_ADDRESS', v.summarize(emails.issues));
    const { booking, access } = await bookingAccess(c, body.bookingId);
    if (booking.order_id !== body.orderId) throw new ApiError(403, 'FORBIDDEN');
    if (booking.data.delivery.method !== body.deliveryMethod) {
      throw new ApiError(400, 'VALIDATION', 'deliveryMethod does not match the booking');
    }
    const deps = c.get('deps');
    const { db, clock } = deps;
    // Its tickets must still stand: not for a refunded or exchanged booking (decision 320).
    await requireLifecycleAllows(db, booking.id, 'email.resend', clock.now());
    // Only the booking's own mailbox, and a signed-in owner's verified email (decision 301). A refused
    // resend sends nothing, so it leaves the booking's and the owner's quota alone; it counts against
    // the asking client's own limit of refusals instead, so probing addresses is not free (decision 567).
    const allowed = allowedRecipients(access);
    const refused = emails.output.flatMap((email, index) => (allowed.has(email.trim().toLowerCase()) ? [] : [index]));
    if (refused.length > 0) {
      const refusals = [[LIMITS.resendRefusedClient, clientAddress(c)]] as const;
      await assertNotThrottled(db, clock.now(), refusals);
      await recordAttempt(db, clock.now(), refusals);
      return c.json(
        { errors: refused.map((index) => ({ code: 'RECIPIENT_NOT_ALLOWED', field: `emailAddresses.${index}` })) },
        422,
      );
    }
    // Every resend that is sent counts (decision 301): per booking, and per customer or, for guests,
    // per client address.
    const requester: readonly [Limit, string] =
      access.via === 'customer' ? [LIMITS.resendCustomer, access.customer.id] : [LIMITS.resendClient, clientAddress(c)];
    const limits = [[LIMITS.resendBooking, booking.id], requester] as const;
    await assertNotThrottled(db, clock.now(), limits);
    await recordAttempt(db, clock.now(), limits);
    // One email per address: the same address typed twice (in any case) is sent once.
    const to = uniqueAddresses(emails.output);
    const order = await findOrder(db, booking.order_id);
    const locale = emailLocale(c.req.header('accept-language'));
    const { outward } = booking.data;
    // The resend and its email are written together: the email exists exactly when the resend is recorded (decision 720).
    const resend = {
      bookingId: booking.id,
      orderId: booking.order_id,
      to,
      deliveryMethod: body.deliveryMethod,
      vendor: body.vendor,
      via: access.via,
      at: clock.now(),
    };
    const email = await recordEmailResend(db, resend, (tx) =>
      queueEmail(tx, clock.now(), {
        kind: 'booking-confirmation',
        to,
        subject: emailCopy(locale, 'email_booking_subject', { reference: order?.friendly_order_id ?? booking.id }),
        body: emailCopy(locale, 'email_booking_body', {
          reference: order?.friendly_order_id ?? booking.id,
          from: outward.origin.name,
          to: outward.destination.name,
          date: new Intl.DateTimeFormat(locale ?? 'en-GB', {
            dateStyle: 'full',
            timeStyle: 'short',
            timeZone: 'Europe/London',
          }).format(new Date(outward.date)),
          // A customer opens the booking in their account; a guest finds it again with its reference.
          link: appLink(
            deps.publicOrigin ?? DEFAULT_PUBLIC_ORIGIN,
            locale,
            access.via === 'customer' ? `/bookings/${booking.id}` : '/find-booking',
          ),
        }),
        locale,
      }),
    );
    await deliverEmails(deps, [email]);
    return c.json({ success: true });
  });

  api.post('/booking/:bookingId/generate-on-demand-ticket/:deliveryId', can('ticket.issue'), async (c) => {
    const { booking, access } = await bookingAccess(c, c.req.param('bookingId'));
    if (access.via === 'guest' && !access.guest.scopes.includes('on-demand')) throw new ApiError(403, 'FORBIDDEN');
    const { delivery } = booking.data;
    if (delivery.id !== c.req.param('deliveryId')) throw new ApiError(404, 'DELIVERY_NOT_FOUND');
    if (!ON_DEMAND_METHODS.includes(delivery.method)) throw new ApiError(409, 'ON_DEMAND_NOT_SUPPORTED');
    const { db, clock } = c.get('deps');
    const limits = [[LIMITS.onDemandBooking, booking.id]] as const;
    await assertNotThrottled(db, clock.now(), limits);
    await recordAttempt(db, clock.now(), limits);
    // A replaced order's tickets are cancelled (a change of journey or a part refund issued the
    // replacement its own): nothing is issued for them (docs/product/domain.md, one ticket one payout).
    if (await isOrderReplaced(db, booking.order_id)) throw new ApiError(409, 'BOOKING_REPLACED');
    const secret = await loadTicketSecret(db);
    const deliverableId = await issueOnDemandTicket(db, booking, delivery.id, clock, (reference) =>
      ticketBarcodeData(secret, reference, booking.data),
    );
    return c.json({ deliverableId });
  });

  api.get('/booking/:bookingId/get-on-demand-ticket-status/:deliverableId', can('ticket.issue'), async (c) => {
    const { booking, access } = await bookingAccess(c, c.req.param('bookingId'));
    if (access.via === 'guest' && !access.guest.scopes.includes('on-demand')) throw new ApiError(403, 'FORBIDDEN');
    const deliverableId = c.req.param('deliverableId');
    const row = /^[\w-]{1,64}$/.test(deliverableId)
      ? await findDeliverable(c.get('deps').db, deliverableId, booking.id)
      : null;
    if (!row) throw new ApiError(404, 'NOT_FOUND');
    // A ticket whose booking was refunded, exchanged or paid by insurance is gone (decision 570):
    // 410 with the lifecycle's reason, never `ready` with a code a gate would still read.
    const offers = await bookingOffers(c.get('deps').db, booking.id, c.get('deps').clock.now());
    const withdrawn = offers?.ticketWithdrawn ?? null;
    if (withdrawn) {
      return c.json(
        { errors: [{ code: 'TICKET_WITHDRAWN' }], reason: withdrawn, detail: LIFECYCLE_DETAIL[withdrawn] },
        410,
      );
    }
    if (c.get('deps').clock.now().getTime() < new Date(row.settles_at).getTime())
      return c.json({ status: 'processing' });
    if (row.outcome === 'failed') return c.json({ status: 'failed' });
    const issued = await issuedTicketOf(c.get('deps').db, row.id);
    if (!issued) return c.json({ status: 'failed' });
    return c.json({
      status: 'ready',
      ticket: {
        reference: issued.reference,
        issuedAt: new Date(issued.issued_at).toISOString(),
        barcode: issued.barcode_data,
      },
    });
  });

  return api;
}
