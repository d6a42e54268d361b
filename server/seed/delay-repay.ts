import { one, type Queryable } from '../db.ts';
import { DAY_MS, addMs } from '../lib/clock.ts';
import { sha256Hex } from '../lib/tokens.ts';
import { at, insertOrderWithBookings, tripBooking } from './booking-factory.ts';
import { bookingIdOf, stableId, type SeedClaimLink, type SeedModule } from './context.ts';
import { insertDisruption } from './refunds.ts';
import type { BookingData } from '../domain/booking-data.ts';

/**
 * Delay Repay claims ('demo' only), docs/decisions/090-delay-repay-and-insurance.md.
 * Claims sit on EXISTING past bookings of the demo account (the list counts do not change): one
 * per status a customer can meet, plus one guest order (robin.hughes@example.com, no account)
 * whose claim opens from the printed claim-token link. Flexible insurance is seeded by ./insurance.ts.
 */
export const DEMO_CLAIM_TOKEN = 'demo-claim-token';
export const CLAIM_TOKEN_TTL_MS = 60 * DAY_MS;
export const CLAIM_GUEST_EMAIL = 'robin.hughes@example.com';
export const CLAIM_GUEST_KEY = 'demo-claim-guest-york-newcastle';

type ClaimSeed = {
  /** Key of the booking's order (its first booking is `${key}:0`). */
  key: string;
  claimType: 'Integrated' | 'Punchout' | 'Submission';
  status:
    | 'eligible'
    | 'processing'
    | 'approved'
    | 'paid'
    | 'rejected'
    | 'submitted'
    | 'paid-toc'
    | 'credit-issue-failure';
  direction?: 'outward' | 'inward';
  /** The delay the operator recorded. */
  delayMinutes: number;
  /** The delay the customer typed, when it differs from the record. */
  statedDelay?: number;
  compensation?: number;
  reason?: string;
  /** The reason's code (decision 641). */
  reasonCode?: string;
  punchoutUrl?: string;
  /** Days after travel the claim was sent (decided claims). */
  submittedDaysAfter?: number;
  payment?: 'original-payment' | 'bank-transfer' | 'rail-voucher';
};

/** Which demo booking shows which claim case (README "Demo data"). */
export const DEMO_CLAIMS: ClaimSeed[] = [
  // Eligible, the customer fills the form: Leeds → Sheffield, 2 days ago, 34 min late (50% of £12.60).
  { key: 'demo-past-leeds-sheffield', claimType: 'Submission', status: 'eligible', delayMinutes: 34 },
  // Eligible, made on the operator's site: Manchester → Leeds, 5 days ago.
  {
    key: 'demo-past-more-man-lds',
    claimType: 'Punchout',
    status: 'eligible',
    delayMinutes: 22,
    punchoutUrl: 'https://www.tpexpress.co.uk/help/delay-repay',
  },
  // Eligible, a return delayed on its way back: Liverpool Street ⇄ Norwich, 65 min (half of 100%).
  {
    key: 'demo-past-liverpoolst-norwich',
    claimType: 'Integrated',
    status: 'eligible',
    direction: 'inward',
    delayMinutes: 65,
  },
  {
    key: 'demo-past-more-bhm-cov',
    claimType: 'Integrated',
    status: 'processing',
    delayMinutes: 41,
    submittedDaysAfter: 1,
    payment: 'original-payment',
  },
  {
    key: 'demo-past-more-cre-liv',
    claimType: 'Submission',
    status: 'submitted',
    delayMinutes: 18,
    submittedDaysAfter: 2,
    payment: 'rail-voucher',
  },
  {
    key: 'demo-past-more-not-shf',
    claimType: 'Integrated',
    status: 'approved',
    delayMinutes: 36,
    compensation: 4.75,
    submittedDaysAfter: 1,
    payment: 'original-payment',
  },
  // Expired: 40 days ago, never claimed (the 28-day deadline passed; computed, not stored).
  { key: 'demo-past-glasgow-euston', claimType: 'Submission', status: 'eligible', delayMinutes: 47 },
  {
    key: 'demo-past-more-kgx-edb',
    claimType: 'Integrated',
    status: 'paid',
    delayMinutes: 75,
    compensation: 54.3,
    submittedDaysAfter: 3,
    payment: 'bank-transfer',
  },
  {
    key: 'demo-past-more-cbg-ips',
    claimType: 'Submission',
    status: 'rejected',
    delayMinutes: 9,
    statedDelay: 16,
    submittedDaysAfter: 4,
    reason:
      "Greater Anglia's records show this train arrived 9 minutes late, under the 15 minutes Delay Repay starts at.",
    reasonCode: 'DELAY_BELOW_THRESHOLD',
    payment: 'original-payment',
  },
  {
    key: 'demo-past-more-glc-abd',
    claimType: 'Submission',
    status: 'paid-toc',
    delayMinutes: 62,
    compensation: 61.4,
    submittedDaysAfter: 2,
    payment: 'bank-transfer',
  },
  {
    key: 'demo-past-cardiff-paddington',
    claimType: 'Integrated',
    status: 'credit-issue-failure',
    direction: 'inward',
    delayMinutes: 125,
    compensation: 236,
    submittedDaysAfter: 1,
    payment: 'original-payment',
    reason: 'The card you paid with has expired, so the refund to it was declined.',
    reasonCode: 'PAYOUT_CARD_EXPIRED',
  },
];

