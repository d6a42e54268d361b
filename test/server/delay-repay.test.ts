import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { refusedFieldOf, submitErrorFor } from '#machines/delay-repay';
import { codeOf, problemOf, statusOf } from '#machines/lib/problems';
import { submitErrorWords } from '#routes/-components/delay-repay/delay-repay-copy';
import { ApiError, readErrorBody } from '#src/api/errors';
import { m } from '#src/paraglide/messages.js';
import { localePrefixes } from '#src/config/locales';
import { catalogueLocale } from '#src/i18n/url-locale';
import { Claim as ClaimSchema } from '#src/schemas/delay-repay';
import type { Db } from '#server/db.ts';
import type { BookingData } from '#server/domain/booking-data.ts';
import { bandFor, claimDeadline, estimateCompensation, thresholdFor } from '#server/domain/delay-repay.ts';
import { DEMO_ACCOUNT, SECOND_ACCOUNT } from '#server/seed/accounts.ts';
import { CLAIM_GUEST_KEY, DEMO_CLAIM_TOKEN, claimId } from '#server/seed/delay-repay.ts';
import { bookingIdOf, stableId } from '#server/seed/context.ts';
import { DEMO_GUEST_TOKENS } from '#server/seed/guest-orders.ts';
import { apiClient, signedInClient, startTestServer, type ApiClient, type TestServer } from '../helpers/server.ts';

const API = '/my-account/api';
const orderId = (key: string) => stableId('order', key);
type Err = { errors: { code: string }[]; detail?: string };
const code = (body: unknown) => (body as Err).errors[0]?.code;

type Claim = {
  claimId: string;
  orderId: string;
  claimType: string;
  status: string;
  serviceFee: { amount: number };
  compensationToCustomer: { amount: number };
  customerRegistered: boolean;
  estimate: null | {
    band: { percent: number } | null;
    ticketPrice: number;
    compensation: number;
    toCustomer: number;
    fareBasis: string;
  };
  punchoutUrl: string | null;
  submitted: null | { paymentMethod: { type: string; accountEnding?: string } };
};

const LEEDS = 'demo-past-leeds-sheffield';
const NORWICH = 'demo-past-liverpoolst-norwich';
const MAN_LDS = 'demo-past-more-man-lds';
const GLASGOW = 'demo-past-glasgow-euston';
const SAM = 'sam-past-nottingham-derby';

const details = (over: Record<string, unknown> = {}) => ({
  submitClaimDetails: {
    journey: { direction: 'outward' },
    delay: { minutes: 34 },
    paymentMethod: { type: 'original-payment' },
    ...over,
  },
});

/**
 * Another tab's submit, made just as this request reaches the booking row's lock: run once, in the
 * app's database, before the next transaction begins (after the route's own read of the claim).
 */
let otherTab: ((db: Db) => Promise<unknown>) | null = null;
const withOtherTab = (db: Db): Db => ({
  ...db,
  transaction: async (fn) => {
    const first = otherTab;
    otherTab = null;
    if (first) await first(db);
    return db.transaction(fn);
  },
});

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ wrapDb: withOtherTab });
});
afterAll(async () => {
  await server?.close();
});

const demo = () => signedInClient(server.origin, DEMO_ACCOUNT);
const setClock = (offsetMs: number) => server.setClock(offsetMs);
const claimStatus = async (client: ApiClient, key: string) =>
  (await client.get<Claim>(`${API}/claim/${claimId(key)}`)).body.status;

