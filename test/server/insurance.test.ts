import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingData } from '#server/domain/booking-data.ts';
import { ineligibility } from '#server/domain/insurance.ts';
import { DEMO_ACCOUNT, SECOND_ACCOUNT } from '#server/seed/accounts.ts';
import { insuranceProductId } from '#server/seed/insurance.ts';
import { bookingIdOf, stableId } from '#server/seed/context.ts';
import { signedInClient, startTestServer, type TestServer } from '../helpers/server.ts';

/** Flexible insurance: its rules and the eligibility and claim calls (server/api/insurance.ts). */
const API = '/my-account/api';
const orderId = (key: string) => stableId('order', key);
type Err = { errors: { code: string }[]; detail?: string };
const code = (body: unknown) => (body as Err).errors[0]?.code;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const demo = () => signedInClient(server.origin, DEMO_ACCOUNT);

describe('flexible insurance', () => {
  beforeAll(() => server.reset());
  const ESSENTIAL = 'demo-upcoming-euston-manchester';
  const TRIP = 'demo-upcoming-kingscross-york';
  const TRIPCOVER = 'demo-past-leeds-sheffield'; // delayed: its Delay Repay claim is open
  const DEPARTED = 'demo-past-more-rdg-bri';
  const path = (key: string) => `${API}/flexible-insurance/${orderId(key)}/${insuranceProductId(key)}`;
  type Eligibility = {
    claimId: string;
    orderId: string;
    insuranceProductId: string;
    isClaimable: boolean;
    reason?: string;
  };

  it('rules per kind: before departure any; after it Essential never, Trip 30 days, TripCover after disruption', () => {
    const at = (date: string) => ({ outward: { date }, inward: null }) as unknown as BookingData;
    const now = new Date('2026-03-01T12:00:00Z');
    const before = at('2026-03-02T09:00:00Z');
    const after = at('2026-02-20T09:00:00Z');
    const longAgo = at('2026-01-01T09:00:00Z');
    const rule = (kind: 'Essential' | 'Trip' | 'TripCover', data: BookingData, disrupted = false, claimed = false) =>
      ineligibility({ kind, data, disrupted, claimed }, now);
    expect(rule('Essential', before)).toBeNull();
    expect(rule('Essential', after)).toBe('DEPARTED');
    expect(rule('Trip', after)).toBeNull();
    expect(rule('Trip', longAgo)).toBe('COVER_ENDED');
    expect(rule('TripCover', after)).toBe('NOT_DISRUPTED');
    expect(rule('TripCover', after, true)).toBeNull();
    expect(rule('TripCover', before, false, true)).toBe('ALREADY_CLAIMED');
  });

  it('checks eligibility, then claims once; the booking shows the claim', async () => {
    const client = await demo();
    const res = await client.post<Eligibility>(`${path(ESSENTIAL)}/eligibility`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      orderId: orderId(ESSENTIAL),
      insuranceProductId: insuranceProductId(ESSENTIAL),
      isClaimable: true,
    });
    const claim = await client.post<{ reference: string }>(`${path(ESSENTIAL)}/${res.body.claimId}/claim`);
    expect(claim.status).toBe(200);
    expect(claim.body.reference).toMatch(/^INS-/);
    const detail = await client.get<{
      bookings: { insurance: { kind: string; claim: { reference: string } | null }[] }[];
    }>(`${API}/booking/${bookingIdOf(ESSENTIAL)}`);
    expect(detail.body.bookings[0]?.insurance[0]).toMatchObject({
      kind: 'Essential',
      claim: { reference: claim.body.reference },
    });
    const again = await client.post<Eligibility>(`${path(ESSENTIAL)}/eligibility`);
    expect(again.body).toMatchObject({ isClaimable: false, reason: 'ALREADY_CLAIMED' });
    expect((await client.post(`${path(ESSENTIAL)}/${res.body.claimId}/claim`)).status).toBe(409);
  });

  it('Trip before departure and TripCover after a delay are claimable; Essential after departure is not', async () => {
    const client = await demo();
    expect((await client.post<Eligibility>(`${path(TRIP)}/eligibility`)).body.isClaimable).toBe(true);
    expect((await client.post<Eligibility>(`${path(TRIPCOVER)}/eligibility`)).body.isClaimable).toBe(true);
    const refused = await client.post<Eligibility>(`${path(DEPARTED)}/eligibility`);
    expect(refused.body).toMatchObject({ isClaimable: false, reason: 'DEPARTED' });
    const claim = await client.post(`${path(DEPARTED)}/${refused.body.claimId}/claim`);
    expect(claim.status).toBe(422);
    expect(code(claim.body)).toBe('NOT_CLAIMABLE');
  });

  it('refuses another account (403), a product of another order (404), a claim id of another product (404), and no CSRF', async () => {
    const sam = await signedInClient(server.origin, SECOND_ACCOUNT);
    expect((await sam.post(`${path(TRIP)}/eligibility`)).status).toBe(403);
    const client = await demo();
    expect(
      (await client.post(`${API}/flexible-insurance/${orderId(TRIP)}/${insuranceProductId(TRIPCOVER)}/eligibility`))
        .status,
    ).toBe(404);
    const trip = await client.post<Eligibility>(`${path(TRIP)}/eligibility`);
    expect((await client.post(`${path(TRIPCOVER)}/${trip.body.claimId}/claim`)).status).toBe(404);
    expect((await sam.post(`${path(TRIP)}/${trip.body.claimId}/claim`)).status).toBe(403);
    expect((await client.post(`${path(TRIP)}/${trip.body.claimId}/claim`, undefined, { csrf: 'none' })).status).toBe(
      403,
    );
    const detail = await client.get<{ bookings: { insurance: { claim: unknown }[] }[] }>(
      `${API}/booking/${bookingIdOf(TRIP)}`,
    );
    expect(detail.body.bookings[0]?.insurance[0]?.claim).toBeNull();
  });
});
