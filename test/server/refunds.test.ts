import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT, REFUNDS_ACCOUNT } from '#server/seed/accounts.ts';
import { stableId } from '#server/seed/context.ts';
import { BOOKING_HISTORY_KEYS } from '#server/seed/booking-history.ts';
import { DEMO_GUEST_TOKENS } from '#server/seed/guest-orders.ts';
import { REFUND_GUEST_TOKEN, REFUND_SEED_KEYS as K, refundSeedBookingId } from '#server/seed/refunds.ts';
import { BookingDetailResponse, BookingHistoryResponse } from '#src/schemas/booking.ts';
import { BookingsPage, TokenBookings } from '#src/schemas/bookings-list.ts';
import {
  CardTokenResponse,
  ChangeOfJourneyStatus,
  PartialRefundsResponse,
  RefundQuote,
  RefundRequestRefusal,
  RefundRequestResponse,
} from '#src/schemas/refunds.ts';
import { apiClient, signedInClient, startTestServer, type ApiClient, type TestServer } from '../helpers/server.ts';

const API = '/my-account/api';
const DAY = 24 * 60 * 60 * 1000;
const bookingOf = (key: string) => refundSeedBookingId(key);
const orderOf = (key: string) => stableId('order', key);

let server: TestServer;
let client: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const setClock = (offsetMs: number) => server.setClock(offsetMs);
const asRobin = async () => {
  client = await signedInClient(server.origin, REFUNDS_ACCOUNT);
};
const guestSession = async (c: ApiClient, token: string) => {
  const res = await c.post<{ session: string }>(`${API}/user-flow-access`, { token });
  expect(res.status).toBe(200);
  c.flowId = `order.${res.body.session}`;
};

type Query = { refundables?: string[]; refundReason?: string; token?: string };
const quotePath = (key: string, q: Query = {}) => {
  const params = new URLSearchParams();
  if (q.refundables) params.set('refundables', JSON.stringify(q.refundables));
  if (q.refundReason) params.set('refundReason', q.refundReason);
  if (q.token) params.set('token', q.token);
  const qs = params.toString();
  return `${API}/refund-quote/${orderOf(key)}/${bookingOf(key)}${qs ? `?${qs}` : ''}`;
};
/** GET the quote, checked against the contract. */
const getQuote = async (key: string, q: Query = {}, c: ApiClient = client) => {
  const res = await c.get(quotePath(key, q));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return v.parse(RefundQuote, res.body);
};
const requestRefund = (quoteId: string, body: unknown = null, c: ApiClient = client) =>
  c.request('POST', `${API}/refund-quote/${quoteId}`, { body: body === null ? 'null' : body });
const detail = async (key: string, c: ApiClient = client) => {
  const res = await c.get(`${API}/booking/${bookingOf(key)}`);
  expect(res.status).toBe(200);
  const parsed = v.parse(BookingDetailResponse, res.body);
  return parsed.bookings.find((b) => b.id === bookingOf(key));
};
const tokenise = (number: string, c: ApiClient = client, expiryYear = new Date().getUTCFullYear() + 2) =>
  c.post(`${API}/payment/card-token`, { number, expiryMonth: 12, expiryYear, cvc: '123', name: 'Robin Hughes' });

beforeEach(async () => {
  await setClock(0);
});

