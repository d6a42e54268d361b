import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT, REFUNDS_ACCOUNT } from '#server/seed/accounts.ts';
import { claimId } from '#server/seed/delay-repay.ts';
import { insuranceProductId } from '#server/seed/insurance.ts';
import { bookingIdOf, stableId } from '#server/seed/context.ts';
import { REFUND_SEED_KEYS as K, refundSeedBookingId } from '#server/seed/refunds.ts';
import { signedInClient, startTestServer, type ApiClient, type TestServer } from '../helpers/server.ts';

/**
 * One booking lifecycle on the server (decision 320): every endpoint that pays or acts asks the
 * booking lifecycle chart inside its own transaction, with the booking row locked, and refuses with
 * 409 and the chart's reason code. One ticket, one payout (docs/product/domain.md): of 20 concurrent requests
 * across a refund, an insurance claim and a Delay Repay claim on the same booking, one pays.
 */
const API = '/my-account/api';
const orderOf = (key: string) => stableId('order', key);
type Err = { errors: { code: string }[] };
const code = (body: unknown) => (body as Err).errors?.[0]?.code;

const EUSTON_MANCHESTER = 'demo-upcoming-euston-manchester';
/** Past, 34 min late: an open Delay Repay claim and TripCover insurance (claimable: it was delayed). */
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

