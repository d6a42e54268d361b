import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT, REFUNDS_ACCOUNT, SECOND_ACCOUNT } from '#server/seed/accounts.ts';
import { claimId } from '#server/seed/delay-repay.ts';
import { insuranceProductId } from '#server/seed/insurance.ts';
import { stableId } from '#server/seed/context.ts';
import { REFUND_SEED_KEYS as K, refundSeedBookingId } from '#server/seed/refunds.ts';
import { signedInClient, startTestServer, type ApiClient, type TestServer } from '../helpers/server.ts';

/**
 * Idempotency keys on the money-moving calls (decision 310): a repeat of one attempt gets the first
 * answer and never pays, claims or books twice, even when 20 repeats arrive at once.
 */
const API = '/my-account/api';
const DAY = 24 * 60 * 60 * 1000;
const orderId = (key: string) => stableId('order', key);
const key = () => `test-${crypto.randomUUID()}`;
type Err = { errors: { code: string }[] };
const code = (body: unknown) => (body as Err).errors[0]?.code;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});
beforeEach(async () => {
  await server.reset();
});

const post = (client: ApiClient, path: string, body: unknown, idempotencyKey: string) =>
  client.request('POST', path, { body, headers: { 'idempotency-key': idempotencyKey } });

type Refunds = { bookings: { id: string; refund?: { refunds: unknown[] } | null }[] };
const refundsOf = async (client: ApiClient, seedKey: string) => {
  const res = await client.get<Refunds>(`${API}/booking/${refundSeedBookingId(seedKey)}`);
  return res.body.bookings.find((b) => b.id === refundSeedBookingId(seedKey))?.refund?.refunds ?? [];
};
const quoteId = async (client: ApiClient, seedKey: string) => {
  const res = await client.get<{ quoteId: string }>(
    `${API}/refund-quote/${orderId(seedKey)}/${refundSeedBookingId(seedKey)}`,
  );
  expect(res.status).toBe(200);
  return res.body.quoteId;
};

describe('refund request', () => {
  it('answers a repeat with the first answer, and refunds once', async () => {
    const robin = await signedInClient(server.origin, REFUNDS_ACCOUNT);
    const quote = await quoteId(robin, K.flexible);
    const k = key();
    const body = { token: null, bookingId: refundSeedBookingId(K.flexible) };
    const first = await post(robin, `${API}/refund-quote/${quote}`, body, k);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: 'PROCESSING' });
    const repeat = await post(robin, `${API}/refund-quote/${quote}`, body, k);
    expect(repeat.status).toBe(200);
    expect(repeat.body).toEqual(first.body);
    expect(repeat.headers.get('idempotent-replayed')).toBe('true');
    expect(await refundsOf(robin, K.flexible)).toHaveLength(1);
    // A new attempt (another key) meets the server's own rule: the quote is spent.
    expect((await post(robin, `${API}/refund-quote/${quote}`, body, key())).status).toBe(409);
  });

  it('20 parallel repeats with one key: one refund, 20 identical answers', async () => {
    const robin = await signedInClient(server.origin, REFUNDS_ACCOUNT);
    const quote = await quoteId(robin, K.paperPost);
    const k = key();
    const body = { token: null, bookingId: refundSeedBookingId(K.paperPost) };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post(robin, `${API}/refund-quote/${quote}`, body, k)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    for (const a of answers) expect(a.body).toEqual(answers[0]?.body);
    expect(await refundsOf(robin, K.paperPost)).toHaveLength(1);
  });

  it('refuses the same key with another body (422) and keeps the key to its caller', async () => {
    const robin = await signedInClient(server.origin, REFUNDS_ACCOUNT);
    const quote = await quoteId(robin, K.flexible);
    const k = key();
    const body = { token: null, bookingId: refundSeedBookingId(K.flexible) };
    expect((await post(robin, `${API}/refund-quote/${quote}`, body, k)).status).toBe(200);
    const other = await post(
      robin,
      `${API}/refund-quote/${quote}`,
      { token: 'tok_other', bookingId: refundSeedBookingId(K.flexible) },
      k,
    );
    expect(other.status).toBe(422);
    expect(code(other.body)).toBe('IDEMPOTENCY_KEY_REUSED');
    // Another customer with the same key gets no replay of Robin's answer: the route's own 403.
    const alex = await signedInClient(server.origin, DEMO_ACCOUNT);
    const foreign = await post(alex, `${API}/refund-quote/${quote}`, body, k);
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('idempotent-replayed')).toBeNull();
  });

  it('refuses a malformed key (400) before the route runs', async () => {
    const robin = await signedInClient(server.origin, REFUNDS_ACCOUNT);
    const quote = await quoteId(robin, K.flexible);
    const res = await post(
      robin,
      `${API}/refund-quote/${quote}`,
      { token: null, bookingId: refundSeedBookingId(K.flexible) },
      'short',
    );
    expect(res.status).toBe(400);
    expect(await refundsOf(robin, K.flexible)).toHaveLength(0);
  });
});