describe('refund quote rules', () => {
  beforeAll(async () => {
    await server.reset();
    await asRobin();
  });

  it('quotes a flexible ticket in full less the £10 admin fee, with a conversation id', async () => {
    const res = await client.get(quotePath(K.flexible));
    expect(res.headers.get('x-conversationid')).toBeTruthy();
    const quote = v.parse(RefundQuote, res.body);
    expect(quote.status).toBe('REFUNDABLE');
    expect(quote.quoteId).toEqual(expect.any(String));
    expect(quote.reason).toBe('terms-and-conditions');
    expect(quote.refundReason).toBe('CHANGED_PLANS');
    expect(quote.cancellationDetails).toMatchObject({
      paid: { amount: 38.6, currencyCode: 'GBP' },
      adminFee: { amount: 10 },
      total: { amount: 28.6 },
    });
    expect(quote.unprocessableReasons).toEqual([]);
    expect(quote.returnInstructions?.mode).toBe('delete-from-device');
    expect(quote.isPartiallyRefundable).toBe(false); // one passenger on one return fare
    expect(new Date(quote.expiresAt ?? 0).getTime()).toBeGreaterThan(Date.now());
  });

  it('refuses Advance tickets for changed plans (terms and conditions) and refunds them in full for disruption', async () => {
    const quote = await getQuote(K.advance);
    expect(quote.status).toBe('NON_REFUNDABLE');
    expect(quote.quoteId).toBeNull();
    expect(quote.reason).toBe('terms-and-conditions');
    expect(quote.unprocessableReasons.map((r) => r.reasonCode)).toEqual(['TERMS_AND_CONDITIONS']);
    expect(quote.unprocessableReasons[0]?.blocking).toBe(true);
    const options = new Map(quote.refundReasonOptions?.map((o) => [o.code, o]));
    expect(options.get('CHANGED_PLANS_TICKETS_NOT_USED')?.eligible).toBe(false);
    // Engineering works are announced on its train: only "upcoming disruption" is on record.
    expect(options.get('DISRUPTION_UPCOMING')).toMatchObject({
      eligible: true,
      adminFee: { amount: 0 },
      total: { amount: 54.2 },
    });
    expect(options.get('DISRUPTION_SERVICE_CANCELLATION')).toMatchObject({
      eligible: false,
      reasonCode: 'DISRUPTION_NOT_RECORDED',
    });
    expect(options.get('DISRUPTION_TRAIN_DELAYED')).toMatchObject({
      eligible: false,
      reasonCode: 'DISRUPTION_NOT_RECORDED',
    });
    expect(options.get('BOOKING_ERROR')).toMatchObject({ eligible: false, reasonCode: 'BOOKING_ERROR_TOO_LATE' });

    const disrupted = await getQuote(K.advance, { refundReason: 'DISRUPTION_UPCOMING' });
    expect(disrupted.status).toBe('REFUNDABLE');
    expect(disrupted.reason).toBe('discretionary');
    expect(disrupted.cancellationDetails?.total.amount).toBe(54.2);
    expect(disrupted.cancellationDetails?.adminFee.amount).toBe(0);
  });

  it('answers AMOUNT_TOO_LOW when the fee eats the value, but a booking error refunds it all', async () => {
    const quote = await getQuote(K.amountTooLow);
    expect(quote.status).toBe('NON_REFUNDABLE');
    expect(quote.unprocessableReasons.map((r) => r.reasonCode)).toEqual(['AMOUNT_TOO_LOW']);
    const cancelled = await getQuote(K.amountTooLow, { refundReason: 'DISRUPTION_SERVICE_CANCELLATION' });
    expect(cancelled.status).toBe('REFUNDABLE');
    expect(cancelled.cancellationDetails?.total.amount).toBe(8.4);
  });

  it('answers EXPIRED 28 days after validity, NOT_ISSUED, and the two smartcard reasons', async () => {
    expect((await getQuote(K.expired)).unprocessableReasons.map((r) => r.reasonCode)).toEqual(['EXPIRED']);
    expect((await getQuote(K.expired, { refundReason: 'DISRUPTION_TRAIN_DELAYED' })).status).toBe('NON_REFUNDABLE');
    expect((await getQuote(K.notIssued)).unprocessableReasons.map((r) => r.reasonCode)).toEqual(['NOT_ISSUED']);
    expect((await getQuote(K.smartcardNotCollected)).unprocessableReasons.map((r) => r.reasonCode)).toEqual([
      'SMARTCARD_NOT_COLLECTED',
    ]);
    expect((await getQuote(K.smartcardInactive)).unprocessableReasons.map((r) => r.reasonCode)).toEqual([
      'SMARTCARD_INACTIVE',
    ]);
  });

  it('does not refund an activated mobile ticket, whatever the reason', async () => {
    for (const refundReason of ['CHANGED_PLANS', 'DISRUPTION_UPCOMING']) {
      const quote = await getQuote(K.activated, { refundReason });
      expect(quote.status).toBe('NON_REFUNDABLE');
      expect(quote.unprocessableReasons[0]?.message).toMatch(/activated/);
    }
  });

  it('answers PROCESSING with IN_PROGRESS while a refund is being made, and tracks it on the booking', async () => {
    const quote = await getQuote(K.inProgress);
    expect(quote.status).toBe('PROCESSING');
    expect(quote.quoteId).toBeNull();
    expect(quote.unprocessableReasons.map((r) => r.reasonCode)).toEqual(['IN_PROGRESS']);
    const booking = await detail(K.inProgress);
    expect(booking?.refund?.quotable).toBe(false);
    expect(booking?.refund?.refunds[0]).toMatchObject({ state: 'processing', kind: 'full' });
    expect(booking?.refund?.refunds[0]?.items.map((i) => i.status).sort()).toEqual(['pending', 'voiding']);
  });

  it('refuses bad refundables and refund reasons with 400', async () => {
    expect((await client.get(`${quotePath(K.flexible)}?refundables=not-json`)).status).toBe(400);
    expect((await client.get(quotePath(K.flexible, { refundables: ['nope'] }))).status).toBe(400);
    expect((await client.get(quotePath(K.flexible, { refundReason: 'BORED' }))).status).toBe(400);
    const advanceTicket = (await getQuote(K.advance)).refundables?.[0]?.refundableId ?? '';
    expect((await client.get(quotePath(K.advance, { refundables: [advanceTicket] }))).status).toBe(400);
  });

  it('refuses a change-of-journey source and answers its change-of-journey status instead', async () => {
    const res = await client.get(quotePath(K.changeOfJourneySource));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ errors: [{ code: 'CHANGE_OF_JOURNEY_SOURCE' }] });
    const status = await client.get(
      `${API}/change-of-journey/status/${orderOf(K.changeOfJourneySource)}/${bookingOf(K.changeOfJourneySource)}`,
    );
    expect(status.status).toBe(200);
    expect(v.parse(ChangeOfJourneyStatus, status.body)).toMatchObject({
      status: 'IN_PROGRESS',
      priceDifference: { amount: 12.5 },
    });
    expect((await detail(K.changeOfJourneySource))?.refund).toMatchObject({
      quotable: false,
      changeOfJourneySource: true,
    });
    const other = await client.get(`${API}/change-of-journey/status/${orderOf(K.flexible)}/${bookingOf(K.flexible)}`);
    expect(other.status).toBe(404);
    const changeability = await client.get(
      `${API}/change-of-journey/changeability/${orderOf(K.changeOfJourneySource)}/${bookingOf(K.changeOfJourneySource)}`,
    );
    expect(changeability.body).toEqual({ changeable: false, reason: 'CHANGE_IN_PROGRESS' });
    const refunded = await client.get(
      `${API}/change-of-journey/changeability/${orderOf(K.refunded)}/${bookingOf(K.refunded)}`,
    );
    expect(refunded.body).toEqual({ changeable: false, reason: 'REFUNDED' });
  });

  it('tracks refunded, voided, rejected and failed refunds, and a refunded booking cannot be quoted again', async () => {
    const refunded = await detail(K.refunded);
    expect(refunded?.refund).toMatchObject({ quotable: false, fullyRefunded: true });
    expect(refunded?.refund?.refunds[0]).toMatchObject({
      state: 'refunded',
      amount: { amount: 83.5 },
      adminFee: { amount: 10 },
    });
    expect(refunded?.refund?.refunds[0]?.refundedAt).toEqual(expect.any(String));
    expect((await client.get(quotePath(K.refunded))).status).toBe(409);

    const voided = await detail(K.voided);
    expect(voided?.refund?.refunds[0]?.items.map((i) => i.status)).toEqual(['voided']);

    const rejected = (await detail(K.rejected))?.refund;
    expect(rejected?.refunds[0]).toMatchObject({
      state: 'rejected',
      rejectedReason: expect.stringMatching(/did not receive/),
    });
    expect(rejected?.refunds[0]?.items.map((i) => i.status)).toEqual(['rejected']);
    expect(rejected?.quotable).toBe(true);

    const failed = (await detail(K.cardFailed))?.refund;
    expect(failed?.refunds[0]?.items.map((i) => i.status)).toEqual(['failed']);
    expect((await getQuote(K.cardFailed)).status).toBe('REFUNDABLE');
  });

  it('shows action required (address and deadline) for posted-back tickets, rejected once the deadline passes', async () => {
    const tracking = (await detail(K.actionRequired))?.refund?.refunds[0];
    expect(tracking?.state).toBe('action-required');
    expect(tracking?.postBack?.address).toContain('Freepost RTTR-REFUNDS');
    expect(new Date(tracking?.postBack?.deadline ?? 0).getTime()).toBeGreaterThan(Date.now());
    expect(tracking?.items.map((i) => i.status)).toEqual(['blocked']);
    await setClock(13 * DAY);
    // Hours later the customer signs in again: a session ends after 30 idle minutes (decision 154).
    await asRobin();
    const later = (await detail(K.actionRequired))?.refund?.refunds[0];
    expect(later?.state).toBe('rejected');
  });

  it('carries refund summaries on the bookings list entries', async () => {
    const res = await client.get(`${API}/bookings/upcoming`);
    const page = v.parse(BookingsPage, res.body);
    const flexible = page.results.find((r) => r.booking.id === bookingOf(K.flexible));
    expect(flexible?.booking.refund).toMatchObject({ quotable: true, refunds: [] });
  });
});