const insurancePath = (key: string) => `${API}/flexible-insurance/${orderOf(key)}/${insuranceProductId(key)}`;
/** An eligibility check's claim id (claimable). */
const eligibleClaim = async (key: string) => {
  const res = await client.post<{ claimId: string; isClaimable: boolean }>(`${insurancePath(key)}/eligibility`);
  expect(res.body.isClaimable).toBe(true);
  return res.body.claimId;
};
const claimInsurance = (key: string, id: string) => client.post(`${insurancePath(key)}/${id}/claim`);
/** A refund quote's id (refundable for `reason`). */
const refundQuote = async (key: string, reason: string, bookingId = bookingIdOf(key)) => {
  const res = await client.get<{ quoteId: string; status: string }>(
    `${API}/refund-quote/${orderOf(key)}/${bookingId}?refundReason=${reason}`,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(['REFUNDABLE', 'PARTIALLY_REFUNDABLE']).toContain(res.body.status);
  return res.body.quoteId;
};
const requestRefund = (quoteId: string) => client.request('POST', `${API}/refund-quote/${quoteId}`, { body: 'null' });
/** Submits the journey's Delay Repay claim (Leeds → Sheffield: outward, 34 min; Norwich: back, 65 min). */
const delayRepay = (key: string) =>
  client.post(`${API}/claim/${claimId(key)}`, {
    submitClaimDetails: {
      journey: { direction: key === NORWICH ? 'inward' : 'outward' },
      delay: { minutes: key === NORWICH ? 65 : 34 },
      paymentMethod: { type: 'original-payment' },
    },
  });
type Detail = {
  bookings: {
    id: string;
    insurance: { claim: { reference: string } | null }[];
    refund?: { refunds: { state: string }[] };
    delayRepay?: { status: string };
  }[];
};
const detailOf = async (key: string) => {
  const res = await client.get<Detail>(`${API}/booking/${bookingIdOf(key)}`);
  expect(res.status).toBe(200);
  const booking = res.body.bookings.find((b) => b.id === bookingIdOf(key));
  if (!booking) throw new Error('booking missing from its detail');
  return booking;
};
/** Payouts the booking shows: refunds not rejected, insurance claims made, Delay Repay claims made. */
const payoutsOf = async (key: string) => {
  const b = await detailOf(key);
  return (
    (b.refund?.refunds.filter((r) => r.state !== 'rejected').length ?? 0) +
    b.insurance.filter((p) => p.claim !== null).length +
    (b.delayRepay && b.delayRepay.status !== 'eligible' ? 1 : 0)
  );
};

describe('insurance claim, then a disruption refund, on Euston → Manchester', () => {
  beforeEach(async () => {
    client = await signedInClient(server.origin, DEMO_ACCOUNT);
  });

  it('refuses the refund once the insurance claim has paid for the trip (409 INSURANCE_CLAIMED)', async () => {
    const quoteId = await refundQuote(EUSTON_MANCHESTER, 'DISRUPTION_SERVICE_CANCELLATION');
    const claim = await claimInsurance(EUSTON_MANCHESTER, await eligibleClaim(EUSTON_MANCHESTER));
    expect(claim.status).toBe(200);
    const refund = await requestRefund(quoteId);
    expect([refund.status, code(refund.body)]).toEqual([409, 'INSURANCE_CLAIMED']);
    expect(await payoutsOf(EUSTON_MANCHESTER)).toBe(1);
    // Nor does the booking offer anything more that needs its tickets.
    const detail = await client.get<{ bookings: { delivery: { id: string } }[] }>(
      `${API}/booking/${bookingIdOf(EUSTON_MANCHESTER)}`,
    );
    const deliveryId = detail.body.bookings[0]?.delivery.id ?? '';
    const ticket = await client.post(
      `${API}/booking/${bookingIdOf(EUSTON_MANCHESTER)}/generate-on-demand-ticket/${deliveryId}`,
    );
    expect([ticket.status, code(ticket.body)]).toEqual([409, 'INSURANCE_CLAIMED']);
  });

  it('refused the other way round too: refunded, the insurance is no longer claimable', async () => {
    expect((await requestRefund(await refundQuote(EUSTON_MANCHESTER, 'DISRUPTION_SERVICE_CANCELLATION'))).status).toBe(
      200,
    );
    const eligibility = await client.post<{ isClaimable: boolean; reason?: string }>(
      `${insurancePath(EUSTON_MANCHESTER)}/eligibility`,
    );
    expect(eligibility.body).toMatchObject({ isClaimable: false, reason: 'REFUND_IN_PROGRESS' });
    expect(await payoutsOf(EUSTON_MANCHESTER)).toBe(1);
  });

  it('20 concurrent requests, 10 insurance claims and 10 refund requests: one pays', async () => {
    const quotes = [];
    const claims = [];
    for (let i = 0; i < 10; i++) {
      quotes.push(await refundQuote(EUSTON_MANCHESTER, 'DISRUPTION_SERVICE_CANCELLATION'));
      claims.push(await eligibleClaim(EUSTON_MANCHESTER));
    }
    const answers = await Promise.all([
      ...quotes.map((q) => requestRefund(q)),
      ...claims.map((id) => claimInsurance(EUSTON_MANCHESTER, id)),
    ]);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
    expect(await payoutsOf(EUSTON_MANCHESTER)).toBe(1);
  });
});

describe('Delay Repay against a refund and an insurance claim (travelled, arrived late)', () => {
  beforeEach(async () => {
    client = await signedInClient(server.origin, DEMO_ACCOUNT);
  });

  it('a Delay Repay claim made, the journey is no longer refundable for that delay, nor claimable on insurance', async () => {
    const quoteId = await refundQuote(NORWICH, 'DISRUPTION_TRAIN_DELAYED');
    expect((await delayRepay(NORWICH)).status).toBe(200);
    const refund = await requestRefund(quoteId);
    expect([refund.status, code(refund.body)]).toEqual([409, 'DELAY_REPAY_CLAIMED']);
    expect(await payoutsOf(NORWICH)).toBe(1);

    const claimIdInsurance = await eligibleClaim(LEEDS_SHEFFIELD);
    expect((await delayRepay(LEEDS_SHEFFIELD)).status).toBe(200);
    const insurance = await claimInsurance(LEEDS_SHEFFIELD, claimIdInsurance);
    expect([insurance.status, code(insurance.body)]).toEqual([409, 'DELAY_REPAY_CLAIMED']);
    expect(await payoutsOf(LEEDS_SHEFFIELD)).toBe(1);
  });

  it('refunded for the delay, the journey gets no Delay Repay (409 REFUND_IN_PROGRESS)', async () => {
    expect((await requestRefund(await refundQuote(NORWICH, 'DISRUPTION_TRAIN_DELAYED'))).status).toBe(200);
    const claim = await delayRepay(NORWICH);
    expect([claim.status, code(claim.body)]).toEqual([409, 'REFUND_IN_PROGRESS']);
  });

  it('20 concurrent requests, 10 Delay Repay claims and 10 refund requests: one pays', async () => {
    const quotes = [];
    for (let i = 0; i < 10; i++) quotes.push(await refundQuote(NORWICH, 'DISRUPTION_TRAIN_DELAYED'));
    const answers = await Promise.all([
      ...quotes.map((q) => requestRefund(q)),
      ...quotes.map(() => delayRepay(NORWICH)),
    ]);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(await payoutsOf(NORWICH)).toBe(1);
  });

  it('20 concurrent requests, 10 Delay Repay claims and 10 insurance claims: one pays', async () => {
    const claims = [];
    for (let i = 0; i < 10; i++) claims.push(await eligibleClaim(LEEDS_SHEFFIELD));
    const answers = await Promise.all([
      ...claims.map((id) => claimInsurance(LEEDS_SHEFFIELD, id)),
      ...claims.map(() => delayRepay(LEEDS_SHEFFIELD)),
    ]);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(await payoutsOf(LEEDS_SHEFFIELD)).toBe(1);
  });
});

describe('no ticket for a refunded, exchanged or past booking', () => {
  const generate = (bookingId: string, deliveryId: string) =>
    client.post(`${API}/booking/${bookingId}/generate-on-demand-ticket/${deliveryId}`);
  const deliveryOf = async (bookingId: string) => {
    const res = await client.get<{ bookings: { id: string; delivery: { id: string } | null }[] }>(
      `${API}/booking/${bookingId}`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const delivery = res.body.bookings.find((b) => b.id === bookingId)?.delivery;
    if (!delivery) throw new Error('no delivery');
    return delivery.id;
  };

  it('refunded Leeds → York: 409 REFUND_IN_PROGRESS, then REFUNDED', async () => {
    client = await signedInClient(server.origin, REFUNDS_ACCOUNT);
    const bookingId = refundSeedBookingId(K.flexible);
    const deliveryId = await deliveryOf(bookingId);
    const quote = await client.get<{ quoteId: string }>(`${API}/refund-quote/${orderOf(K.flexible)}/${bookingId}`);
    expect((await requestRefund(quote.body.quoteId)).status).toBe(200);
    const refused = await generate(bookingId, deliveryId);
    expect([refused.status, code(refused.body)]).toEqual([409, 'REFUND_IN_PROGRESS']);
    await server.setClock(10 * 24 * 60 * 60 * 1000);
    client = await signedInClient(server.origin, REFUNDS_ACCOUNT);
    const later = await generate(bookingId, deliveryId);
    expect([later.status, code(later.body)]).toEqual([409, 'REFUNDED']);
  });

  it('the exchanged King’s Cross → Leeds (change-of-journey source): 409 CHANGED', async () => {
    client = await signedInClient(server.origin, REFUNDS_ACCOUNT);
    const bookingId = refundSeedBookingId(K.changeOfJourneySource);
    const res = await generate(bookingId, await deliveryOf(bookingId));
    expect([res.status, code(res.body)]).toEqual([409, 'CHANGED']);
  });

  it('a past journey (Reading → Bristol): 409 TRAVELLED', async () => {
    client = await signedInClient(server.origin, DEMO_ACCOUNT);
    const bookingId = bookingIdOf('demo-past-more-rdg-bri');
    const res = await generate(bookingId, await deliveryOf(bookingId));
    expect([res.status, code(res.body)]).toEqual([409, 'TRAVELLED']);
  });
});
