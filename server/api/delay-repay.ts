import type { Context } from 'hono';
import { Hono } from 'hono';
import * as v from 'valibot';
import {
  effectiveStatus,
  findClaim,
  submitClaim,
  type ClaimRow,
  type ClaimStatus,
  type SubmittedDetails,
} from '../domain/delay-repay-claims.ts';
import { claimDeadline, estimateCompensation, thresholdFor } from '../domain/delay-repay.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { readBody } from '../lib/body.ts';
import { ApiError } from '../lib/errors.ts';
import type { LifecycleReason } from '#machines/booking-lifecycle';
import { LIFECYCLE_DETAIL, lifecycleRefusal } from '../domain/booking-lifecycle.ts';
import { can, type Action } from '../lib/policy.ts';
import { authorizeOrder, requireAlso, type OrderAccess } from '../lib/access.ts';

/**
 * Delay Repay (docs/product/entities.md, docs/product/states.md, docs/product/api.md, docs/product/errors.md), docs/decisions/090-delay-repay-and-insurance.md:
 * GET /claim-token, GET /claim/{claimId}, POST /claim/{claimId} (body submitClaimDetails).
 * Who may open a claim: the customer whose order it is, a claim-token session for that claim, an
 * order-flow guest session of its order with the 'delay-repay' scope, or its order's guest token (?token=). Nobody: 401; anyone
 * else, or an unknown claim: 403 (the same answer, so claim ids cannot be probed).
 */
const money = (amount: number, currencyCode: string) => ({ amount: Math.round(amount * 100) / 100, currencyCode });

/**
 * The claim as the customer may see it now. `notClaimable`: the booking's lifecycle refuses a Delay
 * Repay claim (its tickets were refunded, exchanged or paid by insurance), the refusal the submit
 * would give with 409 (decision 570). Such a claim answers `rejected` (the spec's status for a claim
 * that pays nothing, so an app that reads only the spec's fields shows no form either), with nothing
 * to the customer, no estimate, and the reason as local extras.
 */
function apiClaim(row: ClaimRow, now: Date, notClaimable: LifecycleReason | null = null) {
  const status = notClaimable ? 'rejected' : effectiveStatus(row, now);
  const estimate = estimateCompensation(row.data, row.delayed_direction, row.delay_minutes, row.service_fee);
  const toCustomer =
    status === 'rejected' || status === 'expired'
      ? 0
      : row.compensation !== null
        ? Math.max(0, row.compensation - estimate.serviceFee)
        : estimate.toCustomer;
  const delayedLeg = row.delayed_direction === 'inward' && row.data.inward ? row.data.inward : row.data.outward;
  const legs = [
    { direction: 'outward' as const, leg: row.data.outward },
    ...(row.data.inward ? [{ direction: 'inward' as const, leg: row.data.inward }] : []),
  ];
  return {
    claimId: row.id,
    orderId: row.order_id,
    claimType: row.claim_type,
    status,
    serviceFee: money(estimate.serviceFee, row.currency),
    compensationToCustomer: money(toCustomer, row.currency),
    customerRegistered: row.customer_registered,
    // Local-server extras (docs/product/api.md does not list them; the app works without them).
    bookingId: row.booking_id,
    friendlyOrderId: row.friendly_order_id,
    operator: delayedLeg.operator,
    journeys: legs.map(({ direction, leg }) => ({
      direction,
      origin: leg.origin,
      destination: leg.destination,
      departureTime: leg.departureTime ?? leg.date,
      arrivalTime: leg.arrivalTime,
      operator: leg.operator,
    })),
    delayedJourney: row.delayed_direction,
    delayMinutes: row.delay_minutes,
    thresholdMinutes: thresholdFor(delayedLeg.operator),
    deadline: claimDeadline(row.data, row.delayed_direction).toISOString(),
    punchoutUrl: row.claim_type === 'Punchout' ? row.punchout_url : null,
    statusReason: notClaimable ? LIFECYCLE_DETAIL[notClaimable] : row.status_reason,
    // Local extra: what statusReason says, as a code and its data, for the page's own words (decision 641).
    statusReasonWords:
      notClaimable || !row.status_reason_code
        ? null
        : {
            code: row.status_reason_code,
            params: {
              operator: delayedLeg.operator ?? '',
              delayMinutes: row.delay_minutes,
              thresholdMinutes: thresholdFor(delayedLeg.operator),
            },
          },
    ...(notClaimable ? { notClaimable: { reason: notClaimable } } : {}),
    estimate:
      status === 'eligible' && row.claim_type !== 'Punchout' ? { ...estimate, currencyCode: row.currency } : null,
    submitted:
      row.submitted_details && row.submitted_at
        ? { ...row.submitted_details, submittedAt: new Date(row.submitted_at).toISOString() }
        : null,
  };
}

/**
 * The claim and the caller's access to it, for the route's action (`opts.action`: one it also
 * declared), decided by the access policy on the claim's order (docs/access-policy.md): its customer,
 * the claim's own email link, a guest session or `?token=` for its order. Else 401 (nobody) or 403.
 */