describe('refund request', () => {
  beforeAll(async () => {
    await server.reset();
    await asRobin();
  });

  it('refunds a flexible ticket once per quote; the booking is processing, then refunded', async () => {
    const quote = await getQuote(K.flexible);
    const res = await requestRefund(quote.quoteId ?? '');
    expect(res.status).toBe(200);
    const body = v.parse(RefundRequestResponse, res.body);
    expect(body).toMatchObject({ status: 'PROCESSING', waitForSuperseders: false });
    expect(body.items?.map((i) => i.status)).toEqual(['pending']);

    const again = await requestRefund(quote.quoteId ?? '');
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ errors: [{ code: 'QUOTE_USED' }] });

    expect((await getQuote(K.flexible)).status).toBe('PROCESSING');
    expect((await detail(K.flexible))?.refund?.refunds[0]).toMatchObject({
      state: 'processing',
      amount: { amount: 28.6 },
    });
    await setClock(4 * DAY);
    // Hours later the customer signs in again: a session ends after 30 idle minutes (decision 154).
    await asRobin();
    const later = (await detail(K.flexible))?.refund;
    expect(later).toMatchObject({ fullyRefunded: true, quotable: false });
    expect(later?.refunds[0]).toMatchObject({ state: 'refunded' });
    expect(later?.refunds[0]?.items.map((i) => i.status)).toEqual(['refunded']);
  });

  it('refuses an expired quote', async () => {
    const quote = await getQuote(K.paperPost);
    await setClock(31 * 60 * 1000);
    // Hours later the customer signs in again: a session ends after 30 idle minutes (decision 154).
    await asRobin();
    const res = await requestRefund(quote.quoteId ?? '');
    expect(res.status).toBe(410);
  });

  it('asks for paper tickets back by post before refunding (action required)', async () => {
    const quote = await getQuote(K.paperPost);
    expect(quote.returnInstructions).toMatchObject({ mode: 'post', address: expect.arrayContaining(['PO Box 7']) });
    expect(quote.returnInstructions?.deadline).toEqual(expect.any(String));
    const res = await requestRefund(quote.quoteId ?? '');
    expect(res.status).toBe(200);
    expect(v.parse(RefundRequestResponse, res.body).returnInstructions?.mode).toBe('post');
    const tracking = (await detail(K.paperPost))?.refund?.refunds[0];
    expect(tracking).toMatchObject({ state: 'action-required', postBack: { address: expect.any(Array) } });
    expect(tracking?.items.map((i) => i.status)).toEqual(['blocked']);
  });

  it('partially refunds one passenger of a two-passenger return: superseding order, history says what happened', async () => {
    const partial = await client.get(`${API}/partial-refunds/${bookingOf(K.partialReturn)}`);
    expect(partial.status).toBe(200);
    const booking = v.parse(PartialRefundsResponse, partial.body);
    expect(booking.booking).toMatchObject({
      sameFare: true,
      journeyFare: 'Off-Peak Return',
      isPartiallyRefundable: true,
    });
    expect(booking.booking.recipient.email).toBe(REFUNDS_ACCOUNT.email);
    const outward = booking.booking.outward.fares[0]?.farePassengers ?? [];
    expect(outward.map((p) => p.isRefundable)).toEqual([true, true]);
    const sasha = outward.find((p) => p.firstName === 'Sasha');
    const sashaId = sasha?.refundableId ?? '';

    const full = await getQuote(K.partialReturn);
    expect(full.isPartiallyRefundable).toBe(true);
    expect(full.partialRefundables).toHaveLength(2);
    const quote = await getQuote(K.partialReturn, { refundables: [sashaId] });
    expect(quote.status).toBe('PARTIALLY_REFUNDABLE');
    expect(quote.cancellationDetails).toMatchObject({
      paid: { amount: 24.5 },
      adminFee: { amount: 10 },
      total: { amount: 14.5 },
    });
    const selected = await client.get(`${API}/partial-refunds/${bookingOf(K.partialReturn)}?quoteId=${quote.quoteId}`);
    expect(v.parse(PartialRefundsResponse, selected.body).booking).toMatchObject({
      selectedRefundables: [sashaId],
      refundReason: 'CHANGED_PLANS',
    });
    const notUsed = await getQuote(K.partialReturn, {
      refundables: [sashaId],
      refundReason: 'CHANGED_PLANS_TICKETS_NOT_USED',
    });
    const notUsedBooking = await client.get(
      `${API}/partial-refunds/${bookingOf(K.partialReturn)}?quoteId=${notUsed.quoteId}`,
    );
    expect(v.parse(PartialRefundsResponse, notUsedBooking.body).booking.refundReason).toBe(
      'CHANGED_PLANS_TICKETS_NOT_USED',
    );

    const res = await requestRefund(quote.quoteId ?? '', { token: null, bookingId: bookingOf(K.partialReturn) });
    expect(res.status).toBe(200);
    expect(v.parse(RefundRequestResponse, res.body).waitForSuperseders).toBe(true);

    // The app's history polling: first answer 200 (replacement being issued), then 308 to the replacement.
    const first = await client.get(`${API}/booking/${bookingOf(K.partialReturn)}/history`);
    expect(first.status).toBe(200);
    await setClock(2000);
    const moved = await client.get<{ replacedBy: { bookingId: string; orderId: string } }>(
      `${API}/booking/${bookingOf(K.partialReturn)}/history`,
    );
    expect(moved.status).toBe(308);
    const replacement = moved.body.replacedBy;
    const history = await client.get(`${API}/booking/${replacement.bookingId}/history`);
    expect(history.status).toBe(200);
    const parsed = v.parse(BookingHistoryResponse, history.body);
    expect(parsed.bookings).toHaveLength(2);
    const [originalEntry, replacementEntry] = parsed.bookings;
    expect(originalEntry?.change).toMatchObject({
      kind: 'part-refunded',
      passengers: [{ id: sasha?.passengerId, name: 'Sasha Hughes' }],
      amount: { amount: 14.5 },
      replacementOrderId: replacement.orderId,
    });
    expect(replacementEntry?.change).toMatchObject({
      kind: 'part-refunded',
      replacesOrderId: orderOf(K.partialReturn),
      replacementOrderId: null,
    });
    expect(replacementEntry?.booking.passengers.map((p) => p.firstName)).toEqual(['Robin']);
    expect(replacementEntry?.booking.refund?.quotable).toBe(true);
    expect(originalEntry?.booking.refund?.quotable).toBe(false);
    expect((await client.get(quotePath(K.partialReturn))).status).toBe(409);
  });

  it('shows the seeded part refund in history with the passengers and both orders', async () => {
    const res = await client.get(`${API}/booking/${bookingOf(K.partRefundedReplacement)}/history`);
    const parsed = v.parse(BookingHistoryResponse, res.body);
    expect(parsed.bookings[0]?.change).toMatchObject({
      kind: 'part-refunded',
      passengers: [{ name: 'Sasha Hughes' }],
      replacementOrderId: orderOf(K.partRefundedReplacement),
    });
  });

  it("the demo account's pending partial refund and exchanged journey say what happened", async () => {
    const alex = await signedInClient(server.origin, DEMO_ACCOUNT);
    const original = stableId('booking', `${BOOKING_HISTORY_KEYS.refundProcessing}:0`);
    await alex.get(`${API}/booking/${original}/history`);
    await setClock(2000);
    const moved = await alex.get<{ replacedBy: { bookingId: string } }>(`${API}/booking/${original}/history`);
    expect(moved.status).toBe(308);
    const history = v.parse(
      BookingHistoryResponse,
      (await alex.get(`${API}/booking/${moved.body.replacedBy.bookingId}/history`)).body,
    );
    expect(history.bookings[0]?.change).toMatchObject({
      kind: 'part-refunded',
      passengers: [{ name: 'Jamie Morgan' }],
    });

    const changed = stableId('booking', 'demo-changed-original:0');
    const status = await alex.get(
      `${API}/change-of-journey/status/${stableId('order', 'demo-changed-original')}/${changed}`,
    );
    expect(v.parse(ChangeOfJourneyStatus, status.body)).toMatchObject({
      status: 'COMPLETED',
      newBookingId: stableId('booking', 'demo-changed-replacement:0'),
      priceDifference: { amount: 16.3 },
    });
  });

  it('declined card: INVALID_CREDIT_CARD, re-quote asks for a card, a declined test card fails, another works', async () => {
    const first = await getQuote(K.declinedCard);
    expect(first.creditCardForm).toMatchObject({ required: false, cardOnFile: { last4: '0002' } });
    const declined = await requestRefund(first.quoteId ?? '');
    expect(declined.status).toBe(422);
    expect(v.parse(RefundRequestRefusal, declined.body)).toMatchObject({
      status: 'INVALID_CREDIT_CARD',
      creditCardForm: { required: true },
    });
    expect((await requestRefund(first.quoteId ?? '')).status).toBe(409); // the quote is spent

    const second = await getQuote(K.declinedCard);
    expect(second.status).toBe('REFUNDABLE');
    expect(second.creditCardForm).toMatchObject({ required: true, reason: 'INVALID_CREDIT_CARD' });
    expect((await requestRefund(second.quoteId ?? '')).status).toBe(422); // still no new card

    const badCard = await tokenise('4000 0000 0000 0002');
    expect(badCard.status).toBe(200);
    const bad = v.parse(CardTokenResponse, badCard.body);
    const third = await getQuote(K.declinedCard);
    const refusedAgain = await requestRefund(third.quoteId ?? '', {
      token: bad.token,
      bookingId: bookingOf(K.declinedCard),
    });
    expect(refusedAgain.status).toBe(422);

    const goodCard = v.parse(CardTokenResponse, (await tokenise('4242 4242 4242 4242')).body);
    expect(goodCard).toMatchObject({ last4: '4242', brand: 'Visa' });
    const fourth = await getQuote(K.declinedCard);
    const ok = await requestRefund(fourth.quoteId ?? '', {
      token: goodCard.token,
      bookingId: bookingOf(K.declinedCard),
    });
    expect(ok.status).toBe(200);
    // A token is single use.
    const fifth = await client.get(quotePath(K.declinedCard));
    expect(v.parse(RefundQuote, fifth.body).status).toBe('PROCESSING');
  });

  it('checks card numbers (Luhn, expiry) and never echoes the number', async () => {
    const luhn = await tokenise('4242 4242 4242 4241');
    expect(luhn.status).toBe(422);
    expect(luhn.body).toMatchObject({ errors: [{ code: 'CARD_INVALID' }] });
    const expired = await tokenise('4242424242424242', client, 2001);
    expect(expired.status).toBe(422);
    const short = await tokenise('4242');
    expect(short.status, 'not the shape of a card number').toBe(400);
    // Twelve digits that pass Luhn are no card's number either: the number field's refusal.
    const twelve = await tokenise('4242 4242 4242');
    expect([twelve.status, twelve.body]).toMatchObject([422, { errors: [{ code: 'CARD_INVALID' }] }]);
    const ok = await tokenise('5555 5555 5555 4444');
    expect(JSON.stringify(ok.body)).not.toContain('5555555555554444');
    expect(ok.body).toMatchObject({ brand: 'Mastercard', last4: '4444' });
    expect((await apiClient(server.origin).post(`${API}/payment/card-token`, {})).status).toBe(403); // no CSRF cookie
  });

  it('fraud: POTENTIAL_FRAUD_DETECTED on request, then the re-quote says so and gives no quote id', async () => {
    const quote = await getQuote(K.fraud);
    expect(quote.status).toBe('REFUNDABLE');
    const res = await client.request('POST', `${API}/refund-quote/${quote.quoteId}`); // no body at all = null
    expect(res.status).toBe(422);
    expect(v.parse(RefundRequestRefusal, res.body).status).toBe('POTENTIAL_FRAUD_DETECTED');
    const again = await getQuote(K.fraud);
    expect(again).toMatchObject({ status: 'POTENTIAL_FRAUD_DETECTED', quoteId: null });
    expect((await detail(K.fraud))?.refund?.refunds).toEqual([]);
  });

  it('a card token is spent once under 20 parallel requests: one refund, 19 × 400, the token then refused', async () => {
    await server.reset();
    await asRobin();
    // The declined card's booking asks for a new card on every new quote.
    const declined = await requestRefund((await getQuote(K.declinedCard)).quoteId ?? '');
    expect(declined.status).toBe(422);
    const card = v.parse(CardTokenResponse, (await tokenise('4242 4242 4242 4242')).body);
    const quotes = [];
    for (let i = 0; i < 20; i++) quotes.push((await getQuote(K.declinedCard)).quoteId ?? '');
    expect(new Set(quotes).size).toBe(20);
    const answers = await Promise.all(
      quotes.map((quoteId) => requestRefund(quoteId, { token: card.token, bookingId: bookingOf(K.declinedCard) })),
    );
    expect(answers.map((a) => a.status).filter((s) => s === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(19);
    for (const r of refused) {
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(JSON.stringify(r.body)).toContain('The card token is unknown, used or expired');
    }
    // One refund was made; the booking is processing.
    expect((await detail(K.declinedCard))?.refund?.refunds).toHaveLength(1);
  });
});