export const claimId = (key: string) => stableId('claim', key);

async function insertClaim(db: Queryable, c: ClaimSeed, now: Date): Promise<string> {
  const id = claimId(c.key);
  const booking = await one<{
    id: string;
    order_id: string;
    outward_date: Date;
    inward_date: Date | null;
    data: BookingData;
  }>(db, 'select id, order_id, outward_date, inward_date, data from bookings where id = $1', [bookingIdOf(c.key)]);
  if (!booking) throw new Error(`delay-repay seed: no booking ${c.key}`);
  const direction = c.direction ?? 'outward';
  const travelled = direction === 'inward' && booking.inward_date ? booking.inward_date : booking.outward_date;
  const submittedAt = c.submittedDaysAfter === undefined ? null : addMs(travelled, c.submittedDaysAfter * DAY_MS);
  const details = submittedAt
    ? {
        journey: { direction },
        delay: { minutes: c.statedDelay ?? c.delayMinutes },
        paymentMethod:
          c.payment === 'bank-transfer'
            ? { type: c.payment, accountEnding: '42' }
            : { type: c.payment ?? 'original-payment' },
      }
    : null;
  await db.query(
    `insert into delay_repay_claims (id, order_id, booking_id, claim_type, status, delayed_direction, delay_minutes,
       punchout_url, service_fee, compensation, status_reason, submitted_details, submitted_at, created_at, status_reason_code)
     values ($1, $2, $3, $4, $5, $6, $7, $8, 0, $9, $10, $11::jsonb, $12, $13, $14)`,
    [
      id,
      booking.order_id,
      booking.id,
      c.claimType,
      c.status,
      direction,
      c.delayMinutes,
      c.punchoutUrl ?? null,
      c.compensation ?? null,
      c.reason ?? null,
      details ? JSON.stringify(details) : null,
      submittedAt,
      new Date(Math.min(now.getTime(), addMs(travelled, 3 * 3_600_000).getTime())),
      c.reasonCode ?? null,
    ],
  );
  // The operators' running data says the same as the claim: the train was that late (a disruption
  // refund for that delay is checked against it, decision 330).
  const leg = direction === 'inward' ? booking.data.inward : booking.data.outward;
  if (leg) {
    await insertDisruption(db, c.key, leg, {
      kind: 'delayed',
      delayMinutes: c.delayMinutes,
      description: `Arrived ${c.delayMinutes} minutes late`,
      announcedAt: travelled,
    });
  }
  return id;
}

export const delayRepaySeed: SeedModule = {
  name: 'delay-repay',
  async run({ db, scenario, now, report }) {
    if (scenario !== 'demo') return;
    for (const c of DEMO_CLAIMS) await insertClaim(db, c, now);

    // Sam Patel's own claim (another account: the demo account must not open it).
    await insertClaim(
      db,
      { key: 'sam-past-nottingham-derby', claimType: 'Integrated', status: 'eligible', delayMinutes: 31 },
      now,
    );

    // A guest who has no account: the claim-token link opens the claim without signing in.
    await insertOrderWithBookings(
      db,
      { key: CLAIM_GUEST_KEY, customerId: null, email: CLAIM_GUEST_EMAIL },
      [
        tripBooking({
          key: CLAIM_GUEST_KEY,
          from: 'YRK',
          to: 'NCL',
          outward: at(now, -6, 16, 40),
          durationMin: 58,
          operator: 'LNER',
          passengers: [{ firstName: 'Robin', lastName: 'Hughes' }],
          ticketType: 'Off-Peak Single',
          fare: 27.4,
          refundable: true,
          delivery: 'mobile',
          activated: true,
        }),
      ],
      now,
    );
    const guestClaim = await insertClaim(
      db,
      { key: CLAIM_GUEST_KEY, claimType: 'Submission', status: 'eligible', delayMinutes: 63 },
      now,
    );
    await db.query('insert into claim_tokens (token_hash, claim_id, created_at, expires_at) values ($1, $2, $3, $4)', [
      sha256Hex(DEMO_CLAIM_TOKEN),
      guestClaim,
      now,
      addMs(now, CLAIM_TOKEN_TTL_MS),
    ]);
    report.claimLinks = await findDemoClaimLinks(db);
  },
};

/** The demo claim-token link, if its claim exists in this database (printed on every startup). */
export async function findDemoClaimLinks(db: Queryable): Promise<SeedClaimLink[]> {
  const row = await one<{ claim_id: string; email: string }>(
    db,
    `select t.claim_id, o.email from claim_tokens t join delay_repay_claims c on c.id = t.claim_id
     join orders o on o.id = c.order_id where t.token_hash = $1`,
    [sha256Hex(DEMO_CLAIM_TOKEN)],
  );
  return row ? [{ claimId: row.claim_id, email: row.email, token: DEMO_CLAIM_TOKEN }] : [];
}
