import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT, REFUNDS_ACCOUNT } from '#server/seed/accounts.ts';
import { claimId } from '#server/seed/delay-repay.ts';
import { insuranceProductId } from '#server/seed/insurance.ts';
import { bookingIdOf, stableId } from '#server/seed/context.ts';
import { REFUND_SEED_KEYS as K, refundSeedBookingId } from '#server/seed/refunds.ts';
import { signedInClient, startTestServer, type ApiClient, type TestServer } from '../helpers/server.ts';

/**
 * What the server hands out after money moves (decision 570), as plain API calls: a refunded,
 * part-refunded or insurance-paid booking's ticket is withdrawn everywhere (no code in the booking
 * answer, 410 from the ticket status), and every offer (quotable, the refund quote, the Delay Repay
 * claim) answers as the action call would.
 */
const API = '/my-account/api';
const orderOf = (key: string) => stableId('order', key);
type Err = { errors: { code: string }[]; reason?: string };
const code = (body: unknown) => (body as Err).errors?.[0]?.code;

/** Upcoming, mobile ticket issued on demand, Essential insurance claimable before departure. */
const EUSTON_MANCHESTER = 'demo-upcoming-euston-manchester';
/** Past, 34 min late: an open Delay Repay claim and TripCover insurance. */
const LEEDS_SHEFFIELD = 'demo-past-leeds-sheffield';
/** Past return, 65 min late on the way back: an open Delay Repay claim, refundable for that delay. */
const NORWICH = 'demo-past-liverpoolst-norwich';

let server: TestServer;
let client: ApiClient;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});
beforeEach(async () => {
  await server.reset();
  await server.setClock(0);
});