describe('refund authorization', () => {
  beforeAll(async () => {
    await server.reset();
  });

  it('keeps other accounts, other guests and anonymous callers out of quotes', async () => {
    const alex = await signedInClient(server.origin, DEMO_ACCOUNT);
    expect((await alex.get(quotePath(K.flexible))).status).toBe(403);
    expect((await alex.get(`${API}/partial-refunds/${bookingOf(K.partialReturn)}`)).status).toBe(403);
    expect(
      (
        await alex.get(
          `${API}/change-of-journey/status/${orderOf(K.changeOfJourneySource)}/${bookingOf(K.changeOfJourneySource)}`,
        )
      ).status,
    ).toBe(403);
    const otherGuest = apiClient(server.origin);
    await otherGuest.init();
    await guestSession(otherGuest, DEMO_GUEST_TOKENS[0]);
    expect((await otherGuest.get(quotePath(K.guest))).status).toBe(403);
    expect((await otherGuest.get(quotePath(K.guest, { token: DEMO_GUEST_TOKENS[1] }))).status).toBe(403);
    const anonymous = apiClient(server.origin);
    expect((await anonymous.get(quotePath(K.flexible))).status).toBe(401);
    await asRobin();
    // The booking must belong to the order in the path.
    expect((await client.get(`${API}/refund-quote/${orderOf(K.advance)}/${bookingOf(K.flexible)}`)).status).toBe(403);
  });

  it('pays a new card only when the quote asked for one: a card token on a quote for the card on file is 422 CARD_NOT_REQUESTED', async () => {
    await server.reset();
    await asRobin();
    const quote = await getQuote(K.flexible);
    expect(quote.creditCardForm).toMatchObject({ required: false });
    const card = v.parse(CardTokenResponse, (await tokenise('4242 4242 4242 4242')).body);
    const refused = await requestRefund(quote.quoteId ?? '', { token: card.token, bookingId: bookingOf(K.flexible) });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ errors: [{ code: 'CARD_NOT_REQUESTED' }] });
    expect((await detail(K.flexible))?.refund?.refunds).toEqual([]);
  });

  it("refuses another account's request on a quote, and without CSRF, and changes nothing", async () => {
    await server.reset();
    await asRobin();
    const quote = await getQuote(K.flexible);
    const alex = await signedInClient(server.origin, DEMO_ACCOUNT);
    expect((await requestRefund(quote.quoteId ?? '', null, alex)).status).toBe(403);
    const noCsrf = await client.request('POST', `${API}/refund-quote/${quote.quoteId}`, { body: 'null', csrf: 'none' });
    expect(noCsrf.status).toBe(403);
    expect(noCsrf.body).toMatchObject({ errors: [{ code: 'CSRF_INVALID' }] });
    expect((await requestRefund('00000000-0000-4000-8000-000000000000')).status).toBe(403);
    expect((await requestRefund(quote.quoteId ?? '', { token: null, bookingId: bookingOf(K.advance) })).status).toBe(
      400,
    );
    expect((await detail(K.flexible))?.refund?.refunds).toEqual([]);
    // Still unused: its owner can request it.
    expect((await requestRefund(quote.quoteId ?? '')).status).toBe(200);
  });

  it('lets only one of two simultaneous requests through, on one quote or two quotes of the same tickets', async () => {
    await asRobin();
    const quote = await getQuote(K.paperPost);
    const same = await Promise.all([requestRefund(quote.quoteId ?? ''), requestRefund(quote.quoteId ?? '')]);
    expect(same.map((r) => r.status).sort()).toEqual([200, 409]);

    const cancelled = { refundReason: 'DISRUPTION_SERVICE_CANCELLATION' };
    const [a, b] = await Promise.all([getQuote(K.amountTooLow, cancelled), getQuote(K.amountTooLow, cancelled)]);
    const both = await Promise.all([requestRefund(a.quoteId ?? ''), requestRefund(b.quoteId ?? '')]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.status === 409)?.body).toMatchObject({ errors: [{ code: 'IN_PROGRESS' }] });
    expect((await detail(K.amountTooLow))?.refund?.refunds).toHaveLength(1);
  });

  it("refuses another order's card token", async () => {
    const guest = apiClient(server.origin);
    await guest.init();
    await guestSession(guest, REFUND_GUEST_TOKEN);
    const token = v.parse(CardTokenResponse, (await tokenise('4242 4242 4242 4242', guest)).body).token;
    await asRobin();
    const quote = await getQuote(K.declinedCard);
    const res = await requestRefund(quote.quoteId ?? '', { token, bookingId: bookingOf(K.declinedCard) });
    expect(res.status).toBe(400);
  });

  it('a guest refunds through the order-token link: same-day void, partial refund, lands on the replacement', async () => {
    const guest = apiClient(server.origin);
    await guest.init();
    await guestSession(guest, REFUND_GUEST_TOKEN);
    const quote = await getQuote(K.guest, {}, guest);
    expect(quote).toMatchObject({
      status: 'REFUNDABLE',
      reason: 'same-day-void',
      cancellationDetails: { adminFee: { amount: 0 }, total: { amount: 66.2 } },
    });
    const byToken = apiClient(server.origin);
    await byToken.init();
    expect((await byToken.get(quotePath(K.guest, { token: REFUND_GUEST_TOKEN }))).status).toBe(200);

    const kit = quote.refundables?.find((r) => r.passengerName === 'Kit Ellis')?.refundableId ?? '';
    const partial = await getQuote(K.guest, { refundables: [kit] }, guest);
    expect(partial.status).toBe('PARTIALLY_REFUNDABLE');
    const res = await requestRefund(partial.quoteId ?? '', null, guest);
    expect(res.status).toBe(200);
    expect(v.parse(RefundRequestResponse, res.body).items?.map((i) => i.status)).toEqual(['voiding']);
    await guest.get(`${API}/booking/${bookingOf(K.guest)}/history`);
    await setClock(2000);
    const moved = await guest.get<{ replacedBy: { bookingId: string } }>(
      `${API}/booking/${bookingOf(K.guest)}/history`,
    );
    expect(moved.status).toBe(308);
    const replacement = await guest.get(`${API}/booking/${moved.body.replacedBy.bookingId}/history`);
    expect(replacement.status).toBe(200);
    // The token link reaches the replacement too; another guest does not.
    expect(
      (await byToken.get(`${API}/booking/${moved.body.replacedBy.bookingId}?token=${REFUND_GUEST_TOKEN}`)).status,
    ).toBe(200);
    const other = apiClient(server.origin);
    await other.init();
    await guestSession(other, DEMO_GUEST_TOKENS[0]);
    expect((await other.get(`${API}/booking/${moved.body.replacedBy.bookingId}`)).status).toBe(403);
    // The guest's list (order-token page) shows the original and its replacement, with refund data.
    const list = v.parse(TokenBookings, (await guest.get(`${API}/booking/token`)).body);
    expect(list.bookings.map((b) => b.booking.id).sort()).toEqual(
      [bookingOf(K.guest), moved.body.replacedBy.bookingId].sort(),
    );
    const originalEntry = list.bookings.find((b) => b.booking.id === bookingOf(K.guest));
    expect(originalEntry?.booking.refund?.refunds[0]).toMatchObject({
      kind: 'partial',
      passengers: [{ name: 'Kit Ellis' }],
    });
    expect(list.bookings.find((b) => b.booking.id !== bookingOf(K.guest))?.booking.refund?.quotable).toBe(true);
  });
});