describe('Delay Repay bands (docs/product/domain.md)', () => {
  const single = (fare: number, operator = 'Northern'): BookingData => ({
    outward: {
      date: '2026-01-10T09:00:00.000Z',
      origin: { code: 'LDS', name: 'Leeds' },
      destination: { code: 'SHF', name: 'Sheffield' },
      departureTime: '2026-01-10T09:00:00.000Z',
      arrivalTime: null,
      operator,
      changes: 0,
      timetableId: null,
    },
    inward: null,
    passengers: [],
    tickets: [
      {
        id: 't',
        type: 'Anytime Single',
        fareClass: 'standard',
        direction: 'outward',
        passengerIds: [],
        price: { amount: fare, currencyCode: 'GBP' },
        refundable: true,
      },
    ],
    delivery: { id: 'd', method: 'mobile', collectionReference: null, activated: false },
    price: { amount: fare, currencyCode: 'GBP' },
    season: null,
  });
  const returnTrip = (fare: number): BookingData => {
    const s = single(fare);
    return {
      ...s,
      inward: { ...s.outward, date: '2026-01-10T18:00:00.000Z' },
      tickets: s.tickets.map((t) => ({ ...t, direction: 'return' as const })),
    };
  };

  it('pays 25/50/100% of a single from 15, 30 and 60 minutes, nothing below 15', () => {
    expect(bandFor(14, 'single', 15)).toBeNull();
    expect(bandFor(15, 'single', 15)?.percent).toBe(25);
    expect(bandFor(29, 'single', 15)?.percent).toBe(25);
    expect(bandFor(30, 'single', 15)?.percent).toBe(50);
    expect(bandFor(59, 'single', 15)?.percent).toBe(50);
    expect(bandFor(60, 'single', 15)?.percent).toBe(100);
    expect(bandFor(119, 'single', 15)?.percent).toBe(100);
    expect(estimateCompensation(single(12.6), 'outward', 34, 0)).toMatchObject({
      compensation: 6.3,
      toCustomer: 6.3,
      fareBasis: 'single',
    });
  });

  it('pays half on one leg of a return, and the whole return from 120 minutes', () => {
    expect(estimateCompensation(returnTrip(38), 'inward', 20, 0).compensation).toBe(4.75);
    expect(estimateCompensation(returnTrip(38), 'inward', 45, 0).compensation).toBe(9.5);
    expect(estimateCompensation(returnTrip(38), 'inward', 65, 0).compensation).toBe(19);
    expect(estimateCompensation(returnTrip(38), 'inward', 120, 0).compensation).toBe(38);
  });

  it("follows the operator's own threshold", () => {
    expect(thresholdFor('ScotRail')).toBe(30);
    expect(thresholdFor('LNER')).toBe(15);
    expect(estimateCompensation(single(20, 'ScotRail'), 'outward', 20, 0).compensation).toBe(0);
    expect(estimateCompensation(single(20, 'ScotRail'), 'outward', 30, 0).compensation).toBe(10);
  });

  it('takes the service fee off what the customer gets, never below zero', () => {
    expect(estimateCompensation(single(12.6), 'outward', 34, 1)).toMatchObject({
      compensation: 6.3,
      serviceFee: 1,
      toCustomer: 5.3,
    });
    expect(estimateCompensation(single(12.6), 'outward', 5, 1)).toMatchObject({
      compensation: 0,
      serviceFee: 0,
      toCustomer: 0,
    });
  });

  it('gives seasons a per-journey value', () => {
    const season = {
      ...single(118.4),
      season: {
        kind: 'weekly' as const,
        validFrom: '2026-01-05T00:00:00.000Z',
        validUntil: '2026-01-11T23:59:00.000Z',
      },
    };
    expect(estimateCompensation(season, 'outward', 35, 0)).toMatchObject({
      fareBasis: 'season',
      ticketPrice: 11.84,
      compensation: 5.92,
    });
  });

  it('closes claims 28 days after travel', () => {
    expect(claimDeadline(single(1), 'outward').toISOString()).toBe('2026-02-07T09:00:00.000Z');
  });
});