async function requireClaim(
  c: Context<AppEnv>,
  claimId: string,
  action?: Action,
): Promise<{ row: ClaimRow; access: OrderAccess }> {
  const row = await findClaim(c.get('deps').db, claimId);
  const access = await authorizeOrder(c, row?.order_id ?? '', {
    token: c.req.query('token') ?? null,
    claimId,
    ...(action ? { action } : {}),
  });
  if (!row) throw new ApiError(403, 'FORBIDDEN');
  return { row, access };
}

const SubmitBody = v.object({
  submitClaimDetails: v.object({
    journey: v.object({ direction: v.picklist(['outward', 'inward']) }),
    delay: v.object({ minutes: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(999)) }),
    paymentMethod: v.variant('type', [
      v.object({ type: v.literal('original-payment') }),
      v.object({ type: v.literal('rail-voucher') }),
      v.object({
        type: v.literal('bank-transfer'),
        sortCode: v.pipe(v.string(), v.regex(/^\d{6}$/)),
        accountNumber: v.pipe(v.string(), v.regex(/^\d{8}$/)),
      }),
    ]),
  }),
});

const refuse = (c: Context<AppEnv>, status: 409 | 422, code: string, detail: string) =>
  c.json({ errors: [{ code }], detail }, status);

export function delayRepayApi(): Hono<AppEnv> {
  const api = new Hono<AppEnv>();

  /** A claim-token session says which claim it is for, and whether its customer has an account. */
  // The claim link's own session is the proof: it names its one claim (docs/access-policy.md).
  api.get('/claim-token', can('public'), async (c) => {
    const guest = c.get('guest');
    if (!guest) throw new ApiError(401, 'UNAUTHORISED');
    if (!guest.claimId) throw new ApiError(403, 'FORBIDDEN');
    const row = await findClaim(c.get('deps').db, guest.claimId);
    if (!row) throw new ApiError(403, 'FORBIDDEN');
    return c.json({ claimId: row.id, customerRegistered: row.customer_registered });
  });

  api.get('/claim/:claimId', can('booking.view'), async (c) => {
    const { row } = await requireClaim(c, c.req.param('claimId'));
    const { db, clock } = c.get('deps');
    const now = clock.now();
    // An open claim is offered only while the submit would be accepted (decision 570).
    const refused =
      effectiveStatus(row, now) === 'eligible'
        ? await lifecycleRefusal(db, row.booking_id, 'delayRepay.claim', now)
        : null;
    return c.json(apiClaim(row, now, refused));
  });

  api.post('/claim/:claimId', can('claim.original', 'claim.newPayout'), async (c) => {
    const { db, clock } = c.get('deps');
    const { row, access } = await requireClaim(c, c.req.param('claimId'));
    const { submitClaimDetails: details } = await readBody(c, SubmitBody);
    // New bank details move money somewhere the order never paid from: only its proved owner or a
    // link from the order's mailbox may give them (docs/access-policy.md).
    if (details.paymentMethod.type === 'bank-transfer') requireAlso(c, access, 'claim.newPayout');
    const now = clock.now();
    const status = effectiveStatus(row, now);
    if (row.claim_type === 'Punchout') {
      return refuse(
        c,
        409,
        'CLAIM_PUNCHOUT',
        `This claim is made on ${row.data.outward.operator ?? 'the train company'}'s website.`,
      );
    }
    if (status === 'expired') {
      return refuse(c, 422, 'CLAIM_EXPIRED', 'Claims must be made within 28 days of travel.');
    }
    if (status !== 'eligible') return refuse(c, 409, 'CLAIM_NOT_OPEN', 'This claim has already been made.');
    if (details.journey.direction === 'inward' && !row.data.inward) {
      // A journey the booking does not have: the request's field it is about, for the form to put it on.
      return c.json(
        {
          errors: [{ code: 'NO_RETURN_JOURNEY', field: 'submitClaimDetails.journey.direction' }],
          detail: 'This booking has no return journey.',
        },
        400,
      );
    }
    if (details.journey.direction !== row.delayed_direction) {
      return refuse(c, 422, 'JOURNEY_NOT_DELAYED', "The train company's records show no delay on that journey.");
    }
    const delayedLeg = row.delayed_direction === 'inward' && row.data.inward ? row.data.inward : row.data.outward;
    const threshold = thresholdFor(delayedLeg.operator);
    if (details.delay.minutes < threshold) {
      return refuse(
        c,
        422,
        'DELAY_BELOW_THRESHOLD',
        `${delayedLeg.operator ?? 'This train company'} pays Delay Repay for delays of ${threshold} minutes or more.`,
      );
    }
    const payment = details.paymentMethod;
    const stored: SubmittedDetails = {
      journey: details.journey,
      delay: details.delay,
      // Bank details are passed on to the train company; only the last two digits are kept here.
      paymentMethod:
        payment.type === 'bank-transfer'
          ? { type: payment.type, accountEnding: payment.accountNumber.slice(-2) }
          : { type: payment.type },
    };
    const next: ClaimStatus = row.claim_type === 'Integrated' ? 'processing' : 'submitted';
    const updated = await submitClaim(db, row, next, stored, now);
    if (!updated) throw new ApiError(403, 'FORBIDDEN');
    return c.json(apiClaim(updated, now));
  });

  return api;
}