describe('refund reasons are checked', () => {
  beforeAll(async () => {
    await server.reset();
    await asRobin();
  });
  const HOUR = 60 * 60 * 1000;
  const disruptionCodes = [
    'DISRUPTION_UPCOMING',
    'DISRUPTION_SERVICE_CANCELLATION',
    'DISRUPTION_TRAIN_DELAYED',
  ] as const;

  it('accepts a disruption reason only when the running data shows the disruption it names', async () => {
    // No disruption on record for Leeds → York: every disruption reason is refused with its reason code.
    for (const refundReason of disruptionCodes) {
      const quote = await getQuote(K.flexible, { refundReason });
      expect(quote).toMatchObject({ status: 'NON_REFUNDABLE', quoteId: null });
      expect(quote.unprocessableReasons.map((r) => r.reasonCode)).toEqual(['DISRUPTION_NOT_RECORDED']);
    }
    const options = (await getQuote(K.flexible)).refundReasonOptions ?? [];
    expect(options.filter((o) => o.eligible).map((o) => o.code)).toEqual([
      'CHANGED_PLANS',
      'CHANGED_PLANS_TICKETS_NOT_USED',
    ]);

    // Newcastle → York left 3 hours ago and ran 75 minutes late: "train delayed" refunds it in full.
    const delayed = await getQuote(K.delayed, { refundReason: 'DISRUPTION_TRAIN_DELAYED' });
    expect(delayed).toMatchObject({ status: 'REFUNDABLE', reason: 'discretionary' });
    expect(delayed.cancellationDetails).toMatchObject({ adminFee: { amount: 0 }, total: { amount: 41.5 } });
    const notCancelled = await getQuote(K.delayed, { refundReason: 'DISRUPTION_SERVICE_CANCELLATION' });
    expect(notCancelled.unprocessableReasons[0]).toMatchObject({
      reasonCode: 'DISRUPTION_NOT_RECORDED',
      message: expect.stringMatching(/not cancelled/),
    });
    // Cambridge → Ipswich's train is cancelled: cancelled and upcoming both apply, delayed does not.
    const cancelled = new Map((await getQuote(K.amountTooLow)).refundReasonOptions?.map((o) => [o.code, o.eligible]));
    expect(disruptionCodes.map((c) => cancelled.get(c))).toEqual([true, true, false]);
  });

  it('refuses the request when the disruption the quote was for is not on record at request time', async () => {
    const quote = await getQuote(K.delayed, { refundReason: 'DISRUPTION_TRAIN_DELAYED' });
    await setClock(-2 * HOUR); // before the delay was recorded
    const res = await requestRefund(quote.quoteId ?? '', { token: null, bookingId: bookingOf(K.delayed) });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ errors: [{ code: 'DISRUPTION_NOT_RECORDED' }] });
    await setClock(0);
    expect((await detail(K.delayed))?.refund?.refunds).toEqual([]);
    const again = await getQuote(K.delayed, { refundReason: 'DISRUPTION_TRAIN_DELAYED' });
    expect((await requestRefund(again.quoteId ?? '', { token: null, bookingId: bookingOf(K.delayed) })).status).toBe(
      200,
    );
  });

  it('refunds a booking error in full only within 24 hours of buying', async () => {
    const guest = apiClient(server.origin);
    await guest.init();
    await guestSession(guest, REFUND_GUEST_TOKEN);
    const bookingError = { refundReason: 'BOOKING_ERROR', token: REFUND_GUEST_TOKEN };
    const today = await getQuote(K.guest, bookingError, guest);
    expect(today).toMatchObject({
      status: 'REFUNDABLE',
      reason: 'discretionary',
      cancellationDetails: { adminFee: { amount: 0 }, total: { amount: 66.2 } },
    });
    await setClock(25 * HOUR);
    const later = await getQuote(K.guest, bookingError, guest);
    expect(later.unprocessableReasons.map((r) => r.reasonCode)).toEqual(['BOOKING_ERROR_TOO_LATE']);
    // The Advance ticket bought long ago: no booking-error refund.
    await setClock(0);
    expect((await getQuote(K.advance, { refundReason: 'BOOKING_ERROR' })).unprocessableReasons[0]?.reasonCode).toBe(
      'BOOKING_ERROR_TOO_LATE',
    );
  });

  it('shows how a season refund is worked out: days used at season rates, the fee, the total', async () => {
    const demo = await signedInClient(server.origin, DEMO_ACCOUNT);
    const key = 'demo-season-annual-reading';
    const res = await demo.get(`${API}/refund-quote/${stableId('order', key)}/${stableId('booking', `${key}:0`)}`);
    expect(res.status).toBe(200);
    const quote = v.parse(RefundQuote, res.body);
    // Valid from 100 days ago: 101 days used (today counts) = 3 months, 1 week and 4 Anytime Day Returns.
    const used = 3 * 527.7 + 137.4 + 4 * 31.6;
    const total = Math.round((5280 - used - 10) * 100) / 100;
    expect(quote.seasonCalculation).toMatchObject({
      daysUsed: 101,
      daysLeft: 264,
      usedPeriods: [
        { period: 'month', count: 3, rate: { amount: 527.7 }, cost: { amount: 1583.1 } },
        { period: 'week', count: 1, rate: { amount: 137.4 }, cost: { amount: 137.4 } },
        { period: 'day', count: 4, rate: { amount: 31.6 }, cost: { amount: 126.4 } },
      ],
      costOfUsed: { amount: Math.round(used * 100) / 100 },
      paid: { amount: 5280 },
      adminFee: { amount: 10 },
      total: { amount: total },
    });
    expect(quote.cancellationDetails?.total.amount).toBe(total);
    // Paid = used + fee + total, to the penny.
    const c = quote.seasonCalculation;
    expect(Math.round(((c?.costOfUsed.amount ?? 0) + (c?.adminFee.amount ?? 0) + (c?.total.amount ?? 0)) * 100)).toBe(
      528000,
    );
    // Other bookings carry no calculation.
    expect((await getQuote(K.flexible)).seasonCalculation ?? null).toBeNull();
  });

  it('a replacement keeps its original purchase date: refunding one passenger, then the other, pays no more than the whole', async () => {
    const whole = await getQuote(K.partialReturn);
    expect(whole.cancellationDetails?.total.amount).toBe(29);
    const [first] = whole.refundables ?? [];
    const part = await getQuote(K.partialReturn, { refundables: [first?.refundableId ?? ''] });
    expect(
      (await requestRefund(part.quoteId ?? '', { token: null, bookingId: bookingOf(K.partialReturn) })).status,
    ).toBe(200);
    await client.get(`${API}/booking/${bookingOf(K.partialReturn)}/history`);
    await setClock(2000);
    const moved = await client.get<{ replacedBy: { bookingId: string; orderId: string } }>(
      `${API}/booking/${bookingOf(K.partialReturn)}/history`,
    );
    expect(moved.status).toBe(308);
    const { bookingId, orderId } = moved.body.replacedBy;
    const res = await client.get(`${API}/refund-quote/${orderId}/${bookingId}`);
    const rest = v.parse(RefundQuote, res.body);
    // Not a same-day void: the fares were bought weeks ago, whatever the replacement order's date.
    expect(rest.reason).toBe('terms-and-conditions');
    expect(rest.cancellationDetails?.adminFee.amount).toBe(10);
    const split = (part.cancellationDetails?.total.amount ?? 0) + (rest.cancellationDetails?.total.amount ?? 0);
    expect(split).toBeLessThanOrEqual(whole.cancellationDetails?.total.amount ?? 0);
    // Nor does a booking error open again on the replacement.
    const error = await client.get(`${API}/refund-quote/${orderId}/${bookingId}?refundReason=BOOKING_ERROR`);
    expect(v.parse(RefundQuote, error.body).unprocessableReasons[0]?.reasonCode).toBe('BOOKING_ERROR_TOO_LATE');
  });
});

