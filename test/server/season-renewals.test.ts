import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { stableId } from '#server/seed/context.ts';
import { WALLET_IDS } from '#server/seed/wallet.ts';
import { apiClient, signedInClient, startTestServer, type ApiClient, type TestServer } from '../helpers/server.ts';

/** A season ticket's automatic renewal, and the card it uses (decision 440). */

type Renewal = {
  bookingId: string;
  orderId: string;
  seasonKind: string;
  origin: string;
  destination: string;
  validUntil: string;
  isEnabled: boolean;
  cardId: string | null;
};
type ErrorsBody = { errors: { code: string }[] };

const DEMO = { email: 'demo@example.com', password: 'RailDemo!2026' };
// A customer with no season ticket (Sam has a monthly one whose start date can move: decision 790).
const NO_SEASON = { email: 'refunds@example.com', password: 'RailDemo!2026' };
const SAM = { email: 'sam.patel@example.com', password: 'RailDemo!2026' };
const API = '/my-account/api/customer';
const ANNUAL = stableId('booking', 'demo-season-annual-reading:0');
const WEEKLY_EXPIRED = stableId('booking', 'demo-season-weekly-cambridge:0');

let server: TestServer;
let client: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
});
beforeEach(async () => {
  await server.reset('demo');
  client = await signedInClient(server.origin, DEMO);
});
afterAll(async () => {
  await server?.close();
});

const renewals = async (c = client) => {
  const res = await c.get<{ renewals: Renewal[] }>(`${API}/season-renewals`);
  expect(res.status).toBe(200);
  return res.body.renewals;
};
const setRenewal = (bookingId: string, body: { isEnabled: boolean; cardId?: string | null }, c = client) =>
  c.post<Renewal & ErrorsBody>(`${API}/season-renewals/${bookingId}`, body);

describe('GET /customer/season-renewals', () => {
  it('lists the current season ticket with its renewal and card; an expired season is not renewable', async () => {
    expect(await renewals()).toEqual([
      {
        bookingId: ANNUAL,
        orderId: expect.any(String),
        seasonKind: 'annual',
        origin: 'Reading',
        destination: 'London Paddington',
        validUntil: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        isEnabled: true,
        cardId: WALLET_IDS.mastercard,
      },
    ]);
  });

  it('lists nothing for a customer without season tickets, and needs a session', async () => {
    expect(await renewals(await signedInClient(server.origin, NO_SEASON))).toEqual([]);
    const anon = apiClient(server.origin);
    await anon.init();
    expect((await anon.get(`${API}/season-renewals`)).status).toBe(401);
  });
});

describe('POST /customer/season-renewals/{bookingId}', () => {
  it('turns the renewal off, which lets the card that paid it be deleted', async () => {
    const refused = await client.post<ErrorsBody>(`${API}/delete-card`, { id: WALLET_IDS.mastercard });
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0]?.code).toBe('CARD_IN_USE');

    const off = await setRenewal(ANNUAL, { isEnabled: false });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ bookingId: ANNUAL, isEnabled: false, cardId: WALLET_IDS.mastercard });
    expect((await renewals())[0]).toMatchObject({ isEnabled: false, cardId: WALLET_IDS.mastercard });

    const deleted = await client.post(`${API}/delete-card`, { id: WALLET_IDS.mastercard });
    expect(deleted.status).toBe(200);
    // The turned-off renewal forgets the deleted card; turning it on again needs a card.
    expect((await renewals())[0]).toMatchObject({ isEnabled: false, cardId: null });
    const noCard = await setRenewal(ANNUAL, { isEnabled: true });
    expect(noCard.status).toBe(422);
    expect(noCard.body.errors[0]?.code).toBe('CARD_REQUIRED');
  });

  it('moves the renewal to another card, which frees the first one', async () => {
    const moved = await setRenewal(ANNUAL, { isEnabled: true, cardId: WALLET_IDS.visa });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ isEnabled: true, cardId: WALLET_IDS.visa });
    expect((await client.post(`${API}/delete-card`, { id: WALLET_IDS.mastercard })).status).toBe(200);
    const refused = await client.post<ErrorsBody>(`${API}/delete-card`, { id: WALLET_IDS.visa });
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0]?.code).toBe('CARD_IN_USE');
  });

  it("refuses an expired card, another customer's card and an unknown card", async () => {
    const expired = await setRenewal(ANNUAL, { isEnabled: true, cardId: WALLET_IDS.amex });
    expect(expired.status).toBe(422);
    expect(expired.body.errors[0]?.code).toBe('CARD_EXPIRED');
    expect((await setRenewal(ANNUAL, { isEnabled: true, cardId: 'nope' })).status).toBe(404);
    expect((await renewals())[0]).toMatchObject({ isEnabled: true, cardId: WALLET_IDS.mastercard });
  });

  it("refuses an ended season (409) and another customer's season (404)", async () => {
    const ended = await setRenewal(WEEKLY_EXPIRED, { isEnabled: true, cardId: WALLET_IDS.visa });
    expect(ended.status).toBe(409);
    expect(ended.body.errors[0]?.code).toBe('SEASON_NOT_RENEWABLE');
    const sam = await signedInClient(server.origin, SAM);
    const other = await setRenewal(ANNUAL, { isEnabled: false }, sam);
    expect(other.status).toBe(404);
    expect(other.body.errors[0]?.code).toBe('SEASON_NOT_FOUND');
    expect((await renewals())[0]).toMatchObject({ isEnabled: true });
  });

  it('checks its body, and needs CSRF and a session', async () => {
    expect((await client.post(`${API}/season-renewals/${ANNUAL}`, { isEnabled: 'no' })).status).toBe(400);
    expect((await client.post(`${API}/season-renewals/${ANNUAL}`, { isEnabled: false }, { csrf: 'none' })).status).toBe(
      403,
    );
    const anon = apiClient(server.origin);
    await anon.init();
    expect((await anon.post(`${API}/season-renewals/${ANNUAL}`, { isEnabled: false })).status).toBe(401);
  });
});