describe('Delay Repay submit', () => {
  const LEEDS = 'demo-past-leeds-sheffield';
  const body = {
    submitClaimDetails: {
      journey: { direction: 'outward' },
      delay: { minutes: 34 },
      paymentMethod: { type: 'original-payment' },
    },
  };

  it('a repeat gets the accepted claim again, not 409; a key expires after 24 hours', async () => {
    const alex = await signedInClient(server.origin, DEMO_ACCOUNT);
    const k = key();
    const first = await post(alex, `${API}/claim/${claimId(LEEDS)}`, body, k);
    expect(first.status).toBe(200);
    const repeat = await post(alex, `${API}/claim/${claimId(LEEDS)}`, body, k);
    expect(repeat.status).toBe(200);
    expect(repeat.body).toEqual(first.body);
    expect(code((await post(alex, `${API}/claim/${claimId(LEEDS)}`, body, key())).body)).toBe('CLAIM_NOT_OPEN');
    await server.setClock(DAY + 60_000);
    const late = await signedInClient(server.origin, DEMO_ACCOUNT);
    expect((await post(late, `${API}/claim/${claimId(LEEDS)}`, body, k)).status).toBe(409);
    await server.setClock(0);
  });

  it('20 parallel repeats: one claim, 20 identical answers', async () => {
    const alex = await signedInClient(server.origin, DEMO_ACCOUNT);
    const k = key();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post(alex, `${API}/claim/${claimId(LEEDS)}`, body, k)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    for (const a of answers) expect(a.body).toEqual(answers[0]?.body);
  });

  it('a refusal is kept too: the repeat of a 422 is the same 422', async () => {
    const alex = await signedInClient(server.origin, DEMO_ACCOUNT);
    const k = key();
    const low = { submitClaimDetails: { ...body.submitClaimDetails, delay: { minutes: 5 } } };
    const first = await post(alex, `${API}/claim/${claimId(LEEDS)}`, low, k);
    expect(first.status).toBe(422);
    const repeat = await post(alex, `${API}/claim/${claimId(LEEDS)}`, low, k);
    expect(repeat).toMatchObject({ status: 422, body: first.body });
  });

  it('a 403 is not kept: the key is free for the same request once the caller may make it', async () => {
    const sam = await signedInClient(server.origin, SECOND_ACCOUNT);
    const k = key();
    expect((await post(sam, `${API}/claim/${claimId(LEEDS)}`, body, k)).status).toBe(403);
    expect((await post(sam, `${API}/claim/${claimId(LEEDS)}`, body, k)).status).toBe(403);
  });
});

describe('flexible insurance claim', () => {
  const ESSENTIAL = 'demo-upcoming-euston-manchester';
  const path = `${API}/flexible-insurance/${orderId(ESSENTIAL)}/${insuranceProductId(ESSENTIAL)}`;

  it('20 parallel repeats: one reference, 20 identical answers', async () => {
    const alex = await signedInClient(server.origin, DEMO_ACCOUNT);
    const eligibility = await alex.post<{ claimId: string }>(`${path}/eligibility`);
    const k = key();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post(alex, `${path}/${eligibility.body.claimId}/claim`, undefined, k)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    for (const a of answers) expect(a.body).toEqual(answers[0]?.body);
    expect((answers[0]?.body as { reference: string }).reference).toMatch(/^INS-/);
    expect((await alex.post(`${path}/${eligibility.body.claimId}/claim`)).status).toBe(409);
  });
});

describe('passenger assistance', () => {
  const MANCHESTER = 'demo-upcoming-euston-manchester';
  const path = `${API}/customer/passenger-assistance/orders/${orderId(MANCHESTER)}/products/${stableId('booking', `${MANCHESTER}:0`)}`;
  type Answer = { passengerAssistance: { id: string; status: string } };

  it('20 parallel repeats of a booking: one assistance; a repeated cancellation answers as the first', async () => {
    const alex = await signedInClient(server.origin, DEMO_ACCOUNT);
    const k = key();
    const body = { passengerId: stableId('passenger', `${MANCHESTER}:0`), direction: 'outward', kinds: ['ramp'] };
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(alex, path, body, k)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    const ids = new Set(answers.map((a) => (a.body as Answer).passengerAssistance.id));
    expect(ids.size).toBe(1);
    const list = await alex.get<{ passengerAssistances: unknown[] }>(path);
    expect(list.body.passengerAssistances).toHaveLength(1);

    const id = [...ids][0];
    const cancelKey = key();
    const cancel = await post(alex, `${path}/${id}/cancel`, {}, cancelKey);
    expect(cancel.status).toBe(200);
    const again = await post(alex, `${path}/${id}/cancel`, {}, cancelKey);
    expect(again).toMatchObject({ status: 200, body: cancel.body });
  });
});