describe('GET /claim/{claimId}', () => {
  beforeAll(() => server.reset());

  it('needs an identity', async () => {
    const client = apiClient(server.origin);
    await client.init();
    expect((await client.get(`${API}/claim/${claimId(LEEDS)}`)).status).toBe(401);
  });

  it('answers an eligible Submission claim with its estimate, fee and compensation', async () => {
    const res = await (await demo()).get<Claim>(`${API}/claim/${claimId(LEEDS)}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      claimId: claimId(LEEDS),
      orderId: orderId(LEEDS),
      claimType: 'Submission',
      status: 'eligible',
      serviceFee: { amount: 0 },
      compensationToCustomer: { amount: 6.3 },
      customerRegistered: true,
    });
    expect(res.body.estimate).toMatchObject({
      band: { percent: 50 },
      ticketPrice: 12.6,
      compensation: 6.3,
      fareBasis: 'single',
    });
  });

  it('applies the return rule to a return delayed on its way back', async () => {
    const res = await (await demo()).get<Claim>(`${API}/claim/${claimId(NORWICH)}`);
    expect(res.body).toMatchObject({
      claimType: 'Integrated',
      status: 'eligible',
      compensationToCustomer: { amount: 19 },
    });
    expect(res.body.estimate).toMatchObject({ fareBasis: 'return', band: { percent: 50 }, ticketPrice: 38 });
  });

  it('hands a Punchout claim to the operator, with no estimate', async () => {
    const res = await (await demo()).get<Claim>(`${API}/claim/${claimId(MAN_LDS)}`);
    expect(res.body).toMatchObject({
      claimType: 'Punchout',
      punchoutUrl: 'https://www.tpexpress.co.uk/help/delay-repay',
      estimate: null,
    });
  });

  it('answers every status a customer can meet, an eligible claim past 28 days as expired', async () => {
    const client = await demo();
    const statuses = await Promise.all(
      [
        'demo-past-more-bhm-cov',
        'demo-past-more-cre-liv',
        'demo-past-more-not-shf',
        GLASGOW,
        'demo-past-more-kgx-edb',
        'demo-past-more-cbg-ips',
        'demo-past-more-glc-abd',
        'demo-past-cardiff-paddington',
      ].map((k) => claimStatus(client, k)),
    );
    expect(statuses).toEqual([
      'processing',
      'submitted',
      'approved',
      'expired',
      'paid',
      'rejected',
      'paid-toc',
      'credit-issue-failure',
    ]);
    const expired = await client.get<Claim>(`${API}/claim/${claimId(GLASGOW)}`);
    expect(expired.body.compensationToCustomer.amount).toBe(0);
  });

  it("refuses another account's claim and an unknown claim alike (403)", async () => {
    const client = await demo();
    expect((await client.get(`${API}/claim/${claimId(SAM)}`)).status).toBe(403);
    expect((await client.get(`${API}/claim/${claimId('nope')}`)).status).toBe(403);
    const sam = await signedInClient(server.origin, SECOND_ACCOUNT);
    expect((await sam.get(`${API}/claim/${claimId(LEEDS)}`)).status).toBe(403);
    expect((await sam.get<Claim>(`${API}/claim/${claimId(SAM)}`)).body.status).toBe('eligible');
  });

  it('marks delayed journeys in the past bookings list and on booking detail', async () => {
    const client = await demo();
    const list = await client.get<{
      results: { booking: { id: string; delayRepay?: { claimId: string; status: string } } }[];
    }>(`${API}/bookings/past`);
    const leeds = list.body.results.find((r) => r.booking.id === bookingIdOf(LEEDS));
    expect(leeds?.booking.delayRepay).toEqual({ claimId: claimId(LEEDS), status: 'eligible' });
    expect(list.body.results.filter((r) => r.booking.delayRepay).length).toBeGreaterThan(3);
    const detail = await client.get<{ bookings: { delayRepay?: { claimId: string } }[] }>(
      `${API}/booking/${bookingIdOf(LEEDS)}`,
    );
    expect(detail.body.bookings[0]?.delayRepay?.claimId).toBe(claimId(LEEDS));
    const upcoming = await client.get<{ bookings: { delayRepay?: unknown }[] }>(
      `${API}/booking/${bookingIdOf('demo-upcoming-euston-manchester')}`,
    );
    expect(upcoming.body.bookings[0]?.delayRepay).toBeUndefined();
  });
});

describe('POST /claim/{claimId}', () => {
  beforeAll(() => server.reset());

  it('enforces CSRF and changes nothing without it', async () => {
    const client = await demo();
    const res = await client.post(`${API}/claim/${claimId(LEEDS)}`, details(), { csrf: 'none' });
    expect(res.status).toBe(403);
    expect(await claimStatus(client, LEEDS)).toBe('eligible');
  });

  it("refuses another account's claim and changes nothing", async () => {
    const sam = await signedInClient(server.origin, SECOND_ACCOUNT);
    expect((await sam.post(`${API}/claim/${claimId(LEEDS)}`, details())).status).toBe(403);
    expect(await claimStatus(await demo(), LEEDS)).toBe('eligible');
  });

  it('rejects a malformed body (400)', async () => {
    const client = await demo();
    const res = await client.post(`${API}/claim/${claimId(LEEDS)}`, details({ delay: { minutes: 'lots' } }));
    expect(res.status).toBe(400);
    const bank = await client.post(
      `${API}/claim/${claimId(LEEDS)}`,
      details({ paymentMethod: { type: 'bank-transfer', sortCode: '12', accountNumber: '1' } }),
    );
    expect(bank.status).toBe(400);
  });

  it('refuses a delay under the threshold and the wrong journey (422)', async () => {
    const client = await demo();
    const short = await client.post(`${API}/claim/${claimId(LEEDS)}`, details({ delay: { minutes: 10 } }));
    expect(short.status).toBe(422);
    expect(code(short.body)).toBe('DELAY_BELOW_THRESHOLD');
    const wrong = await client.post(`${API}/claim/${claimId(NORWICH)}`, details());
    expect(wrong.status).toBe(422);
    expect(code(wrong.body)).toBe('JOURNEY_NOT_DELAYED');
  });

  it('refuses an expired claim (422) and a Punchout claim (409)', async () => {
    const client = await demo();
    const expired = await client.post(`${API}/claim/${claimId(GLASGOW)}`, details({ delay: { minutes: 47 } }));
    expect(expired.status).toBe(422);
    expect(code(expired.body)).toBe('CLAIM_EXPIRED');
    const punchout = await client.post(`${API}/claim/${claimId(MAN_LDS)}`, details({ delay: { minutes: 22 } }));
    expect(punchout.status).toBe(409);
  });

  it('expires an open claim 28 days after travel (read and submit)', async () => {
    // Leeds → Sheffield left 2 days before seeding at 18:05: its deadline is 26 days and a bit away.
    await setClock(27 * 24 * 3_600_000);
    try {
      const client = await demo(); // signed in on the moved clock (sessions expire too)
      expect(await claimStatus(client, LEEDS)).toBe('expired');
      const res = await client.post(`${API}/claim/${claimId(LEEDS)}`, details());
      expect(res.status).toBe(422);
      expect(code(res.body)).toBe('CLAIM_EXPIRED');
    } finally {
      await setClock(0);
    }
    expect(await claimStatus(await demo(), LEEDS)).toBe('eligible');
  });

  it('submits a Submission claim (submitted), keeping only the end of the account number', async () => {
    const client = await demo();
    const res = await client.post<Claim>(
      `${API}/claim/${claimId(LEEDS)}`,
      details({ paymentMethod: { type: 'bank-transfer', sortCode: '401234', accountNumber: '12345678' } }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'submitted',
      estimate: null,
      submitted: { paymentMethod: { type: 'bank-transfer', accountEnding: '78' } },
    });
    expect(JSON.stringify(res.body)).not.toContain('12345678');
    const again = await client.post(`${API}/claim/${claimId(LEEDS)}`, details());
    expect(again.status).toBe(409);
  });

  it('submits an Integrated claim (processing)', async () => {
    const client = await demo();
    const res = await client.post<Claim>(
      `${API}/claim/${claimId(NORWICH)}`,
      details({ journey: { direction: 'inward' }, delay: { minutes: 65 } }),
    );
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('processing');
  });
});

/**
 * A refused submit as the claim form shows it: the answer read as the app's client reads it
 * (src/api/client.ts), kept by the chart as machines/delay-repay.ts does, worded by the form
 * (delay-repay-copy.ts submitErrorWords) in the page's locale (docs/quality/server-sentences.md).
 */
type Locale = ReturnType<typeof catalogueLocale>;
const baseLocale = catalogueLocale(null);
/** The catalogue's 17 locales: en-GB, the source, has no URL prefix (decision 210). */
const locales: Locale[] = [null, ...localePrefixes].map(catalogueLocale);
const refusalOnScreen = (status: number, body: unknown, claim: Claim & v.InferOutput<typeof ClaimSchema>) => {
  const { codes, detail } = readErrorBody(body);
  const problem = problemOf(new ApiError({ kind: 'http', status, codes, detail, body }));
  return (locale: Locale) => {
    // The catalogue answers in the page's locale, read from its path (src/i18n/url-locale.ts): a page
    // for as long as the form words the refusal.
    const global = globalThis as { window?: unknown };
    const path = locale === baseLocale ? '/my-account/delay-repay' : `/${locale}/my-account/delay-repay`;
    global.window = { location: { pathname: path } };
    try {
      const error = submitErrorFor(statusOf(problem), detail, codeOf(problem), refusedFieldOf(body));
      return { ...submitErrorWords(error, claim), field: error.field };
    } finally {
      delete global.window;
    }
  };
};

describe('refusals the customer can act on (409), in their language', () => {
  beforeAll(() => server.reset());

  const claimOf = async (client: ApiClient, key: string) =>
    v.parse(ClaimSchema, (await client.get(`${API}/claim/${claimId(key)}`)).body) as Claim &
      v.InferOutput<typeof ClaimSchema>;

  it('refuses a claim made on the train company’s own site (CLAIM_PUNCHOUT), naming the company, and changes nothing', async () => {
    const client = await demo();
    const claim = await claimOf(client, MAN_LDS);
    expect([claim.claimType, claim.status, claim.operator]).toEqual(['Punchout', 'eligible', 'TransPennine Express']);
    const res = await client.post(`${API}/claim/${claimId(MAN_LDS)}`, details({ delay: { minutes: 22 } }));
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      errors: [{ code: 'CLAIM_PUNCHOUT' }],
      detail: "This claim is made on TransPennine Express's website.",
    });
    expect(await claimStatus(client, MAN_LDS)).toBe('eligible');

    const words = refusalOnScreen(res.status, res.body, claim);
    for (const locale of locales) {
      const shown = words(locale);
      // A 409 is not the form's 422 "couldn't process": the general title, the catalogue's reason.
      expect(shown, locale).toEqual({
        title: m.delay_repay_problem({}, { locale }),
        detail: m.delay_repay_refusal_punchout({ operator: 'TransPennine Express' }, { locale }),
        field: null,
      });
      if (locale !== baseLocale && locale !== 'en-us') expect(shown.detail, locale).not.toBe((res.body as Err).detail);
    }
    expect(words('fr').detail).toBe('Cette demande se fait sur le site web de TransPennine Express.');
  });

  it('refuses a claim already made (CLAIM_NOT_OPEN), from the route and from the locked submit, and changes nothing', async () => {
    const client = await demo();
    // Made from another tab: the claim is submitted before this page sends its own.
    const first = await client.post(`${API}/claim/${claimId(LEEDS)}`, details());
    expect(first.status).toBe(200);
    const claim = await claimOf(client, LEEDS);
    expect(claim.status).toBe('submitted');
    const again = await client.post(`${API}/claim/${claimId(LEEDS)}`, details({ delay: { minutes: 40 } }));
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ errors: [{ code: 'CLAIM_NOT_OPEN' }], detail: 'This claim has already been made.' });
    expect((await client.get<Claim>(`${API}/claim/${claimId(LEEDS)}`)).body.submitted).toMatchObject({
      delay: { minutes: 34 },
    });

    // Made by another tab between this send's read of the claim and the booking row's lock
    // (server/domain/delay-repay-claims.ts submitClaim): the same answer as the route's, not the
    // lifecycle's DELAY_REPAY_CLAIMED that the other tab's claim causes, so the form reads the claim
    // again and shows its status (machines/delay-repay.ts isAlreadySubmitted).
    otherTab = (db) =>
      db.query(`update delay_repay_claims set status = 'processing', submitted_at = now() where id = $1`, [
        claimId(NORWICH),
      ]);
    const raced = await client.post(
      `${API}/claim/${claimId(NORWICH)}`,
      details({ journey: { direction: 'inward' }, delay: { minutes: 65 } }),
    );
    expect(otherTab).toBeNull();
    expect(raced.status).toBe(409);
    expect(raced.body).toEqual({ errors: [{ code: 'CLAIM_NOT_OPEN' }], detail: 'This claim has already been made.' });
    expect((await client.get<Claim>(`${API}/claim/${claimId(NORWICH)}`)).body).toMatchObject({
      status: 'processing',
      submitted: null,
    });

    const words = refusalOnScreen(again.status, again.body, claim);
    for (const locale of locales) {
      expect(words(locale), locale).toEqual({
        title: m.delay_repay_problem({}, { locale }),
        detail: m.delay_repay_refusal_not_open({}, { locale }),
        field: null,
      });
    }
    expect(words('de').detail).not.toBe('This claim has already been made.');
    expect(words('fr').detail).toBe('Cette demande a déjà été faite.');
  });
});

describe('a journey the booking does not have (400), in their language', () => {
  beforeAll(() => server.reset());

  it('refuses a return journey on a single (NO_RETURN_JOURNEY), naming the direction field and why, and changes nothing', async () => {
    const client = await demo();
    const claim = v.parse(ClaimSchema, (await client.get(`${API}/claim/${claimId(LEEDS)}`)).body) as Claim &
      v.InferOutput<typeof ClaimSchema>;
    // A single: the claim's journeys (a local extra) name the outward only; a host serving only the
    // spec's fields leaves them out, and the form offers the return too (decision 873).
    expect(claim.journeys?.map((j) => j.direction)).toEqual(['outward']);
    const res = await client.post(`${API}/claim/${claimId(LEEDS)}`, details({ journey: { direction: 'inward' } }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      errors: [{ code: 'NO_RETURN_JOURNEY', field: 'submitClaimDetails.journey.direction' }],
      detail: 'This booking has no return journey.',
    });
    expect(await claimStatus(client, LEEDS)).toBe('eligible');

    // docs/product/errors.md's sentence for a 400 stays the title; the reason goes on the direction.
    const words = refusalOnScreen(res.status, res.body, claim);
    for (const locale of locales) {
      expect(words(locale), locale).toEqual({
        title: m.delay_repay_problem({}, { locale }),
        detail: m.delay_repay_refusal_no_return({}, { locale }),
        field: 'direction',
      });
    }
    expect(words(baseLocale)).toEqual({
      title: 'There was a problem with your claim. Please check your details and try again.',
      detail: 'This booking has no return journey. Please choose the outward journey.',
      field: 'direction',
    });
    expect(words('fr').detail).toBe("Cette réservation n'a pas de trajet retour. Veuillez choisir le trajet aller.");

    // The outward journey, as the customer is told: the claim goes through.
    const sent = await client.post(`${API}/claim/${claimId(LEEDS)}`, details());
    expect(sent.status).toBe(200);
  });
});

describe('claim-token links', () => {
  beforeAll(() => server.reset());

  const exchange = async (client: ApiClient, token: string) =>
    client.post<{ session: string; flow: string; orderId: null; claimId: string }>(`${API}/user-flow-access`, {
      token,
      flow: 'claim',
    });

  it('exchanges the token for a session scoped to that one claim', async () => {
    const guestClaim = claimId(CLAIM_GUEST_KEY);
    expect(server.seeded.claimLinks).toEqual([
      { claimId: guestClaim, email: 'robin.hughes@example.com', token: DEMO_CLAIM_TOKEN },
    ]);
    const client = apiClient(server.origin);
    await client.init();
    const res = await exchange(client, DEMO_CLAIM_TOKEN);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ flow: 'order', orderId: null, claimId: guestClaim });
    client.flowId = `order.${res.body.session}`;
    const token = await client.get(`${API}/claim-token`);
    expect(token.body).toEqual({ claimId: guestClaim, customerRegistered: false });
    const claim = await client.get<Claim>(`${API}/claim/${guestClaim}`);
    expect(claim.body).toMatchObject({
      status: 'eligible',
      customerRegistered: false,
      compensationToCustomer: { amount: 27.4 },
    });

    // Scoped: not another claim, not the order's booking.
    expect((await client.get(`${API}/claim/${claimId(LEEDS)}`)).status).toBe(403);
    expect((await client.post(`${API}/claim/${claimId(LEEDS)}`, details())).status).toBe(403);
    expect((await client.get(`${API}/booking/${bookingIdOf(CLAIM_GUEST_KEY)}`)).status).toBe(403);
    expect(await claimStatus(await demo(), LEEDS)).toBe('eligible');

    const submitted = await client.post<Claim>(
      `${API}/claim/${guestClaim}`,
      details({ delay: { minutes: 63 }, paymentMethod: { type: 'rail-voucher' } }),
    );
    expect(submitted.status).toBe(200);
    expect(submitted.body.status).toBe('submitted');
  });

  it('refuses an unknown token (401) and claim-token without a claim session', async () => {
    const client = apiClient(server.origin);
    await client.init();
    expect((await exchange(client, 'not-a-real-claim-token')).status).toBe(401);
    expect((await client.get(`${API}/claim-token`)).status).toBe(401);
    const order = await client.post<{ session: string }>(`${API}/user-flow-access`, { token: DEMO_GUEST_TOKENS[0] });
    client.flowId = `order.${order.body.session}`;
    expect((await client.get(`${API}/claim-token`)).status).toBe(403);
    expect((await client.get(`${API}/claim/${claimId(CLAIM_GUEST_KEY)}`)).status).toBe(403);
    // Another order's guest token opens nothing either.
    client.flowId = null;
    expect((await client.get(`${API}/claim/${claimId(CLAIM_GUEST_KEY)}?token=${DEMO_GUEST_TOKENS[0]}`)).status).toBe(
      403,
    );
  });
});