type IssuedTicket = { reference: string; issuedAt: string; barcode?: string; withdrawn?: { reason: string } };
type DetailBooking = {
  id: string;
  delivery: { id: string; issuedTicket?: IssuedTicket } | null;
  refund?: { quotable: boolean };
};
const detail = async (bookingId: string) => {
  const res = await client.get<{ bookings: DetailBooking[] }>(`${API}/booking/${bookingId}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const booking = res.body.bookings.find((b) => b.id === bookingId);
  if (!booking) throw new Error('booking missing from its detail');
  return booking;
};
const ticketStatus = (bookingId: string, deliverableId: string) =>
  client.get<{ status?: string; ticket?: { barcode: string } } & Err>(
    `${API}/booking/${bookingId}/get-on-demand-ticket-status/${deliverableId}`,
  );

/** Issues the booking's on-demand ticket and waits (server clock) until it is ready: its deliverable id. */
const issueTicket = async (bookingId: string) => {
  const { delivery } = await detail(bookingId);
  const res = await client.post<{ deliverableId: string }>(
    `${API}/booking/${bookingId}/generate-on-demand-ticket/${delivery?.id ?? ''}`,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await server.setClock(5000);
  const ready = await ticketStatus(bookingId, res.body.deliverableId);
  expect(ready.body.status).toBe('ready');
  expect(ready.body.ticket?.barcode).toMatch(/^GBRT1\|/);
  expect((await detail(bookingId)).delivery?.issuedTicket?.barcode).toMatch(/^GBRT1\|/);
  return res.body.deliverableId;
};

const quotePath = (key: string, bookingId: string, query = '') =>
  `${API}/refund-quote/${orderOf(key)}/${bookingId}${query}`;
type Quote = {
  quoteId: string | null;
  status: string;
  reason: string | null;
  unprocessableReasons: { reasonCode: string; blocking?: boolean }[];
};
const quote = async (key: string, bookingId: string, query = '') => {
  const res = await client.get<Quote>(quotePath(key, bookingId, query));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const requestRefund = (quoteId: string | null) =>
  client.request('POST', `${API}/refund-quote/${quoteId ?? ''}`, { body: 'null' });

const insurancePath = (key: string) => `${API}/flexible-insurance/${orderOf(key)}/${insuranceProductId(key)}`;
const claimInsurance = async (key: string) => {
  const eligibility = await client.post<{ claimId: string; isClaimable: boolean }>(`${insurancePath(key)}/eligibility`);
  expect(eligibility.body.isClaimable).toBe(true);
  const claim = await client.post(`${insurancePath(key)}/${eligibility.body.claimId}/claim`);
  expect(claim.status, JSON.stringify(claim.body)).toBe(200);
};

type Claim = {
  status: string;
  estimate: unknown;
  compensationToCustomer: { amount: number };
  notClaimable?: { reason: string };
  statusReason: string | null;
};
const delayRepayClaim = async (key: string) => {
  const res = await client.get<Claim>(`${API}/claim/${claimId(key)}`);
  expect(res.status).toBe(200);
  return res.body;
};
const submitDelayRepay = (key: string) =>
  client.post(`${API}/claim/${claimId(key)}`, {
    submitClaimDetails: {
      journey: { direction: key === NORWICH ? 'inward' : 'outward' },
      delay: { minutes: key === NORWICH ? 65 : 34 },
      paymentMethod: { type: 'original-payment' },
    },
  });

describe('a refunded mobile ticket is withdrawn everywhere', () => {
  beforeEach(async () => {
    client = await signedInClient(server.origin, DEMO_ACCOUNT);
  });

  it('full refund of Euston → Manchester: the booking carries no code and the status answers 410 TICKET_WITHDRAWN', async () => {
    const bookingId = bookingIdOf(EUSTON_MANCHESTER);
    const deliverableId = await issueTicket(bookingId);
    const refundable = await quote(EUSTON_MANCHESTER, bookingId, '?refundReason=DISRUPTION_SERVICE_CANCELLATION');
    expect((await requestRefund(refundable.quoteId)).status).toBe(200);

    const booking = await detail(bookingId);
    expect(booking.delivery?.issuedTicket).toEqual({
      reference: expect.stringMatching(/^TKT-/),
      issuedAt: expect.any(String),
      withdrawn: { reason: 'REFUND_IN_PROGRESS' },
    });
    expect(JSON.stringify(booking)).not.toContain('GBRT1');
    const status = await ticketStatus(bookingId, deliverableId);
    expect([status.status, code(status.body), status.body.reason]).toEqual([
      410,
      'TICKET_WITHDRAWN',
      'REFUND_IN_PROGRESS',
    ]);
    expect(JSON.stringify(status.body)).not.toContain('GBRT1');

    // Once the refund is paid, still gone.
    await server.setClock(10 * 24 * 60 * 60 * 1000);
    client = await signedInClient(server.origin, DEMO_ACCOUNT);
    expect((await detail(bookingId)).delivery?.issuedTicket?.withdrawn).toEqual({ reason: 'REFUNDED' });
    const later = await ticketStatus(bookingId, deliverableId);
    expect([later.status, later.body.reason]).toEqual([410, 'REFUNDED']);
  });

  it('an insurance claim cancels the tickets: no code, 410, and the refund is not offered', async () => {
    const bookingId = bookingIdOf(EUSTON_MANCHESTER);
    const deliverableId = await issueTicket(bookingId);
    expect((await detail(bookingId)).refund?.quotable).toBe(true);
    await claimInsurance(EUSTON_MANCHESTER);

    const booking = await detail(bookingId);
    expect(booking.delivery?.issuedTicket?.withdrawn).toEqual({ reason: 'INSURANCE_CLAIMED' });
    expect(booking.delivery?.issuedTicket?.barcode).toBeUndefined();
    const status = await ticketStatus(bookingId, deliverableId);
    expect([status.status, code(status.body), status.body.reason]).toEqual([
      410,
      'TICKET_WITHDRAWN',
      'INSURANCE_CLAIMED',
    ]);

    // Offers follow the check the refund request makes (409 INSURANCE_CLAIMED).
    expect(booking.refund?.quotable).toBe(false);
    const history = await client.get<{ bookings: { booking: { refund?: { quotable: boolean } } }[] }>(
      `${API}/booking/${bookingId}/history`,
    );
    expect(history.body.bookings.at(-1)?.booking.refund?.quotable).toBe(false);
    for (const reason of ['CHANGED_PLANS', 'DISRUPTION_SERVICE_CANCELLATION']) {
      const answer = await quote(EUSTON_MANCHESTER, bookingId, `?refundReason=${reason}`);
      expect(answer).toMatchObject({ quoteId: null, status: 'NON_REFUNDABLE', reason: null });
      expect(answer.unprocessableReasons).toEqual([
        expect.objectContaining({ reasonCode: 'INSURANCE_CLAIMED', blocking: true }),
      ]);
    }
  });

  it('a partial refund withdraws the original order’s ticket: the replacement carries the passengers left', async () => {
    client = await signedInClient(server.origin, REFUNDS_ACCOUNT);
    const bookingId = refundSeedBookingId(K.partialReturn);
    const deliverableId = await issueTicket(bookingId);
    const full = await quote(K.partialReturn, bookingId);
    const one =
      full.unprocessableReasons.length === 0
        ? (full as Quote & { partialRefundables: string[] }).partialRefundables[1]
        : undefined;
    expect(one).toBeDefined();
    const partial = await quote(
      K.partialReturn,
      bookingId,
      `?refundables=${encodeURIComponent(JSON.stringify([one]))}`,
    );
    expect(partial.status).toBe('PARTIALLY_REFUNDABLE');
    expect((await requestRefund(partial.quoteId)).status).toBe(200);

    const status = await ticketStatus(bookingId, deliverableId);
    expect([status.status, code(status.body), status.body.reason]).toEqual([410, 'TICKET_WITHDRAWN', 'PART_REFUNDED']);
    // The original's answer, while the replacement is issued and after, hands out no code.
    const original = await client.get(`${API}/booking/${bookingId}`);
    expect(JSON.stringify(original.body)).not.toContain('GBRT1');
  });
});

describe('offers answer as the action would: Delay Repay, refund quote', () => {
  beforeEach(async () => {
    client = await signedInClient(server.origin, DEMO_ACCOUNT);
  });

  it('refunded for the delay, the Delay Repay claim says it cannot be claimed and why, with no estimate', async () => {
    const before = await delayRepayClaim(NORWICH);
    expect(before.status).toBe('eligible');
    expect(before.estimate).not.toBeNull();
    const refundable = await quote(NORWICH, bookingIdOf(NORWICH), '?refundReason=DISRUPTION_TRAIN_DELAYED');
    expect((await requestRefund(refundable.quoteId)).status).toBe(200);

    const after = await delayRepayClaim(NORWICH);
    expect(after).toMatchObject({
      status: 'rejected',
      estimate: null,
      compensationToCustomer: { amount: 0 },
      notClaimable: { reason: 'REFUND_IN_PROGRESS' },
    });
    expect(after.statusReason).toMatch(/refunded/);
    // The submit says the same.
    const submit = await submitDelayRepay(NORWICH);
    expect([submit.status, code(submit.body)]).toEqual([409, 'REFUND_IN_PROGRESS']);
  });

  it('paid by insurance, the Delay Repay claim cannot be claimed (INSURANCE_CLAIMED)', async () => {
    await claimInsurance(LEEDS_SHEFFIELD);
    expect(await delayRepayClaim(LEEDS_SHEFFIELD)).toMatchObject({
      status: 'rejected',
      estimate: null,
      notClaimable: { reason: 'INSURANCE_CLAIMED' },
    });
    const submit = await submitDelayRepay(LEEDS_SHEFFIELD);
    expect([submit.status, code(submit.body)]).toEqual([409, 'INSURANCE_CLAIMED']);
  });

  it('Delay Repay claimed, the journey is not quotable and its quote answers NON_REFUNDABLE DELAY_REPAY_CLAIMED', async () => {
    const bookingId = bookingIdOf(NORWICH);
    expect((await detail(bookingId)).refund?.quotable).toBe(true);
    expect((await submitDelayRepay(NORWICH)).status).toBe(200);
    expect((await detail(bookingId)).refund?.quotable).toBe(false);
    const answer = await quote(NORWICH, bookingId, '?refundReason=DISRUPTION_TRAIN_DELAYED');
    expect(answer).toMatchObject({ quoteId: null, status: 'NON_REFUNDABLE' });
    expect(answer.unprocessableReasons[0]?.reasonCode).toBe('DELAY_REPAY_CLAIMED');
    // A claim made stays what it is (not turned into a refusal).
    expect((await delayRepayClaim(NORWICH)).notClaimable).toBeUndefined();
  });
});