describe('every seeded booking', () => {
  beforeAll(async () => {
    await server.reset();
  });

  it('answers a contract-valid quote and partial-refund booking, or a documented 409, for both accounts', async () => {
    for (const account of [DEMO_ACCOUNT, REFUNDS_ACCOUNT]) {
      const c = await signedInClient(server.origin, account);
      const entries: { bookingId: string; orderId: string; quotable: boolean | undefined }[] = [];
      for (const filter of ['upcoming', 'past', 'season']) {
        for (let page = 0; page < 5; page++) {
          const res = v.parse(BookingsPage, (await c.get(`${API}/bookings/${filter}?page=${page}`)).body);
          for (const r of res.results)
            entries.push({ bookingId: r.booking.id, orderId: r.order.id, quotable: r.booking.refund?.quotable });
          if (res.pageSize === undefined) throw new Error('the local server sends pageSize');
          if ((page + 1) * res.pageSize >= res.total) break;
        }
      }
      expect(entries.length).toBeGreaterThan(10);
      for (const e of entries) {
        const res = await c.get(`${API}/refund-quote/${e.orderId}/${e.bookingId}`);
        if (res.status === 409) {
          expect(e.quotable, e.bookingId).toBe(false);
          expect((res.body as { errors: { code: string }[] }).errors[0]?.code).toMatch(
            /^(CHANGE_OF_JOURNEY_SOURCE|BOOKING_REPLACED|ALREADY_REFUNDED)$/,
          );
          continue;
        }
        expect(res.status, e.bookingId).toBe(200);
        const quote = v.parse(RefundQuote, res.body);
        if (quote.status === 'NON_REFUNDABLE')
          expect(quote.unprocessableReasons.length, e.bookingId).toBeGreaterThan(0);
        const partial = await c.get(`${API}/partial-refunds/${e.bookingId}`);
        expect(partial.status, e.bookingId).toBe(200);
        v.parse(PartialRefundsResponse, partial.body);
      }
    }
  });
});

describe('a new card in its last month (POST /payment/card-token)', () => {
  /** The server's clock at `at`, and a July 2027 card sent then by a signed-in customer. */
  const julyCardAt = async (at: string) => {
    await setClock(Date.parse(at) - Date.now());
    const signedIn = await signedInClient(server.origin, REFUNDS_ACCOUNT);
    return signedIn.post<{ errors?: { code: string }[] }>(`${API}/payment/card-token`, {
      number: '4242424242424242',
      expiryMonth: 7,
      expiryYear: 2027,
      cvc: '123',
      name: 'Robin Hughes',
    });
  };

  it('takes it until midnight in London and refuses it after (UK day, decision 880), as the card form does', async () => {
    // 23:58 on 31 July in London (22:58 UTC): still July.
    expect((await julyCardAt('2027-07-31T22:58:00Z')).status).toBe(200);
    // 00:02 on 1 August in London, 23:02 on 31 July UTC: the card has expired.
    const after = await julyCardAt('2027-07-31T23:02:00Z');
    expect([after.status, after.body.errors?.[0]?.code]).toEqual([422, 'CARD_EXPIRED']);
  });
});
